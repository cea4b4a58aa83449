import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../server/config';
import { REFUSAL_MESSAGES } from '#shared/domain/capture';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';
import { createTestApp, testDatabases, type TestApp } from './helpers';
import { makeMedia } from './captureMedia';

/**
 * Public upload limits that stop strangers but let a crowd in: limits
 * per browser token, else per address (an IPv6 client's /64), keyed on the resolved page; a
 * wide per-address fence; ceilings on the declared bytes of uploads not yet submitted.
 */
const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };
const HARBOR = { accountSlug: 'harborcityfc', pageSlug: 'matchdaymoments' };
type Slugs = typeof OWLS;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const MB = 1024 * 1024;

describe.each(testDatabases)('capture upload limits on $name', (kind) => {
  const media = makeMedia();
  const defaults = loadConfig({} as NodeJS.ProcessEnv).capture;
  const apps: TestApp[] = [];
  const appWith = async (capture: Partial<Config['capture']> = {}) => {
    const made = await createTestApp(kind, { config: { capture: { ...defaults, ...capture } } });
    apps.push(made);
    return made;
  };
  afterAll(async () => {
    media.cleanup();
    await Promise.all(apps.map((made) => made.close()));
  });

  const b64 = (value: string) => Buffer.from(value).toString('base64');
  /** Calls of one fan's browser (an address, and the token its page load gave) on one app. */
  const fan = (t: TestApp, address: string, token?: string) => {
    const headers = (more: Record<string, string> = {}) => ({ 'user-agent': PHONE, ...(token ? { 'x-capture-token': token } : {}), ...more });
    return {
      /** POST creating a tus upload of `length` bytes: `status reason` and the upload's id. */
      async create(slugs: Slugs, length: number, filename = 'photo.png', filetype = 'image/png') {
        const metadata = `accountSlug ${b64(slugs.accountSlug)},pageSlug ${b64(slugs.pageSlug)},filename ${b64(filename)},filetype ${b64(filetype)}`;
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/public/uploads',
          remoteAddress: address,
          headers: headers({ 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': metadata }),
        });
        const body = response.body ? (JSON.parse(response.body) as { reason?: string; message: string }) : undefined;
        return { outcome: `${response.statusCode}${body?.reason ? ` ${body.reason}` : ''}`, body, id: response.headers.location?.split('/').pop() };
      },
      async send(id: string, bytes: Buffer) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/public/uploads/${id}`,
          remoteAddress: address,
          headers: headers({ 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
          payload: bytes,
        });
        expect(response.statusCode).toBe(204);
      },
      submit: (slugs: Slugs, body: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api/public/pages/${slugs.accountSlug}/${slugs.pageSlug}/submissions`,
          remoteAddress: address,
          headers: headers(),
          payload: body,
        }),
    };
  };
  /** A page load from an address: the token the page gives this browser. */
  const tokenFor = async (t: TestApp, address: string, slugs: Slugs = OWLS) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/pages/${slugs.accountSlug}/${slugs.pageSlug}`,
      remoteAddress: address,
      headers: { 'user-agent': PHONE },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as CapturePagePayload).upload.token!;
  };
  const owlsFields = (uploadId: string) => ({
    uploadId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    country: 'United States',
    city: 'Austin',
    state: 'TX',
    venueCity: 'Denver, CO',
    song: 'Hollow Moon',
  });
  const count = async (t: TestApp, table: 'uploads' | 'captureUploads') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let crowd: TestApp;
  beforeAll(async () => {
    crowd = await appWith();
  });

  it('lets 300 fans behind one address in with the default limits, each with the token of its own page load', async () => {
    const venue = '198.51.100.7';
    const before = await count(crowd, 'uploads');
    const refusals: string[] = [];
    // Five phones at a time, each through the whole path: page, tus creation and bytes, submission.
    for (let start = 0; start < 300; start += 5) {
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          const phone = fan(crowd, venue, await tokenFor(crowd, venue));
          const created = await phone.create(OWLS, media.png.length);
          if (created.outcome !== '201') return refusals.push(`create ${created.outcome}`);
          await phone.send(created.id!, media.png);
          const submitted = await phone.submit(OWLS, owlsFields(created.id!));
          if (submitted.statusCode !== 201) refusals.push(`submit ${submitted.statusCode} ${submitted.body}`);
        }),
      );
    }
    expect(refusals).toEqual([]);
    expect((await count(crowd, 'uploads')) - before).toBe(300);
    // The same crowd without tokens (an old page) is one client: the strict limits of one address.
    const oldPage = fan(crowd, '198.51.100.8');
    const outcomes: string[] = [];
    for (let i = 0; i < 4; i++) outcomes.push((await oldPage.create(OWLS, media.png.length)).outcome);
    expect(outcomes).toEqual(['201', '201', '201', '429 too-many-unfinished']);
  }, 240_000);

  it('counts finished uploads not yet submitted, per address and page, whatever the spelling of the slugs', async () => {
    const t = await appWith({ unfinishedPerAddress: 3, uploadRateLimit: 5 });
    const prober = fan(t, '203.0.113.9');
    const spellings = ['midnightowls', 'MidnightOwls', 'MIDNIGHTOWLS', 'midnightOWLS', 'MiDnIgHtOwLs', 'midnightowlS'].map((accountSlug) => ({
      ...OWLS,
      accountSlug,
    }));
    // Three uploads, finished and never submitted, under three spellings.
    for (const slugs of spellings.slice(0, 3)) {
      const created = await prober.create(slugs, media.png.length);
      expect(created.outcome).toBe('201');
      await prober.send(created.id!, media.png);
    }
    // The fourth is refused though none is unfinished; then the page's hourly limit, across spellings.
    const fourth = await prober.create(spellings[3], media.png.length);
    expect(fourth.outcome).toBe('429 too-many-unfinished');
    expect((await prober.create(spellings[4], media.png.length)).outcome).toBe('429 too-many-unfinished');
    const sixth = await prober.create(spellings[5], media.png.length);
    expect(sixth.outcome).toBe('429');
    expect(sixth.body?.message).toContain('Too many requests');
    expect(await count(t, 'captureUploads')).toBe(3);
    // A forged token, or one another page gave, is no token: still the address's limits.
    const harborToken = await tokenFor(t, '203.0.113.9', HARBOR);
    expect((await fan(t, '203.0.113.9', `${harborToken.slice(0, -4)}AAAA`).create(HARBOR, 1000, 'clip.mp4', 'video/mp4')).outcome).toBe(
      '429 too-many-unfinished',
    );
    expect((await fan(t, '203.0.113.9', harborToken).create(OWLS, 1000)).outcome).toBe('429');
    expect((await fan(t, '203.0.113.9', harborToken).create(HARBOR, 1000, 'clip.mp4', 'video/mp4')).outcome).toBe('201');
    // Submissions are counted per page the same way: 3 an hour here, whatever the spelling.
    const limited = await appWith({ submitRateLimit: 3 });
    const submitter = fan(limited, '203.0.113.10');
    for (const slugs of spellings.slice(0, 3)) expect((await submitter.submit(slugs, { uploadId: 'nothing' })).statusCode).toBe(400);
    expect((await submitter.submit(spellings[3], { uploadId: 'nothing' })).statusCode).toBe(429);
  });

  it('takes the neighbours of an IPv6 /64 for one client, and another /64 for another', async () => {
    const t = await appWith({ unfinishedPerAddress: 3 });
    const outcomes: string[] = [];
    for (const address of ['2001:db8:35:7::1', '2001:db8:35:7::2', '2001:db8:35:7:abcd:ef01:2345:6789', '2001:db8:35:7:ffff:ffff:ffff:fffe']) {
      outcomes.push((await fan(t, address).create(OWLS, 1000)).outcome);
    }
    expect(outcomes).toEqual(['201', '201', '201', '429 too-many-unfinished']);
    expect((await fan(t, '2001:db8:35:8::1').create(OWLS, 1000)).outcome).toBe('201');
    // An IPv4 address written as IPv6 is that IPv4 address.
    for (let i = 0; i < 3; i++) expect((await fan(t, '192.0.2.44').create(OWLS, 1000)).outcome).toBe('201');
    expect((await fan(t, '::ffff:192.0.2.44').create(OWLS, 1000)).outcome).toBe('429 too-many-unfinished');
  });

  it('stops one client minting tokens with the ceilings on unsubmitted bytes: 429 for an address and a page, 507 for the server', async () => {
    const t = await appWith({ unsubmittedBytesPerPage: 10 * MB, unsubmittedBytesTotal: 14 * MB });
    /** Page loads from an address, each giving a new token good for three uploads; each upload declares 1 MB and sends nothing. */
    const mint = async (address: string, uploads: number) => {
      const outcomes: string[] = [];
      for (let i = 0; outcomes.length < uploads; i++) {
        const minted = fan(t, address, await tokenFor(t, address));
        for (let j = 0; j < 3 && outcomes.length < uploads; j++) outcomes.push((await minted.create(OWLS, MB)).outcome);
      }
      return outcomes;
    };
    // One address holds at most half the page's ceiling, however many tokens it mints.
    const first = await mint('203.0.113.66', 9);
    expect(first.slice(0, 5)).toEqual(Array(5).fill('201'));
    expect(first.slice(5)).toEqual(Array(4).fill('429 page-busy'));
    // A fan behind another address still gets in; a second spammer fills the page's ceiling.
    expect((await fan(t, '198.51.100.20', await tokenFor(t, '198.51.100.20')).create(OWLS, MB)).outcome).toBe('201');
    const second = await mint('203.0.113.67', 6);
    expect(second).toEqual(['201', '201', '201', '201', '429 page-busy', '429 page-busy']);
    // Then a fan on that page is told to come back; a fan of another page gets in, until the server's ceiling.
    const refused = await fan(t, '198.51.100.20', await tokenFor(t, '198.51.100.20')).create(OWLS, 1000);
    expect(refused.outcome).toBe('429 page-busy');
    expect(refused.body?.message).toBe(REFUSAL_MESSAGES['page-busy']);
    const harbor = fan(t, '198.51.100.21', await tokenFor(t, '198.51.100.21', HARBOR));
    expect((await harbor.create(HARBOR, 3 * MB, 'clip.mp4', 'video/mp4')).outcome).toBe('201');
    const full = await harbor.create(HARBOR, 2 * MB, 'clip.mp4', 'video/mp4');
    expect(full.outcome).toBe('507 storage-full');
    expect(full.body?.message).toBe('We cannot take more uploads right now. Please try again later.');
    // Uploads whose time ran out no longer count.
    await t.db
      .updateTable('captureUploads')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await fan(t, '198.51.100.20', await tokenFor(t, '198.51.100.20')).create(OWLS, MB)).outcome).toBe('201');
  });

  it("gives the capture page's HTML a token of its own, which lets that browser's uploads count per browser; loads count with the API's", async () => {
    const t = await createTestApp(kind, { staticSite: true, config: { capture: { ...defaults, unfinishedPerAddress: 1, pageLoadRateLimit: 4 } } });
    apps.push(t);
    const address = '203.0.113.88';
    const html = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/p/midnightowls/summertour2026', remoteAddress: address, headers: { 'user-agent': PHONE } });
      const data = /<script type="application\/json" id="capture-data">(.*?)<\/script>/.exec(response.body)?.[1];
      return {
        status: response.statusCode,
        token: data ? (JSON.parse(data) as { payload?: CapturePagePayload }).payload?.upload.token : undefined,
        body: response.body,
      };
    };
    const [one, two] = [await html(), await html()];
    expect(one.token).toMatch(/^[\w-]{22}\.\d+\.[\w-]{32}$/);
    expect(two.token).not.toBe(one.token);
    // Two browsers behind one address, one upload each in flight: the address alone would take one.
    expect((await fan(t, address, one.token).create(OWLS, 1000)).outcome).toBe('201');
    expect((await fan(t, address, two.token).create(OWLS, 1000)).outcome).toBe('201');
    expect((await fan(t, address).create(OWLS, 1000)).outcome).toBe('201');
    expect((await fan(t, address).create(OWLS, 1000)).outcome).toBe('429 too-many-unfinished');
    // The page and its API answer count against one limit of loads per address.
    await tokenFor(t, address);
    await tokenFor(t, address);
    const over = await html();
    expect(over.status).toBe(429);
    expect(over.body).toContain(REFUSAL_MESSAGES['rate-limited']);
  });

  it('keeps a wide per-address fence on browsers with tokens', async () => {
    const t = await appWith({ addressRateLimit: 4 });
    const address = '203.0.113.77';
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) outcomes.push((await fan(t, address, await tokenFor(t, address)).create(OWLS, 1000)).outcome);
    expect(outcomes).toEqual(['201', '201', '201', '201', '429']);
    expect((await fan(t, '203.0.113.78', await tokenFor(t, '203.0.113.78')).create(OWLS, 1000)).outcome).toBe('201');
    // The defaults let a venue's crowd through.
    expect(defaults.addressRateLimit).toBeGreaterThanOrEqual(300);
  });
});
