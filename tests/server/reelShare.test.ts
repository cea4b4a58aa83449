import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../server/db/rows';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertUpload } from './uploadFixtures';

/** A reel's share address: given, rotated and taken back by staff; its public page with Open Graph video tags, or 404. */
describe.each(testDatabases)('sharing a reel on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;
  let clip: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { staticSite: true });
    ({ band, team } = await demoAccounts(t.db));
    const pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    clip = (
      await insertUpload(t.db, {
        accountId: band,
        pageId,
        approvedAt: nowIso(),
        mp4: `uploads/${band}/clip/video.mp4`,
        thumbnail: `uploads/${band}/clip/thumb.jpg`,
      })
    ).id;
    for (const email of ['owner@example.com', 'readonly@example.com']) cookies[email] = await signIn(t.app, email);
  });
  afterAll(async () => t?.close());

  const api = (email: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookies[email] }, ...(payload ? { payload } : {}) });
  const reelsOf = (account: string) => `/api/accounts/${account}/reels`;
  /** A reel of the band as a finished render leaves it (its outputs' keys written). */
  async function renderedReel(name = 'Encore'): Promise<string> {
    const made = await api('owner@example.com', 'POST', reelsOf(band), { name, clips: [clip] });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const keys = {
      verticalKey: `reels/${band}/${id}/vertical.mp4`,
      squareKey: `reels/${band}/${id}/square.mp4`,
      landscapeKey: `reels/${band}/${id}/landscape.mp4`,
    };
    await t.db
      .updateTable('reels')
      .set({ ...keys, status: 'done', progress: 100, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const pathOf = (shareUrl: string) => new URL(shareUrl).pathname;

  it('gives a reel a share address whose page plays it with Open Graph video tags, no sign-in needed', async () => {
    const id = await renderedReel('Summer <encore>');
    const shared = await api('owner@example.com', 'POST', `${reelsOf(band)}/${id}/share`);
    expect(shared.statusCode).toBe(200);
    const { shareUrl, urls } = shared.json();
    // What an action answers is the reel as its show reads it, signed addresses included.
    expect(urls).toMatchObject({ vertical: expect.stringContaining('vertical.mp4'), landscape: expect.stringContaining('landscape.mp4') });
    expect(shareUrl).toMatch(new RegExp(`^${t.config.baseUrl}/r/[A-Za-z0-9_-]{20,}$`));
    const page = await t.app.inject({ method: 'GET', url: pathOf(shareUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(page.body)?.[1];
    expect(meta('og:title')).toBe('Summer &lt;encore&gt; | The Midnight Owls');
    expect(meta('og:video')).toMatch(new RegExp(`^http.*landscape\\.mp4`));
    expect(meta('og:video:type')).toBe('video/mp4');
    expect([meta('og:video:width'), meta('og:video:height')]).toEqual(['1920', '1080']);
    expect(meta('og:image')).toMatch(/thumb\.jpg/);
    expect(page.body).toContain('<video');
  });

  it('rotates the address on a second share and takes it back on unshare: old addresses answer the 404 page', async () => {
    const id = await renderedReel();
    const first = pathOf((await api('owner@example.com', 'POST', `${reelsOf(band)}/${id}/share`)).json().shareUrl);
    const second = pathOf((await api('owner@example.com', 'POST', `${reelsOf(band)}/${id}/share`)).json().shareUrl);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    const unshared = await api('owner@example.com', 'POST', `${reelsOf(band)}/${id}/unshare`);
    expect(unshared.json()).toMatchObject({ shareUrl: null });
    const gone = await t.app.inject({ method: 'GET', url: second });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('not available');
    for (const url of ['/r/no-such-token', '/r/bad%20token!', '/r/a/b']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it("refuses to share a reel not rendered yet (409), a read-only member (403), another account's reel (404) and other plans (402)", async () => {
    const unrendered = (await api('owner@example.com', 'POST', reelsOf(band), { name: 'Soon', clips: [clip] })).json().id;
    const early = await api('owner@example.com', 'POST', `${reelsOf(band)}/${unrendered}/share`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Render the reel before sharing it');
    const id = await renderedReel();
    expect((await api('readonly@example.com', 'POST', `${reelsOf(band)}/${id}/share`)).statusCode).toBe(403);
    expect((await api('readonly@example.com', 'POST', `${reelsOf(band)}/${id}/unshare`)).statusCode).toBe(403);
    expect((await api('owner@example.com', 'POST', `${reelsOf(team)}/${id}/share`)).statusCode).toBe(404);
    await t.db.updateTable('accounts').set({ subscriptionPlan: 'free' }).where('id', '=', band).execute();
    try {
      const free = await api('owner@example.com', 'POST', `${reelsOf(band)}/${id}/share`);
      expect(free.statusCode).toBe(402);
      expect(free.json().errors).toEqual([{ path: 'upsell', message: 'reels' }]);
    } finally {
      await t.db.updateTable('accounts').set({ subscriptionPlan: 'pro' }).where('id', '=', band).execute();
    }
    expect((await api('owner@example.com', 'GET', `${reelsOf(band)}/${id}`)).json()).toMatchObject({ shareToken: null, shareUrl: null });
  });

  it('stops serving the page once a clip of the reel is hidden (its outputs are dropped)', async () => {
    const id = await renderedReel();
    const url = pathOf((await api('owner@example.com', 'POST', `${reelsOf(band)}/${id}/share`)).json().shareUrl);
    const hidden = await api('owner@example.com', 'POST', `/api/upload-videos/${clip}/hidden`);
    expect(hidden.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
