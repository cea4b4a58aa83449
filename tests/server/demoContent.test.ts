import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../scripts/seed/content';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';

/** A stand-in for nsfwjs (its own tests run the real model): everything generated is benign. */
const benign = {
  name: 'test',
  flaggedLabels: new Set(['Porn', 'Hentai', 'Sexy']),
  classify: async () => [
    { name: 'Neutral', confidence: 0.97 },
    { name: 'Drawing', confidence: 0.02 },
  ],
};

/**
 * The demo's content (scripts/seed/content): what `npm run demo` shows and the end-to-end tests
 * of Fan Uploads, Fan Data and Insights rely on, read back through the API where it has one.
 */
describe.each(testDatabases)('the demo content on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;
  let owner = '';
  let platform = '';
  const lines: string[] = [];
  const list = async (account: string, query: string, who: 'owner' | 'platform' = 'owner') => {
    const url = who === 'owner' ? `/api/accounts/${account}/videos?limit=50&${query}` : `/api/upload-videos?accountId=${account}&limit=50&${query}`;
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: who === 'owner' ? owner : platform } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { id: string; [key: string]: unknown }[]; total: number; requiresApprovalCount: number };
  };
  const fileOf = (key: string) => path.join(t.dataDir, 'files', ...key.split('/'));

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band, team } = await demoAccounts(t.db));
    await seedDemoContent(t.app, { log: (line) => lines.push(line), moderation: benign });
    owner = await signIn(t.app, 'owner@example.com');
    platform = await signIn(t.app, 'admin@example.com');
  }, 600_000);
  afterAll(async () => t?.close());

  it('gives The Midnight Owls more than a grid page of uploads, videos and photos, and Harbor City FC a few videos', async () => {
    const all = await list(band, '');
    expect(all.total).toBeGreaterThan(48);
    expect((await list(band, 'type=image')).total).toBeGreaterThanOrEqual(10);
    // Filters are not on Harbor City FC's Free plan: the platform admin's list filters it.
    expect((await list(team, '')).total).toBeGreaterThanOrEqual(5);
    expect((await list(team, 'type=image', 'platform')).total).toBe(0);
    expect(lines.join('\n')).toMatch(/Demo content: \d+ fan uploads/);
  });

  it('has uploads in every state the badges show', async () => {
    const totals = async (status: string) => (await list(band, `status=${status}`)).total;
    expect(await totals('processed')).toBeGreaterThan(60);
    expect(await totals('pending')).toBe(2);
    expect(await totals('failed')).toBe(1);
    expect(await totals('hidden')).toBe(5);
    // Only platform admins filter by 'Content Flagged'.
    expect((await list(band, 'status=content-flagged', 'platform')).total).toBe(3);
    const waiting = await list(band, 'status=requires-approval');
    expect(waiting.total).toBe(12);
    expect(waiting.requiresApprovalCount).toBe(12);
    const rows = await t.db
      .selectFrom('uploads')
      .select(['moderationStatus', 'moderationLabels', 'encodingError', 'original'])
      .where('accountId', '=', band)
      .execute();
    expect(rows.filter((row) => row.moderationStatus === 'processing')).toHaveLength(1);
    expect(rows.filter((row) => row.moderationStatus === 'failed')).toHaveLength(1);
    const failed = rows.find((row) => row.encodingError)!;
    expect(failed.encodingError).toMatch(/incomplete/);
    expect(fs.existsSync(fileOf(failed.original))).toBe(true);
    const flagged = await list(band, 'status=content-flagged', 'platform');
    expect(flagged.data[0].uploadModerationJob).toMatchObject({
      status: 'processed',
      moderationLabels: [{ name: 'Sexy', confidence: 0.91 }, expect.anything(), expect.anything()],
    });
    // The pending uploads' jobs wait in the real queue.
    expect((await t.app.deps.queue.counts()).queued).toBe(2);
  });

  it('made every processed upload through the pipeline, each with files of its own', async () => {
    const rows = await t.db.selectFrom('uploads').selectAll().where('encodingStatus', '=', 'processed').execute();
    const keys = new Set<string>();
    for (const row of rows) {
      const candidates = JSON.parse(row.posterCandidates ?? '[]') as string[];
      // A clip's thumbnail is one of its poster candidates.
      if (row.type === 'video') expect(candidates).toContain(row.thumbnail);
      const own = [row.original, row.thumbnail, ...(row.type === 'video' ? [row.mp4, row.webm, ...candidates] : [row.image])];
      for (const key of own) {
        expect(key, `${row.id} ${row.type}`).toMatch(new RegExp(`^uploads/${row.accountId}/${row.id}/`));
        expect(fs.statSync(fileOf(key!)).size).toBeGreaterThan(0);
        keys.add(key!);
      }
    }
    // A video's original, mp4, webm and poster candidates (its thumbnail one of them), a photo's original, web copy and thumbnail; none shared.
    expect(keys.size).toBe(rows.reduce((sum, row) => sum + (row.type === 'video' ? 3 + JSON.parse(row.posterCandidates!).length : 3), 0));
    const rotated = rows.find((row) => row.original.endsWith('.mov'))!;
    expect(fs.readFileSync(fileOf(rotated.thumbnail!)).length).toBeGreaterThan(0);
  });

  it('shows no black, washed-out or flat poster: every clip has three to choose from, each showing something', async () => {
    const videos = await t.db
      .selectFrom('uploads')
      .select(['id', 'posterCandidates'])
      .where('encodingStatus', '=', 'processed')
      .where('type', '=', 'video')
      .execute();
    expect(videos.length).toBeGreaterThan(0);
    // Most clips are copies of a few generated ones: each picture is looked at once.
    const seen = new Set<string>();
    for (const video of videos) {
      const candidates = JSON.parse(video.posterCandidates ?? '[]') as string[];
      expect(candidates, video.id).toHaveLength(3);
      for (const key of candidates) {
        const bytes = fs.readFileSync(fileOf(key));
        const hash = createHash('sha256').update(bytes).digest('hex');
        if (seen.has(hash)) continue;
        seen.add(hash);
        const stats = await sharp(bytes).greyscale().stats();
        const [grey] = stats.channels;
        expect(
          [grey.mean > 24 && grey.mean < 235, grey.stdev > 10, stats.entropy > 2.5],
          `${key}: mean ${grey.mean}, stdev ${grey.stdev}, entropy ${stats.entropy}`,
        ).toEqual([true, true, true]);
      }
    }
  });

  it('has a submission with consent for every upload, a fan with two uploads, and the pages’ own choices', async () => {
    const uploads = await t.db.selectFrom('uploads').select('id').execute();
    const submissions = await t.db.selectFrom('submissions').selectAll().execute();
    expect(submissions.map((row) => row.uploadId).sort()).toEqual(uploads.map((row) => row.id).sort());
    const consents = await t.db.selectFrom('consentRecords').select('submissionId').execute();
    expect(consents).toHaveLength(submissions.length);
    const byEmail = new Map<string, number>();
    for (const row of submissions) byEmail.set(row.email!, (byEmail.get(row.email!) ?? 0) + 1);
    expect([...byEmail.values()].filter((n) => n === 2).length).toBeGreaterThanOrEqual(5);
    const summer = await t.db.selectFrom('pages').select('id').where('name', '=', 'Summer Tour 2026').executeTakeFirstOrThrow();
    const fromSummer = submissions.filter((row) => row.pageId === summer.id);
    expect(fromSummer.every((row) => ['Austin, TX', 'Denver, CO', 'Portland, OR', 'Chicago, IL', 'Nashville, TN'].includes(row.venueCity!))).toBe(true);
    expect(fromSummer.every((row) => row.firstName && row.email && row.country && row.city && row.state && row.song)).toBe(true);
    expect(fromSummer.some((row) => row.marketingConsent === 1) && fromSummer.some((row) => row.marketingConsent === 0)).toBe(true);
    expect(submissions.some((row) => row.artist)).toBe(true);
    expect(submissions.some((row) => row.dob)).toBe(true);
    expect(submissions.some((row) => row.phone && row.zip)).toBe(true);
    expect(new Set(submissions.map((row) => row.country)).size).toBeGreaterThan(5);
  });

  it('has 90 days of visits from many countries with returning visitors, clicks on configured links, and views and likes of shown uploads', async () => {
    const visits = await t.db.selectFrom('visits').select(['visitorId', 'country', 'createdAt']).where('accountId', '=', band).execute();
    const days = new Set(visits.map((row) => row.createdAt.slice(0, 10)));
    expect(days.size).toBe(90);
    expect(visits.every((row) => new Date(row.createdAt).getTime() <= Date.now())).toBe(true);
    expect(new Set(visits.map((row) => row.country).filter(Boolean)).size).toBeGreaterThanOrEqual(20);
    const unique = new Set(visits.map((row) => row.visitorId));
    expect(unique.size).toBeLessThan(visits.length / 2);
    const clicks = await t.db.selectFrom('linkClicks').select(['label', 'toUrl']).where('accountId', '=', band).execute();
    expect(new Set(clicks.map((row) => row.label))).toEqual(new Set(['Tour Dates', 'Merch', 'Listen', 'Newsletter', 'Instagram']));
    const uploads = await t.db.selectFrom('uploads').select(['id', 'viewCount', 'likeCount', 'isHidden', 'isAllowed']).execute();
    const views = await t.db.selectFrom('views').select('uploadId').execute();
    const likes = await t.db.selectFrom('likes').select('uploadId').execute();
    for (const upload of uploads) {
      expect(views.filter((row) => row.uploadId === upload.id)).toHaveLength(upload.viewCount);
      expect(likes.filter((row) => row.uploadId === upload.id)).toHaveLength(upload.likeCount);
      if (upload.isHidden || !upload.isAllowed) expect(upload.viewCount).toBe(0);
    }
    expect(views.length).toBeGreaterThan(1000);
  });

  it('adds nothing when the demo starts again', async () => {
    const count = async () =>
      Promise.all(
        (['uploads', 'submissions', 'visits', 'views'] as const).map(async (table) =>
          Number(
            (
              await t.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await count();
    await seedDemoContent(t.app, { log: () => {}, moderation: benign });
    expect(await count()).toEqual(before);
    // Nor after staff deleted every upload: the visits say the demo was made.
    await t.db.deleteFrom('uploads').execute();
    await seedDemoContent(t.app, { log: () => {}, moderation: benign });
    expect((await count())[0]).toBe(0);
  });
});
