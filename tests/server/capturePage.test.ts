import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturePagePayloadSchema, type CapturePagePayload } from '#shared/domain/schemas/capture';
import { PLAN_LIMITS } from '#shared/domain/plans';
import { createPage } from '../../server/services/pages';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

describe.each(testDatabases)('public capture page on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band, team } = await demoAccounts(t.db));
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = { 'user-agent': PHONE }) => t.app.inject({ method: 'GET', url, headers });
  const visits = async (pageId: string) =>
    Number(
      (
        await t.db
          .selectFrom('visits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('pageId', '=', pageId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Visits are written after the answer: wait for the count the test expects. */
  const waitForVisits = async (pageId: string, expected: number) => {
    for (let i = 0; i < 100 && (await visits(pageId)) < expected; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return visits(pageId);
  };

  it("answers an enabled demo page's branding, form, lists and limits", async () => {
    const response = await get('/api/public/pages/midnightowls/summertour2026');
    expect(response.statusCode).toBe(200);
    const payload: CapturePagePayload = capturePagePayloadSchema.parse(response.json());
    expect(payload.account.name).toBe('The Midnight Owls');
    expect(payload.page.title).toBe('Share your best moment from the show!');
    expect(payload.page.address).toBe('http://localhost:3000/p/midnightowls/summertour2026');
    expect(payload.form).toMatchObject({
      captureName: true,
      captureEmail: true,
      captureCountry: true,
      captureCityState: true,
      captureInstagram: true,
      captureMarketingConsent: true,
      captureDob: false,
    });
    expect(payload.form.venueCities).toEqual(['Austin, TX', 'Denver, CO', 'Portland, OR', 'Chicago, IL', 'Nashville, TN']);
    expect(payload.form.songs).toHaveLength(5);
    expect(payload.form.marketingConsent).toBe('I agree to receive marketing and promotional communications.');
    expect(payload.files.kinds).toEqual(['video', 'image']);
    expect(payload.files.video).toMatchObject({ maxBytes: 2 * 1024 ** 3, maxDurationSeconds: 600 });
    expect(payload.files.image?.maxBytes).toBe(25 * 1024 ** 2);
    expect(payload.upload).toEqual({
      endpoint: '/api/public/uploads',
      chunkSize: 50 * 1024 ** 2,
      honeypotField: 'website',
      token: expect.stringMatching(/^[\w-]{22}\.\d+\.[\w-]{32}$/),
    });
    // Each load gives this browser a token of its own.
    const again = capturePagePayloadSchema.parse((await get('/api/public/pages/midnightowls/summertour2026')).json());
    expect(again.upload.token).not.toBe(payload.upload.token);
    expect(payload.page.ad).toBeNull();
  });

  it('forces the country on with phone, and takes no photos on Free', async () => {
    const payload = (await get('/api/public/pages/harborcityfc/matchdaymoments')).json() as CapturePagePayload;
    expect(payload.form.capturePhone).toBe(true);
    expect(payload.form.captureCountry).toBe(true);
    expect(payload.files.kinds).toEqual(['video']);
    expect(payload.files.image).toBeNull();
  });

  it('answers each refusal with its reason code and message, and 404 for no such page', async () => {
    const refusal = async (url: string) => {
      const response = await get(url);
      const body = response.json() as { reason: string; message: string };
      return `${response.statusCode} ${body.reason} ${body.message}`;
    };
    expect(await refusal('/api/public/pages/midnightowls/nosuchpage')).toBe('404 page-not-found This page does not exist.');
    expect(await refusal('/api/public/pages/nobody/summertour2026')).toBe('404 page-not-found This page does not exist.');
    expect(await refusal('/api/public/pages/midnightowls/acousticsessions')).toBe('403 page-not-enabled This page is not available right now.');
    expect(await refusal('/api/public/pages/midnightowls/springtour2026')).toBe('403 page-not-enabled This page is not available right now.');
    expect(await refusal('/api/public/pages/midnightowls/albumlaunchparty')).toBe('403 page-not-enabled This page is not available right now.');
    expect(await refusal('/api/public/pages/granitepeak/seasonopener')).toBe('403 account-disabled This page is not available: the account is not active.');
    await t.db.updateTable('pages').set({ allowSubmissions: 0 }).where('accountId', '=', team).execute();
    expect(await refusal('/api/public/pages/harborcityfc/matchdaymoments')).toBe('403 page-closed This page is not accepting uploads right now.');
    await t.db.updateTable('pages').set({ allowSubmissions: 1 }).where('accountId', '=', team).execute();
    expect((await get('/api/public/pages/midnightowls/' + 'x'.repeat(51))).statusCode).toBe(400);
  });

  it('shows the ad and custom terms only when the plan has them', async () => {
    const page = await t.db.selectFrom('pages').select('id').where('accountId', '=', band).where('slug', '=', 'summertour2026').executeTakeFirstOrThrow();
    await t.db
      .updateTable('pages')
      .set({ adUrl: 'https://ads.example.com/x', adImage: 'http://localhost:3000/files/ad.png', customTerms: JSON.stringify(['I own this video']) })
      .where('id', '=', page.id)
      .execute();
    const pro = (await get('/api/public/pages/midnightowls/summertour2026')).json() as CapturePagePayload;
    expect(pro.page.ad).toBeNull();
    expect(pro.form.customTerms).toEqual(['I own this video']);
    await t.db
      .updateTable('accounts')
      .set({ planLimits: JSON.stringify(PLAN_LIMITS.enterprise) })
      .where('id', '=', band)
      .execute();
    const enterprise = (await get('/api/public/pages/midnightowls/summertour2026')).json() as CapturePagePayload;
    expect(enterprise.page.ad?.image).toBe('http://localhost:3000/files/ad.png');
    expect(enterprise.page.ad?.link?.url).toBe('https://ads.example.com/x');
    expect(enterprise.page.ad?.link?.href).toMatch(/^\/l\//);
    await t.db
      .updateTable('accounts')
      .set({ planLimits: JSON.stringify(PLAN_LIMITS.pro) })
      .where('id', '=', band)
      .execute();
    await t.db.updateTable('pages').set({ adUrl: null, adImage: null, customTerms: '[]' }).where('id', '=', page.id).execute();
  });

  it('records one visit per visitor and page in 30 minutes with a salted visitor key and no address; bots are not visits', async () => {
    // A page of its own, so no other test's visit lands in the counts.
    const page = await createPage(t.db, team, 'Visit Count');
    await t.db.updateTable('pages').set({ status: 'enabled' }).where('id', '=', page.id).execute();
    const url = `/api/public/pages/harborcityfc/${page.slug}`;
    const from = (address: string, headers: Record<string, string> = { 'user-agent': PHONE }) =>
      t.app.inject({ method: 'GET', url, headers, remoteAddress: address });
    await from('10.35.0.1', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    await from('10.35.0.1', { 'user-agent': 'facebookexternalhit/1.1' });
    // 120 loads from one address with changing user agents are one visitor: one visit.
    for (let i = 0; i < 120; i++) expect((await from('10.35.0.1', { 'user-agent': PHONE.replace('18_0', `18_${i}`) })).statusCode).toBe(200);
    expect(await waitForVisits(page.id, 1)).toBe(1);
    // Another address is another visitor; so is a browser that sends the token its page gave it.
    const first = (await from('10.35.0.2')).json() as CapturePagePayload;
    expect(await waitForVisits(page.id, 2)).toBe(2);
    const withToken = { 'user-agent': PHONE, 'x-capture-token': first.upload.token! };
    await from('10.35.0.2', withToken);
    expect(await waitForVisits(page.id, 3)).toBe(3);
    await from('10.35.0.2', withToken);
    // A forged token is no token: the address, already counted.
    await from('10.35.0.2', { 'user-agent': PHONE, 'x-capture-token': `${first.upload.token!.slice(0, -2)}xx` });
    await from('10.35.0.3');
    expect(await waitForVisits(page.id, 4)).toBe(4);
    const rows = await t.db.selectFrom('visits').selectAll().where('pageId', '=', page.id).execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => !JSON.stringify(row).includes('10.35.0.'))).toBe(true);

    // Half an hour later the same visitor is a visit again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31 * 60_000);
      await from('10.35.0.1');
      expect(await waitForVisits(page.id, 5)).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('limits page loads per address, generously: past the limit 429 with a message the page shows, other addresses unaffected', async () => {
    const limited = await createTestApp(kind, { config: { capture: { ...t.config.capture, pageLoadRateLimit: 5 } } });
    try {
      const load = (address: string) =>
        limited.app.inject({ method: 'GET', url: '/api/public/pages/midnightowls/summertour2026', headers: { 'user-agent': PHONE }, remoteAddress: address });
      for (let i = 0; i < 5; i++) expect((await load('10.36.0.1')).statusCode).toBe(200);
      const over = await load('10.36.0.1');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ reason: 'rate-limited', message: 'Too many attempts. Please wait a moment and try again.' });
      // IPv6 neighbours in one /64 are one address; another /64 is not.
      for (let i = 0; i < 5; i++) expect((await load(`2001:db8:35:1::${i + 1}`)).statusCode).toBe(200);
      expect((await load('2001:db8:35:1:ffff::9')).statusCode).toBe(429);
      expect((await load('2001:db8:35:2::1')).statusCode).toBe(200);
      expect((await load('10.36.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
    // The default is sized for a venue's crowd behind one address.
    expect(t.config.capture.pageLoadRateLimit).toBeGreaterThanOrEqual(1000);
  });

  it("counts the visits the page's script reports per browser: a crowd behind one address is many visitors, a reload is not", async () => {
    const page = await createPage(t.db, team, 'Venue Crowd');
    await t.db.updateTable('pages').set({ status: 'enabled' }).where('id', '=', page.id).execute();
    const venue = '10.36.0.1';
    const report = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/pages/harborcityfc/${page.slug}/visits`,
        headers: { 'user-agent': PHONE, ...headers },
        remoteAddress: venue,
      });
    // 25 phones behind the venue's address, each with the token its page gave it (every iPhone here sends the same user agent).
    const tokens: string[] = [];
    for (let i = 0; i < 25; i++)
      tokens.push(
        (
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/public/pages/harborcityfc/${page.slug}`,
              headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
              remoteAddress: venue,
            })
          ).json() as CapturePagePayload
        ).upload.token!,
      );
    for (const token of tokens) expect((await report({ 'x-capture-token': token })).statusCode).toBe(204);
    expect(await waitForVisits(page.id, 25)).toBe(25);
    // Reloads report again with the kept token: the same visitors.
    for (const token of tokens.slice(0, 5)) expect((await report({ 'x-capture-token': token })).statusCode).toBe(204);
    // A crawler's report is no visit; an unknown page is 404.
    expect((await report({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)', 'x-capture-token': tokens[0] })).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/public/pages/harborcityfc/no-such-page/visits', headers: { 'user-agent': PHONE } })).statusCode,
    ).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await visits(page.id)).toBe(25);
  });

  it("takes the visitor's country from the CDN's header only behind a trusted proxy, else from geoip", async () => {
    const proxied = await createTestApp(kind, { config: { trustProxy: true } });
    try {
      const page = await createPage(proxied.db, (await demoAccounts(proxied.db)).team, 'Countries');
      await proxied.db.updateTable('pages').set({ status: 'enabled' }).where('id', '=', page.id).execute();
      const url = `/api/public/pages/harborcityfc/${page.slug}`;
      await proxied.app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE, 'cf-ipcountry': 'de' } });
      // Behind the proxy the fan's address is the forwarded one: 8.8.8.8 is in the US by geoip-lite's data.
      await proxied.app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE, 'x-forwarded-for': '8.8.8.8' } });
      const countries = async () =>
        (await proxied.db.selectFrom('visits').select('country').where('pageId', '=', page.id).execute()).map((row) => row.country).sort();
      for (let i = 0; i < 100 && (await countries()).length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await countries()).toEqual(['DE', 'US']);
    } finally {
      await proxied.close();
    }
    // Without a trusted proxy the header is ignored (loopback has no country).
    const page = await createPage(t.db, team, 'No Proxy');
    await t.db.updateTable('pages').set({ status: 'enabled' }).where('id', '=', page.id).execute();
    await get(`/api/public/pages/harborcityfc/${page.slug}`, { 'user-agent': PHONE, 'cf-ipcountry': 'DE' });
    expect(await waitForVisits(page.id, 1)).toBe(1);
    expect((await t.db.selectFrom('visits').select('country').where('pageId', '=', page.id).executeTakeFirstOrThrow()).country).toBeNull();
  });

  it("redirects a link click to the account's own link and counts it; anything else is a 404", async () => {
    await t.db
      .updateTable('accounts')
      .set({
        links: JSON.stringify({
          primary: 'https://owls.example.com',
          header: [{ label: 'Tickets', link: 'https://tix.example.com/owls', type: 'external', primary: true }],
          footer: [{ label: 'Shop', link: 'https://shop.example.com', type: 'same' }],
        }),
      })
      .where('id', '=', band)
      .execute();
    const payload = (await get('/api/public/pages/midnightowls/summertour2026')).json() as CapturePagePayload;
    expect(payload.account.headerLinks).toMatchObject([{ label: 'Tickets', url: 'https://tix.example.com/owls', primary: true, type: 'external' }]);
    expect(payload.account.primaryLink?.url).toBe('https://owls.example.com');
    const tickets = payload.account.headerLinks[0];
    const click = await get(tickets.href);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://tix.example.com/owls');
    const clicks = await t.db.selectFrom('linkClicks').selectAll().where('accountId', '=', band).execute();
    expect(clicks).toMatchObject([{ label: 'Tickets', toUrl: 'https://tix.example.com/owls', pageId: payload.page.id }]);
    const shop = await get(payload.account.footerLinks[0].href);
    expect(shop.headers.location).toBe('https://shop.example.com');

    // A forged id, a link id of another page, or a link removed since: 404, nothing counted.
    const forged = tickets.id.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAA');
    expect((await get(`/l/${forged}`)).statusCode).toBe(404);
    expect((await get('/l/https%3A%2F%2Fevil.example.com')).statusCode).toBe(404);
    expect((await get('/l/nothing')).statusCode).toBe(404);
    await t.db
      .updateTable('accounts')
      .set({ links: JSON.stringify({ primary: '', header: [], footer: [] }) })
      .where('id', '=', band)
      .execute();
    expect((await get(tickets.href)).statusCode).toBe(404);
    expect(await t.db.selectFrom('linkClicks').selectAll().where('accountId', '=', band).execute()).toHaveLength(2);
  });
});
