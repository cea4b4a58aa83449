import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/users';
import { savedViews } from '../fixtures/resources/saved-views';
import { createTestApp, signIn, testDatabases, type TestApp } from './helpers';

/**
 * A user's own records (tests/fixtures/resources/saved-views.ts, scope 'user'): under
 * /api/users/me/<name>, whoever is signed in reads and writes theirs only, in no account, and
 * another user's record is not there for them. The product's own such resource is the accounts
 * one may switch to (GET /api/users/me/accounts).
 */
describe.each(testDatabases)("a user's own declared records (Saved views) on $name", (kind) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { resources: [savedViews] });
    // A user of no account at all still has their own records.
    await createUser(t.db, { email: 'loner@example.com', password: 'demo1234', emailVerified: true, status: 'enabled', firstName: 'Lo', lastName: 'Ner' });
    for (const email of ['owner@example.com', 'readonly@example.com', 'loner@example.com', 'admin@example.com']) cookies[email] = await signIn(t.app, email);
  });
  afterAll(async () => t?.close());

  const send = (email: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: email ? { cookie: cookies[email] } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  it("keeps each user's records to themselves, whatever their role or account", async () => {
    const created = await send('readonly@example.com', 'POST', '/api/users/me/saved-views', { name: 'Approved clips', query: 'status=approved' });
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({ name: 'Approved clips', query: 'status=approved' });
    expect(view).not.toHaveProperty('userId');
    expect((await send('loner@example.com', 'POST', '/api/users/me/saved-views', { name: 'Mine' })).statusCode).toBe(201);

    expect((await send('readonly@example.com', 'GET', '/api/users/me/saved-views')).json()).toMatchObject({ total: 1, data: [{ id: view.id }] });
    expect((await send('loner@example.com', 'GET', '/api/users/me/saved-views?q=mi')).json()).toMatchObject({ total: 1, data: [{ name: 'Mine' }] });
    // Another user's record is not there for them, platform admins included.
    for (const email of ['owner@example.com', 'admin@example.com', 'loner@example.com']) {
      expect((await send(email, 'GET', `/api/users/me/saved-views/${view.id}`)).statusCode).toBe(404);
      expect((await send(email, 'PUT', `/api/users/me/saved-views/${view.id}`, { name: 'Taken' })).statusCode).toBe(404);
      expect((await send(email, 'DELETE', `/api/users/me/saved-views/${view.id}`)).statusCode).toBe(404);
    }
    const saved = await send('readonly@example.com', 'PUT', `/api/users/me/saved-views/${view.id}`, { ...view, name: 'Approved' });
    expect(saved.json()).toMatchObject({ id: view.id, name: 'Approved' });
    expect((await send('readonly@example.com', 'DELETE', `/api/users/me/saved-views/${view.id}`)).statusCode).toBe(200);
    expect((await send('readonly@example.com', 'GET', '/api/users/me/saved-views')).json()).toMatchObject({ total: 0 });
  });

  it('refuses a missing session and bad input with the field to fix', async () => {
    expect((await send(undefined, 'GET', '/api/users/me/saved-views')).statusCode).toBe(401);
    expect((await send(undefined, 'POST', '/api/users/me/saved-views', { name: 'x' })).statusCode).toBe(401);
    const empty = await send('owner@example.com', 'POST', '/api/users/me/saved-views', { name: '' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('name');
    expect((await send('owner@example.com', 'POST', '/api/users/me/saved-views', { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await send('owner@example.com', 'POST', '/api/users/me/saved-views', { name: 'x', userId: 'someone-else' })).statusCode).toBe(400);
  });
});

describe.each(testDatabases)('the accounts one may switch to, a user resource of the product, on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it("answers a member's enabled accounts and every account to a platform admin, searched by name", async () => {
    const owner = await signIn(t.app, 'owner@example.com');
    const admin = await signIn(t.app, 'admin@example.com');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/users/me/accounts', headers: { cookie: owner } })).json();
    const every = (await t.app.inject({ method: 'GET', url: '/api/users/me/accounts', headers: { cookie: admin } })).json();
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((account: { role: string | null }) => account.role !== null)).toBe(true);
    expect(every.data.length).toBeGreaterThan(mine.data.length);
    const names = every.data.map((account: { name: string }) => account.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const owls = (await t.app.inject({ method: 'GET', url: '/api/users/me/accounts?q=OWLS', headers: { cookie: owner } })).json();
    expect(owls.data.map((account: { name: string }) => account.name)).toEqual(['The Midnight Owls']);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/accounts?q=' + 'x'.repeat(101), headers: { cookie: owner } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/accounts?limit=0', headers: { cookie: owner } })).statusCode).toBe(400);
  });
});
