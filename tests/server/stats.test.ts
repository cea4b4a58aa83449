import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createAccount } from '../../server/services/accountCreate';
import { createPage } from '../../server/services/pages';
import { recordVisit } from '../../server/services/captureEvents';
import { rollUpLinkClick, rollUpUpload } from '../../server/services/statsRollups';
import { rebuildAccountRollups } from '../../server/services/statsRebuild';
import { newId } from '../../server/db/rows';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertUpload } from './uploadFixtures';

/**
 * Insights over a small hand-made data set, in an account whose days are New York's
 * (UTC-5 in January): every number below is counted by hand from the events listed.
 *
 *   time (UTC)          NY day  page visitor country
 *   2026-01-10 04:30    01-09   P1   A       US      (the evening before in New York)
 *   2026-01-10 05:30    01-10   P1   A       US
 *   2026-01-10 15:00    01-10   P1   B       DE
 *   2026-01-11 12:00    01-11   P2   A       US
 *   2026-01-11 13:00    01-11   P2   C       -
 *   link clicks: Tickets (P1) twice on 01-10, Shop (P2) once on 01-11; one upload on P1 on 01-10.
 */
describe.each(testDatabases)('insights stats on $name', (kind) => {
  let t: TestApp;
  let cookie: string;
  let accountId: string;
  let p1: string;
  let p2: string;

  const get = async (path: string, query: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/account-stats/${accountId}${path}?${new URLSearchParams(query)}`, headers: { cookie } });
    return { status: response.statusCode, body: response.headers['content-type']?.toString().includes('json') ? response.json() : response.body };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    accountId = await createAccount(t.db, { name: 'Stats Band', slug: 'statsband', plan: 'pro' });
    await t.db.updateTable('accounts').set({ timeZone: 'America/New_York' }).where('id', '=', accountId).execute();
    const owner = await t.db.selectFrom('users').select('id').where('email', '=', 'owner@example.com').executeTakeFirstOrThrow();
    await addMember(t.db, accountId, owner.id, 'owner');
    p1 = (await createPage(t.db, accountId, 'Tour')).id;
    p2 = (await createPage(t.db, accountId, 'Festival')).id;
    const visits: Array<[string, string, string, string | null]> = [
      ['2026-01-10T04:30:00.000Z', p1, 'A', 'US'],
      ['2026-01-10T05:30:00.000Z', p1, 'A', 'US'],
      ['2026-01-10T15:00:00.000Z', p1, 'B', 'DE'],
      ['2026-01-11T12:00:00.000Z', p2, 'A', 'US'],
      ['2026-01-11T13:00:00.000Z', p2, 'C', null],
    ];
    for (const [createdAt, pageId, visitorId, country] of visits) await recordVisit(t.db, { accountId, pageId, visitorId, country, createdAt });
    const click = async (pageId: string, label: string, toUrl: string, createdAt: string) => {
      await t.db.insertInto('linkClicks').values({ id: newId(), accountId, pageId, label, toUrl, createdAt }).execute();
      await rollUpLinkClick(t.db, { accountId, pageId, label, toUrl, createdAt });
    };
    await click(p1, 'Tickets', 'https://tickets.example.com', '2026-01-10T16:00:00.000Z');
    await click(p1, 'Tickets', 'https://tickets.example.com', '2026-01-10T17:00:00.000Z');
    await click(p2, 'Shop', 'https://shop.example.com', '2026-01-11T16:00:00.000Z');
    const upload = await insertUpload(t.db, { accountId, pageId: p1, createdAt: '2026-01-10T20:00:00.000Z' });
    await rollUpUpload(t.db, { accountId, pageId: p1, createdAt: upload.createdAt });
    cookie = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => t?.close());

  it("counts a visitor once across the days of a range, on the account's days", async () => {
    const { status, body } = await get('', { startDate: '2026-01-09', endDate: '2026-01-11' });
    expect(status).toBe(200);
    expect(body.counts).toEqual({ totalVisitors: 5, uniqueVisitors: 3, totalUploads: 1, totalLinkClicks: 3 });
    expect(body.accountDailyVisits).toEqual([
      { date: '2026-01-09', count: 1 },
      { date: '2026-01-10', count: 2 },
      { date: '2026-01-11', count: 2 },
    ]);
    expect(body.accountDailyUploads.map((d: { count: number }) => d.count)).toEqual([0, 1, 0]);
    expect(body.visitorCountries).toEqual([
      { country: 'US', count: 3 },
      { country: 'DE', count: 1 },
    ]);
    expect(body.topLinkClicks).toEqual([
      { label: 'Tickets', toUrl: 'https://tickets.example.com', clicks: 2 },
      { label: 'Shop', toUrl: 'https://shop.example.com', clicks: 1 },
    ]);
    expect(body.range).toEqual({ startDate: '2026-01-09', endDate: '2026-01-11', timeZone: 'America/New_York', allTime: false });
  });

  it('compares with the previous period of the same length', async () => {
    const { body } = await get('', { startDate: '2026-01-10', endDate: '2026-01-11' });
    expect(body.counts).toEqual({ totalVisitors: 4, uniqueVisitors: 3, totalUploads: 1, totalLinkClicks: 3 });
    expect(body.previousRange).toEqual({ startDate: '2026-01-08', endDate: '2026-01-09' });
    expect(body.previousCounts).toEqual({ totalVisitors: 1, uniqueVisitors: 1, totalUploads: 0, totalLinkClicks: 0 });
    expect(body.change).toEqual({ totalVisitors: 300, uniqueVisitors: 200, totalUploads: null, totalLinkClicks: null });
  });

  it('filters by page', async () => {
    const { body } = await get('', { pageId: p1, startDate: '2026-01-09', endDate: '2026-01-11' });
    expect(body.counts).toEqual({ totalVisitors: 3, uniqueVisitors: 2, totalUploads: 1, totalLinkClicks: 2 });
    expect(body.topLinkClicks).toEqual([{ label: 'Tickets', toUrl: 'https://tickets.example.com', clicks: 2 }]);
    const pages = await get('/active-pages', { startDate: '2026-01-09', endDate: '2026-01-11' });
    expect(pages.body.pages.map((p: { name: string; visits: number }) => [p.name, p.visits])).toEqual([
      ['Tour', 3],
      ['Festival', 2],
    ]);
  });

  it('reads a range of whole months from the month roll-ups with the same numbers as the days', async () => {
    const month = { startDate: '2026-01-01', endDate: '2026-01-31' };
    const check = async () => {
      const { body } = await get('', month);
      expect(body.counts).toEqual({ totalVisitors: 5, uniqueVisitors: 3, totalUploads: 1, totalLinkClicks: 3 });
      expect(body.visitorCountries).toEqual([
        { country: 'US', count: 3 },
        { country: 'DE', count: 1 },
      ]);
      const page = await get('', { ...month, pageId: p1 });
      expect(page.body.counts).toEqual({ totalVisitors: 3, uniqueVisitors: 2, totalUploads: 1, totalLinkClicks: 2 });
      const pages = await get('/active-pages', month);
      expect(
        pages.body.pages.map((p: { name: string; visits: number; uploads: number; linkClicks: number }) => [p.name, p.visits, p.uploads, p.linkClicks]),
      ).toEqual([
        ['Tour', 3, 1, 2],
        ['Festival', 2, 0, 1],
      ]);
    };
    await check();
    // Kept as events arrive above; the same after a rebuild from the raw events.
    await rebuildAccountRollups(t.db, accountId);
    await check();
  });

  it('answers an empty range with zeros on every day and nothing listed', async () => {
    const { body } = await get('', { startDate: '2025-03-01', endDate: '2025-03-03' });
    expect(body.counts).toEqual({ totalVisitors: 0, uniqueVisitors: 0, totalUploads: 0, totalLinkClicks: 0 });
    expect(body.accountDailyVisits).toEqual(['2025-03-01', '2025-03-02', '2025-03-03'].map((date) => ({ date, count: 0 })));
    expect(body.visitorCountries).toEqual([]);
    expect(body.topLinkClicks).toEqual([]);
    expect(body.change.totalVisitors).toBeNull();
  });

  it('all time starts on the first day with data and has no previous period', async () => {
    const { body } = await get('');
    expect(body.range.allTime).toBe(true);
    expect(body.range.startDate).toBe('2026-01-09');
    expect(body.counts.totalVisitors).toBe(5);
    expect(body.previousCounts).toBeNull();
  });

  it('exports the daily rows of the filters as CSV', async () => {
    const { status, body } = await get('/export', { startDate: '2026-01-09', endDate: '2026-01-11' });
    expect(status).toBe(200);
    expect(String(body).trim().split('\r\n')).toEqual([
      'Date,Total Visitors,Unique Visitors,Fan Uploads,Links Clicked,Video Views',
      '2026-01-09,1,1,0,0,0',
      '2026-01-10,2,2,1,2,0',
      '2026-01-11,2,2,0,1,0',
    ]);
  });

  it('rebuilds the same roll-ups from the raw events, and moves day boundaries with the time zone', async () => {
    const before = await get('', { startDate: '2026-01-09', endDate: '2026-01-11' });
    await rebuildAccountRollups(t.db, accountId);
    const after = await get('', { startDate: '2026-01-09', endDate: '2026-01-11' });
    expect(after.body).toEqual(before.body);
    await t.db.updateTable('accounts').set({ timeZone: 'UTC' }).where('id', '=', accountId).execute();
    await rebuildAccountRollups(t.db, accountId);
    const utc = await get('', { startDate: '2026-01-09', endDate: '2026-01-11' });
    expect(utc.body.accountDailyVisits.map((d: { count: number }) => d.count)).toEqual([0, 3, 2]);
    expect(utc.body.counts.uniqueVisitors).toBe(3);
    await t.db.updateTable('accounts').set({ timeZone: 'America/New_York' }).where('id', '=', accountId).execute();
    await rebuildAccountRollups(t.db, accountId);
  });

  it("keeps today's roll-ups right while visits arrive concurrently", async () => {
    const createdAt = new Date().toISOString();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => recordVisit(t.db, { accountId, pageId: p2, visitorId: `concurrent-${i % 20}`, country: 'FR', createdAt })),
    );
    const { body } = await get('', { pageId: p2, startDate: '2026-01-01' });
    expect(body.counts.totalVisitors).toBe(32);
    // 20 new visitors plus A and C of January.
    expect(body.counts.uniqueVisitors).toBe(22);
    expect(body.visitorCountries).toContainEqual({ country: 'FR', count: 30 });
  });

  it('refuses filters on a plan without them and accepts the unfiltered view', async () => {
    const { team } = await demoAccounts(t.db);
    const filtered = await t.app.inject({ method: 'GET', url: `/api/account-stats/${team}?startDate=2026-01-01`, headers: { cookie } });
    expect(filtered.statusCode).toBe(402);
    expect(filtered.json().upsell ?? filtered.body).toContain('insight-filter');
    const plain = await t.app.inject({ method: 'GET', url: `/api/account-stats/${team}`, headers: { cookie } });
    expect(plain.statusCode).toBe(200);
  });

  it('refuses a page of another account and a range ending before it starts', async () => {
    const { band } = await demoAccounts(t.db);
    const other = await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow();
    expect((await get('', { pageId: other.id })).status).toBe(400);
    expect((await get('', { startDate: '2026-01-10', endDate: '2026-01-09' })).status).toBe(400);
  });

  it('answers the companion stats', async () => {
    const users = await get('/users');
    expect(users.body.byRole).toEqual([{ role: 'owner', count: 1 }]);
    const video = await get('/video-stats', { startDate: '2026-01-09', endDate: '2026-01-11' });
    expect(video.body.totalViews).toBe(0);
    expect(video.body.dailyViews).toHaveLength(3);
    expect((await get('/tags', { startDate: '2026-01-09', endDate: '2026-01-11' })).status).toBe(200);
    expect((await get('/dynamic-data', { startDate: '2026-01-09', endDate: '2026-01-11' })).status).toBe(200);
  });
});
