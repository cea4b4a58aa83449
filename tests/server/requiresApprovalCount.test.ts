import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage } from '../../server/services/pages';
import { newId } from '../../server/db/rows';
import { REQUIRES_APPROVAL_COUNT_CAP } from '#shared/domain/constants';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertUpload } from './uploadFixtures';

/**
 * The requires-approval count of Fan Uploads and Insights stops at its cap (a backlog of a
 * million would be read on every load): exact below it, the cap at and past it.
 */
describe.each(testDatabases)('the requires-approval count on $name', (kind) => {
  let t: TestApp;
  let team: string;
  let cookie: string;
  let waitingPage: string;
  let quietPage: string;

  const counts = async () => {
    const [videos, stats] = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/accounts/${team}/videos`, headers: { cookie } }),
      t.app.inject({ method: 'GET', url: `/api/account-stats/${team}`, headers: { cookie } }),
    ]);
    expect(videos.statusCode, videos.body).toBe(200);
    expect(stats.statusCode, stats.body).toBe(200);
    return { videos: videos.json().requiresApprovalCount as number, stats: stats.json().requiresApprovalCount as number };
  };

  /** `count` processed, unapproved uploads on the page that requires approval. */
  const addWaiting = async (count: number) => {
    const rows = Array.from({ length: count }, () => ({
      id: newId(),
      accountId: team,
      pageId: waitingPage,
      type: 'video' as const,
      status: 'processed' as const,
      encodingStatus: 'processed' as const,
      original: 'accounts/x/original.mov',
      isHidden: 0,
      isAllowed: 1,
      viewCount: 0,
      likeCount: 0,
      shareToken: newId(),
      tags: '[]',
      moderationStatus: 'processed' as const,
      moderationLabels: '[]',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 200)
      await t.db
        .insertInto('uploads')
        .values(rows.slice(start, start + 200))
        .execute();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ team } = await demoAccounts(t.db));
    waitingPage = (await createPage(t.db, team, 'Needs Approval')).id;
    quietPage = (await createPage(t.db, team, 'No Approval')).id;
    await t.db.updateTable('pages').set({ requireApproval: 1 }).where('id', '=', waitingPage).execute();
    cookie = await signIn(t.app, 'admin@example.com');
  });
  afterAll(async () => t?.close());

  it('counts exactly below the cap and only uploads that wait (processed, unapproved, on a page that asks)', async () => {
    const before = await counts();
    expect(before.videos).toBe(before.stats);
    await insertUpload(t.db, { accountId: team, pageId: quietPage });
    await insertUpload(t.db, { accountId: team, pageId: waitingPage, encodingStatus: 'pending' });
    await insertUpload(t.db, { accountId: team, pageId: waitingPage, approvedAt: new Date().toISOString() });
    await addWaiting(3);
    expect(await counts()).toEqual({ videos: before.videos + 3, stats: before.stats + 3 });
  });

  it('stops at the cap, so the console shows "1,000+"', async () => {
    await addWaiting(REQUIRES_APPROVAL_COUNT_CAP + 5);
    expect(await counts()).toEqual({ videos: REQUIRES_APPROVAL_COUNT_CAP, stats: REQUIRES_APPROVAL_COUNT_CAP });
    const filtered = await t.app.inject({ method: 'GET', url: `/api/accounts/${team}/videos?status=requires-approval`, headers: { cookie } });
    expect(filtered.json().requiresApprovalCount).toBe(REQUIRES_APPROVAL_COUNT_CAP);
  });
});
