import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';
import { newId } from '../../server/db/rows';
import { up as lowerCasePageSlugs } from '../../server/db/migrations/20261123020000-LowerCasePageSlugs';

const settings = {
  name: 'Summer Tour',
  slug: 'summertour',
  title: 'Share your concert moments',
  requireApproval: false,
  allowSubmissions: true,
  captureEmail: true,
  captureName: true,
  captureCountry: false,
  captureCityState: false,
  captureZip: false,
  captureDob: false,
  capturePhone: false,
  captureInstagram: false,
  captureTiktok: false,
  captureVenueCity: false,
  venueCities: '',
  captureSongList: false,
  songList: '',
  captureArtist: false,
  artistList: '',
  captureMarketingConsent: false,
  marketingConsent: '',
  customTerms: [] as string[],
  adUrl: '',
};

describe.each(testDatabases)('pages on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let team: string;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band, team } = await demoAccounts(t.db));
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = owner) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const create = async (account: string, name: string) => (await call('POST', `/api/accounts/${account}/pages`, { name })).json();

  it('keeps slugs lower-case, so they are unique whatever their case', async () => {
    const a = await create(band, 'Case One');
    const b = await create(band, 'Case Two');
    const saved = await call('PUT', `/api/pages/${a.id}`, { ...settings, slug: 'CASETOUR' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().slug).toBe('casetour');
    expect(saved.json().address).toMatch(/\/casetour$/);
    const clash = await call('PUT', `/api/pages/${b.id}`, { ...settings, slug: 'CaseTour' });
    expect(clash.statusCode).toBe(400);
    expect(fieldErrors(clash)).toContainEqual({ path: 'slug', message: 'This slug is already used by another page' });
    expect((await call('PUT', `/api/pages/${a.id}`, { ...settings, slug: 'CaseTour' })).statusCode).toBe(200);
  });

  it('lower-cases existing slugs; of pages differing only by case, a lower-case slug stays and the others take numbers', async () => {
    const insert = async (accountId: string, slug: string, createdAt: string) => {
      const id = newId();
      await t.db
        .insertInto('pages')
        .values({ id, accountId, name: slug, slug, title: 't', createdAt, updatedAt: createdAt } as never)
        .execute();
      return id;
    };
    const oldest = await insert(band, 'MixedCase', '2020-01-01T00:00:00.000Z');
    const lower = await insert(band, 'mixedcase', '2020-01-02T00:00:00.000Z');
    const newest = await insert(band, 'MIXEDCASE', '2020-01-03T00:00:00.000Z');
    const numbered = await insert(band, 'MixedCase2', '2020-01-04T00:00:00.000Z');
    const alone = await insert(band, 'OnlyOne', '2020-01-05T00:00:00.000Z');
    const elsewhere = await insert(team, 'MixedCase', '2020-01-01T00:00:00.000Z');
    await lowerCasePageSlugs(t.db);
    const slugOf = async (id: string) => (await t.db.selectFrom('pages').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug;
    expect(await slugOf(lower)).toBe('mixedcase');
    expect(await slugOf(oldest)).toBe('mixedcase2');
    expect(await slugOf(newest)).toBe('mixedcase3');
    expect(await slugOf(numbered)).toBe('mixedcase22');
    expect(await slugOf(alone)).toBe('onlyone');
    expect(await slugOf(elsewhere)).toBe('mixedcase');
    const upper = await t.db.selectFrom('pages').select('slug').execute();
    expect(upper.filter((row) => row.slug !== row.slug.toLowerCase())).toEqual([]);
  });

  it('creates pages with a name of up to 100 characters and a unique slug, not enabled', async () => {
    const first = await call('POST', `/api/accounts/${band}/pages`, { name: 'A'.repeat(100) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'pending', title: 'Share your video with us!' });
    const tooLong = await call('POST', `/api/accounts/${band}/pages`, { name: 'A'.repeat(101) });
    expect(fieldErrors(tooLong)).toContainEqual({ path: 'name', message: 'Must be 100 characters or less' });
    const a = await create(band, 'Spring Tour!');
    const b = await create(band, 'Spring Tour');
    expect(a.slug).toBe('springtour');
    expect(b.slug).toBe('springtour2');
    expect(a.address).toBe('http://localhost:3000/p/midnightowls/springtour');
  });

  it('saves every capture option, forcing the country on with city/state or phone', async () => {
    const page = await create(band, 'Capture All');
    const saved = await call('PUT', `/api/pages/${page.id}`, {
      ...settings,
      slug: 'captureall',
      capturePhone: true,
      captureVenueCity: true,
      venueCities: 'Austin\nDenver',
      captureMarketingConsent: true,
      marketingConsent: 'I agree to receive marketing and promotional communications.',
      customTerms: ['I am over 18', 'I own this video', 'I accept the rules'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      captureCountry: true,
      capturePhone: true,
      venueCities: 'Austin\nDenver',
      customTerms: ['I am over 18', 'I own this video', 'I accept the rules'],
    });
    const reread = await call('GET', `/api/pages/${page.id}`);
    expect(reread.json().captureCountry).toBe(true);
  });

  it('applies the rules of section 5 at their limits', async () => {
    const page = await create(band, 'Rules');
    const put = (body: object) => call('PUT', `/api/pages/${page.id}`, { ...settings, slug: 'rules', ...body });
    expect((await put({ slug: 'a'.repeat(50) })).statusCode).toBe(200);
    expect(fieldErrors(await put({ slug: 'a'.repeat(51) }))).toContainEqual({ path: 'slug', message: 'Must be 50 characters or less' });
    expect(fieldErrors(await put({ slug: 'summer tour' }))).toContainEqual({ path: 'slug', message: 'Letters and numbers only, no spaces' });
    expect(fieldErrors(await put({ slug: 'summer-tour' }))).toContainEqual({ path: 'slug', message: 'Letters and numbers only, no spaces' });
    expect(fieldErrors(await put({ title: '' }))).toContainEqual({ path: 'title', message: 'Required' });
    const lists = await put({ captureSongList: true, captureArtist: true, captureVenueCity: true, captureMarketingConsent: true });
    expect(fieldErrors(lists)).toEqual(
      expect.arrayContaining(['songList', 'artistList', 'venueCities', 'marketingConsent'].map((path) => ({ path, message: 'Required' }))),
    );
    expect(fieldErrors(await put({ customTerms: ['a', 'b', 'c', 'd'] }))).toContainEqual({ path: 'customTerms', message: 'At most 3' });
    expect(fieldErrors(await put({ customTerms: [''] }))).toContainEqual({ path: 'customTerms.0', message: 'Required' });
    expect((await put({ unknown: true })).statusCode).toBe(400);
    const other = await create(band, 'Other');
    const clash = await call('PUT', `/api/pages/${other.id}`, { ...settings, slug: 'a'.repeat(50) });
    expect(fieldErrors(clash)).toContainEqual({ path: 'slug', message: 'This slug is already used by another page' });
    const teamPage = await create(team, 'Team');
    expect((await call('PUT', `/api/pages/${teamPage.id}`, { ...settings, slug: 'a'.repeat(50) })).statusCode).toBe(200);
  });

  it('clones every setting with a fresh slug, not enabled, and only within the account', async () => {
    const page = await create(band, 'Original');
    await call('PUT', `/api/pages/${page.id}`, { ...settings, name: 'Original', slug: 'original', captureSongList: true, songList: 'Night Flight\nOwl Song' });
    await call('POST', `/api/pages/${page.id}/enable`);
    const copy = await call('POST', `/api/accounts/${band}/pages`, { name: 'Copy', clonePageId: page.id });
    expect(copy.json()).toMatchObject({ status: 'pending', captureSongList: true, songList: 'Night Flight\nOwl Song', slug: 'copy' });
    const viaClone = await call('POST', `/api/pages/${page.id}/clone`, {});
    expect(viaClone.json()).toMatchObject({ name: 'Original (copy)', status: 'pending', songList: 'Night Flight\nOwl Song' });
    const teamPage = await create(team, 'Elsewhere');
    const foreign = await call('POST', `/api/accounts/${band}/pages`, { name: 'Steal', clonePageId: teamPage.id });
    expect(foreign.statusCode).toBe(404);
  });

  it('caps enabled pages by plan with the active_pages prompt; ads and terms need the plan', async () => {
    // The free plan allows one active page, and the demo's 'Match Day Moments' is it.
    const active = await call('GET', `/api/accounts/${team}/pages?status=enabled`);
    expect(active.json().total).toBe(1);
    const b = await create(team, 'Derby Day');
    const capped = await call('POST', `/api/pages/${b.id}/enable`);
    expect(capped.statusCode).toBe(402);
    expect(fieldErrors(capped)).toContainEqual({ path: 'upsell', message: 'active_pages' });
    const terms = await call('PUT', `/api/pages/${b.id}`, { ...settings, slug: 'derbyday', customTerms: ['Rule'] });
    expect(fieldErrors(terms)).toContainEqual({ path: 'upsell', message: 'custom_terms' });
    const ads = await call('PUT', `/api/pages/${b.id}`, { ...settings, slug: 'derbyday', adUrl: 'https://sponsor.example' });
    expect(fieldErrors(ads)).toContainEqual({ path: 'upsell', message: 'page_ads' });
    const admin = await signIn(t.app, 'admin@example.com');
    expect((await call('POST', `/api/pages/${b.id}/enable`, undefined, admin)).json().status).toBe('enabled');
    expect((await call('POST', `/api/pages/${b.id}/disable`)).json().status).toBe('disabled');
    expect((await call('POST', `/api/pages/${b.id}/disable`)).statusCode).toBe(409);
    expect((await call('POST', `/api/pages/${b.id}/archive`)).json().status).toBe('archived');
  });

  it('lets read-only members read but not change, and hides other accounts', async () => {
    const page = await create(band, 'Readable');
    const readonly = await signIn(t.app, 'readonly@example.com');
    expect((await call('GET', `/api/pages/${page.id}`, undefined, readonly)).statusCode).toBe(200);
    expect((await call('PUT', `/api/pages/${page.id}`, { ...settings, slug: 'readable' }, readonly)).statusCode).toBe(403);
    const teamPage = await create(team, 'Private');
    expect((await call('GET', `/api/pages/${teamPage.id}`, undefined, readonly)).statusCode).toBe(404);
    const list = await call('GET', `/api/accounts/${band}/pages?sort=name&order=asc&q=read`, undefined, readonly);
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Readable']);
    const lookup = await call('GET', `/api/accounts/${band}/pages/lookup`, undefined, readonly);
    expect(lookup.headers['cache-control']).toContain('max-age=30');
    expect(lookup.json()).toContainEqual({ id: page.id, name: 'Readable' });
  });
});
