import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/users';
import { addMember, createAccount } from '../../server/services/accountCreate';
import { createPage } from '../../server/services/pages';
import { setlists } from '../fixtures/resources/setlists';
import { venues } from '../fixtures/resources/venues';
import { createTestApp, demoAccounts, fieldErrors, signIn, testDatabases, type TestApp } from './helpers';

/**
 * A declared resource under a page (tests/fixtures/resources/setlists.ts, its migration, its strings
 * and one hook): its account is found through the page, a derived field comes with every read, and
 * its 'publish' record action is a route on one record and on many, with its own rule and a hook
 * that refuses a setlist without songs.
 */
describe.each(testDatabases)('a declared resource under a page (Setlists) on $name', (kind) => {
  let t: TestApp;
  let pageA: string;
  let pageB: string;
  let accountA: string;
  let accountB: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { resources: [venues, setlists] });
    const { band } = await demoAccounts(t.db);
    pageA = (await createPage(t.db, band, 'Setlist Night')).id;
    accountA = band;
    const elsewhere = await createAccount(t.db, { name: 'Elsewhere', slug: 'elsewhere' });
    pageB = (await createPage(t.db, elsewhere, 'Elsewhere Night')).id;
    accountB = elsewhere;
    const stranger = await createUser(t.db, {
      email: 'stranger@example.com',
      password: 'demo1234',
      emailVerified: true,
      status: 'enabled',
      firstName: 'Stra',
      lastName: 'Nger',
    });
    await addMember(t.db, elsewhere, stranger, 'owner');
    for (const email of ['owner@example.com', 'user@example.com', 'readonly@example.com', 'stranger@example.com']) cookies[email] = await signIn(t.app, email);
  });
  afterAll(async () => t?.close());

  const send = (email: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: cookies[email] }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (title: string, songs?: string) => (await send('user@example.com', 'POST', `/api/pages/${pageA}/setlists`, { title, songs })).json();

  it('lives under its page: created a draft with its derived song count, listed and read there', async () => {
    const created = await send('user@example.com', 'POST', `/api/pages/${pageA}/setlists`, { title: 'Austin', songs: 'Intro\n\nOwls at Noon\n' });
    expect(created.statusCode).toBe(201);
    const setlist = created.json();
    expect(setlist).toMatchObject({ title: 'Austin', status: 'draft', songCount: 2 });
    expect(setlist).not.toHaveProperty('pageId');
    expect((await send('readonly@example.com', 'GET', `/api/pages/${pageA}/setlists/${setlist.id}`)).json()).toEqual(setlist);
    const list = await send('readonly@example.com', 'GET', `/api/pages/${pageA}/setlists?q=aust`);
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: setlist.id, songCount: 2 }] });
  });

  it('takes its status from the action only: create and edit refuse it, an edit takes back the rest of what GET answered', async () => {
    expect((await send('user@example.com', 'POST', `/api/pages/${pageA}/setlists`, { title: 'Sneaky', status: 'published' })).statusCode).toBe(400);
    const setlist = await create('Dallas', 'One');
    const saved = await send('user@example.com', 'PUT', `/api/pages/${pageA}/setlists/${setlist.id}`, {
      ...setlist,
      title: 'Dallas II',
      songs: 'One\nTwo\nThree',
      status: 'published',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Dallas II', status: 'draft', songCount: 3 });
  });

  it('publishes a setlist with songs; the hook refuses one without, with the field to fix', async () => {
    const empty = await create('Houston');
    const refused = await send('owner@example.com', 'POST', `/api/pages/${pageA}/setlists/${empty.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toEqual([{ path: 'songs', message: 'Required' }]);
    expect((await send('owner@example.com', 'GET', `/api/pages/${pageA}/setlists/${empty.id}`)).json()).toMatchObject({ status: 'draft' });

    const full = await create('El Paso', 'Encore');
    const published = await send('owner@example.com', 'POST', `/api/pages/${pageA}/setlists/${full.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ id: full.id, status: 'published', songCount: 1 });
  });

  it('publishes many at once, all or none', async () => {
    const [one, two, songless] = [await create('Tulsa', 'A'), await create('Wichita', 'B'), await create('Omaha')];
    const bulk = (ids: string[]) => send('owner@example.com', 'POST', `/api/pages/${pageA}/setlists/publish`, { ids });
    expect((await bulk([one.id, songless.id])).statusCode).toBe(400);
    expect((await send('owner@example.com', 'GET', `/api/pages/${pageA}/setlists/${one.id}`)).json()).toMatchObject({ status: 'draft' });
    const done = await bulk([one.id, two.id]);
    expect(done.json()).toEqual({ ids: [one.id, two.id] });
    for (const id of [one.id, two.id])
      expect((await send('owner@example.com', 'GET', `/api/pages/${pageA}/setlists/${id}`)).json()).toMatchObject({ status: 'published' });
    expect((await bulk([])).statusCode).toBe(400);
    expect((await bulk(['no-such-setlist'])).statusCode).toBe(404);
  });

  it('keeps the action to the roles its rule names: users edit but do not publish, read-only members read only', async () => {
    const setlist = await create('Lubbock', 'Song');
    expect((await send('user@example.com', 'POST', `/api/pages/${pageA}/setlists/${setlist.id}/publish`)).statusCode).toBe(403);
    expect((await send('readonly@example.com', 'PUT', `/api/pages/${pageA}/setlists/${setlist.id}`, { title: 'No' })).statusCode).toBe(403);
    expect(t.app.permissions.canAccess({ type: 'user', role: 'admin' }, { resource: 'setlists', action: 'publish' })).toBe(true);
    expect(t.app.permissions.canAccess({ type: 'user', role: 'user' }, { resource: 'setlists', action: 'publish' })).toBe(false);
  });

  it('is not there for another account: its page answers 404, and a page of theirs does not reach ours', async () => {
    const setlist = await create('Amarillo', 'Song');
    expect((await send('stranger@example.com', 'GET', `/api/pages/${pageA}/setlists`)).statusCode).toBe(404);
    expect((await send('stranger@example.com', 'POST', `/api/pages/${pageA}/setlists/${setlist.id}/publish`)).statusCode).toBe(404);
    expect((await send('stranger@example.com', 'GET', `/api/pages/${pageB}/setlists/${setlist.id}`)).statusCode).toBe(404);
    expect((await send('stranger@example.com', 'GET', `/api/pages/no-such-page/setlists`)).json()).toMatchObject({ message: 'Page Not Found' });
  });

  it('is played at one of the account’s venues: chosen by id, embedded with its name, never another account’s', async () => {
    const venue = (await send('user@example.com', 'POST', `/api/accounts/${accountA}/venues`, { name: 'The Mohawk', city: 'Austin' })).json();
    const theirs = (await send('stranger@example.com', 'POST', `/api/accounts/${accountB}/venues`, { name: 'Their Hall', city: 'Reno' })).json();
    const created = await send('user@example.com', 'POST', `/api/pages/${pageA}/setlists`, { title: 'Mohawk night', venueId: venue.id });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ venueId: venue.id, venue: { id: venue.id, name: 'The Mohawk' } });
    for (const venueId of [theirs.id, 'no-such-venue', 42]) {
      const refused = await send('user@example.com', 'POST', `/api/pages/${pageA}/setlists`, { title: 'Sneaky', venueId });
      expect(refused.statusCode, String(venueId)).toBe(400);
      expect(refused.json().errors[0].path).toBe('venueId');
    }
    const setlist = created.json();
    const moved = await send('user@example.com', 'PUT', `/api/pages/${pageA}/setlists/${setlist.id}`, { ...setlist, venueId: theirs.id });
    expect(moved.json()).toMatchObject({ message: 'No such record in this account', errors: [{ path: 'venueId', message: 'No such record in this account' }] });
    const cleared = await send('user@example.com', 'PUT', `/api/pages/${pageA}/setlists/${setlist.id}`, { ...setlist, venueId: '' });
    expect(cleared.json()).toMatchObject({ venueId: null, venue: null });
  });

  it('keeps its tags in a join table: filtered by one tag, replaced by an edit, gone with the setlist', async () => {
    const encore = (await send('user@example.com', 'POST', `/api/pages/${pageA}/setlists`, { title: 'Tagged', tags: ['encore', 'acoustic', 'encore'] })).json();
    const other = (await send('user@example.com', 'POST', `/api/pages/${pageA}/setlists`, { title: 'Other', tags: ['acoustic'] })).json();
    expect(encore.tags).toEqual(['encore', 'acoustic', 'encore']);
    const tagged = async (tag: string) =>
      (await send('readonly@example.com', 'GET', `/api/pages/${pageA}/setlists?tags=${tag}`))
        .json()
        .data.map((row: { id: string }) => row.id)
        .sort();
    expect(await tagged('encore')).toEqual([encore.id]);
    expect(await tagged('acoustic')).toEqual([encore.id, other.id].sort());
    const saved = await send('user@example.com', 'PUT', `/api/pages/${pageA}/setlists/${encore.id}`, { ...encore, tags: ['finale'] });
    expect(saved.json()).toMatchObject({ tags: ['finale'] });
    expect(await tagged('encore')).toEqual([]);
    expect(await tagged('finale')).toEqual([encore.id]);
    // Another account's list does not answer our tags.
    expect((await send('stranger@example.com', 'GET', `/api/pages/${pageB}/setlists?tags=finale`)).json()).toMatchObject({ total: 0 });
    expect((await send('user@example.com', 'DELETE', `/api/pages/${pageA}/setlists/${encore.id}`)).statusCode).toBe(200);
    expect(await tagged('finale')).toEqual([]);
    expect((await send('user@example.com', 'POST', `/api/pages/${pageA}/setlists`, { title: 'Bad', tags: 'encore' })).statusCode).toBe(400);
    expect((await send('readonly@example.com', 'GET', `/api/pages/${pageA}/setlists?tags=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('describes the action and the bulk action in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    expect(Object.keys(paths['/api/pages/{id}/setlists/{setlistId}/publish'])).toEqual(['post']);
    expect(Object.keys(paths['/api/pages/{id}/setlists/publish'])).toEqual(['post']);
  });
});
