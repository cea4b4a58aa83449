import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { createPage } from '../../server/services/pages';
import { insertSubmission, insertUpload, type UploadInput } from './uploadFixtures';

/**
 * The public side of uploads: the wall's filter and order, cursor pages, likes once
 * per visitor, views once per visitor and day, the share page and its tags, the embeddable
 * wall, 404s, bad input, and that hiding, flagging or deleting removes an upload everywhere at once.
 */
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36';

describe.each(testDatabases)('public wall on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let approvalPageId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { staticSite: true });
    band = (await demoAccounts(t.db)).band;
    const pages = await t.db.selectFrom('pages').select(['id', 'slug']).where('accountId', '=', band).where('status', '=', 'enabled').execute();
    pageId = pages.find((p) => p.slug === 'summertour2026')!.id;
    approvalPageId = (await createPage(t.db, band, 'Approval Wall')).id;
    await t.db.updateTable('pages').set({ status: 'enabled' }).where('id', '=', approvalPageId).execute();
    await t.db.updateTable('pages').set({ requireApproval: 0, likingStatus: 'enabled' }).where('id', '=', pageId).execute();
    await t.db.updateTable('pages').set({ requireApproval: 1 }).where('id', '=', approvalPageId).execute();
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    vi.useRealTimers();
    await t.db.deleteFrom('uploads').where('accountId', '=', band).execute();
  });

  const slugsOf = async (id: string) => {
    const row = await t.db
      .selectFrom('pages')
      .innerJoin('accounts', 'accounts.id', 'pages.accountId')
      .select(['pages.slug', 'accounts.slug as accountSlug'])
      .where('pages.id', '=', id)
      .executeTakeFirstOrThrow();
    return `/api/public/pages/${row.accountSlug}/${row.slug}/wall`;
  };
  const upload = (input: Partial<UploadInput> = {}) =>
    insertUpload(t.db, { accountId: band, pageId, mp4: `accounts/${band}/u/video.mp4`, thumbnail: `accounts/${band}/u/thumb.jpg`, ...input });
  const wall = async (query = '', id = pageId) => t.app.inject({ method: 'GET', url: `${await slugsOf(id)}${query}`, headers: { 'user-agent': PHONE } });
  const wallIds = async (id = pageId) => ((await wall('', id)).json() as { data: { id: string }[] }).data.map((item) => item.id);
  const like = (id: string, agent = PHONE, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url: `/api/public/wall/${id}/like`, headers: { 'user-agent': agent } });
  const view = (id: string, agent = PHONE) => t.app.inject({ method: 'POST', url: `/api/public/wall/${id}/views`, headers: { 'user-agent': agent } });
  const share = (token: string) => t.app.inject({ method: 'GET', url: `/s/${token}`, headers: { 'user-agent': PHONE } });

  it('shows processed, visible, allowed uploads of the page, approved where required, newest first, and nothing about the fan', async () => {
    const older = await upload({ createdAt: '2026-05-01T10:00:00.000Z' });
    const newer = await upload({ createdAt: '2026-05-02T10:00:00.000Z', type: 'image', image: `accounts/${band}/u/photo.jpg`, thumbnail: null, mp4: null });
    await insertSubmission(t.db, {
      accountId: band,
      pageId,
      uploadId: older.id,
      email: 'secret.fan@example.com',
      firstName: 'Secretname',
      instagram: 'secrethandle',
    });
    await upload({ encodingStatus: 'pending' });
    await upload({ encodingStatus: 'failed' });
    await upload({ isHidden: 1 });
    await upload({ isAllowed: 0 });
    await upload({ moderationStatus: 'pending' });
    const approved = await upload({ pageId: approvalPageId, approvedAt: '2026-05-03T00:00:00.000Z' });
    await upload({ pageId: approvalPageId, approvedAt: null });

    const response = await wall();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    const body = response.json();
    expect(body.liking).toBe(true);
    expect(body.nextCursor).toBeNull();
    expect(body.data.map((item: { id: string }) => item.id)).toEqual([newer.id, older.id]);
    expect(body.data[1]).toMatchObject({
      type: 'video',
      mp4: expect.stringContaining('video.mp4'),
      image: expect.stringContaining('thumb.jpg'),
      shareLink: `http://localhost:3000/s/${older.shareToken}`,
    });
    expect(body.data[0]).toMatchObject({ type: 'image', mp4: null, image: expect.stringContaining('photo.jpg') });
    expect(response.body).not.toMatch(/secret|fan@example|Fan|Person/i);
    expect(await wallIds(approvalPageId)).toEqual([approved.id]);
  });

  it('pages with a cursor: every upload once, in order, then no next page', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await upload({ createdAt: '2026-05-01T10:00:00.000Z' }));
    const expected = made
      .map((u) => u.id)
      .sort()
      .reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 3; i += 1) {
      const page = (await wall(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json() as { data: { id: string }[]; nextCursor: string | null };
      seen.push(...page.data.map((item: { id: string }) => item.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(expected);
    expect(cursor).toBeNull();
  });

  it('refuses bad input with 400 and unknown pages and uploads with 404', async () => {
    for (const query of ['?cursor=!!!', '?cursor=bm90IGEgY3Vyc29y', '?limit=0', '?limit=49', '?limit=abc', '?page=2']) {
      const response = await wall(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors.length, query).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/public/pages/midnightowls/nosuchpage/wall' })).statusCode).toBe(404);
    expect((await like('no-such-upload')).statusCode).toBe(404);
    expect((await view('no-such-upload')).statusCode).toBe(404);
    expect((await like('x'.repeat(101))).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/public/wall/abc/like', payload: { x: 1 }, headers: { 'content-type': 'text/plain' } })).statusCode,
    ).toBe(415);
    await t.db.updateTable('pages').set({ status: 'disabled' }).where('id', '=', approvalPageId).execute();
    expect((await wall('', approvalPageId)).statusCode).toBe(403);
    await t.db.updateTable('pages').set({ status: 'enabled' }).where('id', '=', approvalPageId).execute();
  });

  it('counts one like per visitor, takes it back, and refuses likes where the page turned them off', async () => {
    const u = await upload();
    expect((await like(u.id)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like(u.id)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like(u.id, LAPTOP)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await like(u.id, LAPTOP, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
    expect((await like(u.id, LAPTOP, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
    const likes = await t.db.selectFrom('likes').selectAll().where('uploadId', '=', u.id).execute();
    expect(likes).toHaveLength(1);
    expect(likes[0].visitorId).not.toContain('127.0.0.1');
    const row = await t.db.selectFrom('uploads').select(['likeCount']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.likeCount).toBe(1);

    await t.db.updateTable('pages').set({ likingStatus: 'disabled' }).where('id', '=', pageId).execute();
    try {
      expect((await like(u.id, LAPTOP)).statusCode).toBe(403);
      expect((await wall()).json().liking).toBe(false);
    } finally {
      await t.db.updateTable('pages').set({ likingStatus: 'enabled' }).where('id', '=', pageId).execute();
    }
  });

  it('counts a view once per visitor and day; crawlers are not viewers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-01T23:59:00.000Z'));
    const u = await upload();
    expect((await view(u.id)).json()).toEqual({ counted: true, viewCount: 1 });
    expect((await view(u.id)).json()).toEqual({ counted: false, viewCount: 1 });
    expect((await view(u.id, LAPTOP)).json()).toEqual({ counted: true, viewCount: 2 });
    expect((await view(u.id, 'facebookexternalhit/1.1')).json()).toEqual({ counted: false, viewCount: 2 });
    vi.setSystemTime(new Date('2026-07-02T00:01:00.000Z'));
    expect((await view(u.id)).json()).toEqual({ counted: true, viewCount: 3 });
    expect(await t.db.selectFrom('views').select('id').where('uploadId', '=', u.id).execute()).toHaveLength(3);
    expect((await wall()).json().data[0].viewCount).toBe(3);
    // Insights' roll-ups count the views as they arrive (no rebuild needed).
    const rolled = await t.db
      .selectFrom('statsUploadViews')
      .select((eb) => eb.fn.sum<number>('views').as('views'))
      .where('uploadId', '=', u.id)
      .executeTakeFirst();
    expect(Number(rolled?.views)).toBe(3);
  });

  it('writes the share page with Open Graph video tags, the player frameable, and 404 for anything else', async () => {
    await t.db.updateTable('accounts').set({ primaryColor: '#ffcc00' }).where('id', '=', band).execute();
    const u = await upload();
    const response = await share(u.shareToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<meta property="og:type" content="video.other" />');
    expect(html).toContain(`<meta property="og:video" content="http://localhost:3000/files/accounts/${band}/u/video.mp4" />`);
    expect(html).toContain('<meta property="og:video:type" content="video/mp4" />');
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000/files/accounts/${band}/u/thumb.jpg" />`);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/s/${u.shareToken}" />`);
    expect(html).toContain('<meta name="twitter:card" content="player" />');
    expect(html).toContain(`<meta name="twitter:player" content="http://localhost:3000/s/${u.shareToken}/player" />`);
    expect(html).toContain('The Midnight Owls');
    expect(html).toContain('--primary:#ffcc00');
    expect(html).toMatch(/<video[^>]+poster="[^"]*thumb.jpg"/);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");

    const player = await t.app.inject({ method: 'GET', url: `/s/${u.shareToken}/player` });
    expect(player.statusCode).toBe(200);
    expect(player.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(player.headers['x-frame-options']).toBeUndefined();

    for (const token of ['nosuchtoken', 'a%20b', 'x'.repeat(101)]) {
      const missing = await share(token);
      expect(missing.statusCode, token).toBe(404);
      expect(missing.body).toContain('Page not found');
      expect(missing.body).not.toContain('og:video');
    }
    const unapproved = await upload({ pageId: approvalPageId });
    expect((await share(unapproved.shareToken)).statusCode).toBe(404);
  });

  it('serves the embeddable wall framable by any site, and only that route', async () => {
    const embed = await t.app.inject({ method: 'GET', url: '/p/midnightowls/summertour2026/wall' });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.body).toContain('"kind":"wall","accountSlug":"midnightowls","pageSlug":"summertour2026"');
    const capture = await t.app.inject({ method: 'GET', url: '/p/midnightowls/summertour2026' });
    expect(capture.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(capture.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await t.app.inject({ method: 'GET', url: '/p/midnightowls/nosuchpage/wall' })).statusCode).toBe(404);
  });

  it('removes an upload from the wall, the share page, likes and views at once when hidden, flagged or deleted', async () => {
    const cookie = await signIn(t.app, 'owner@example.com');
    const admin = await signIn(t.app, 'admin@example.com');
    const [a, b, c] = [await upload(), await upload(), await upload()];
    expect(await wallIds()).toEqual([c.id, b.id, a.id]);
    for (const u of [a, b, c]) expect((await share(u.shareToken)).statusCode).toBe(200);

    const hide = await t.app.inject({ method: 'POST', url: `/api/upload-videos/${a.id}/hidden`, headers: { cookie } });
    expect(hide.statusCode).toBe(200);
    await t.db.updateTable('uploads').set({ isAllowed: 0 }).where('id', '=', b.id).execute();
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/upload-videos/${c.id}`, headers: { cookie } });
    expect(remove.statusCode).toBeLessThan(300);

    expect(await wallIds()).toEqual([]);
    for (const u of [a, b, c]) {
      expect((await share(u.shareToken)).statusCode).toBe(404);
      expect((await like(u.id)).statusCode).toBe(404);
      expect((await view(u.id)).statusCode).toBe(404);
    }
    // A platform admin allows the flagged one: back at once.
    const allow = await t.app.inject({ method: 'POST', url: `/api/upload-videos/${b.id}/moderation-approve`, headers: { cookie: admin } });
    expect(allow.statusCode).toBe(200);
    expect(await wallIds()).toEqual([b.id]);
  });
});
