import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/domain/plans';
import { createTestApp, demoAccounts, lastLinkTo, signIn, testDatabases, type TestApp } from './helpers';

describe.each(testDatabases)('platform accounts on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let band: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band } = await demoAccounts(t.db));
    admin = await signIn(t.app, 'admin@example.com');
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = admin) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const errors = (response: { json(): { errors: { path: string; message: string }[] } }) => response.json().errors;

  it('lists every account with counts, searched by name or slug, sorted and paged by the server', async () => {
    const all = await call('GET', '/api/accounts?sort=name&order=asc&limit=200');
    expect(all.statusCode).toBe(200);
    const owls = all.json().data.find((row: { slug: string }) => row.slug === 'midnightowls');
    expect(owls).toMatchObject({ name: 'The Midnight Owls', subscriptionPlan: 'pro', status: 'enabled' });
    expect(owls.pageCount).toBeGreaterThan(0);
    expect(owls.userCount).toBeGreaterThanOrEqual(5);
    const names = all.json().data.map((row: { name: string }) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const harbor = (await call('GET', '/api/accounts?q=HARBOR&sort=name&order=asc')).json().data.map((row: { name: string }) => row.name);
    expect(harbor).toEqual(['Harbor City FC', 'Neon Harbor Festival']);
    expect((await call('GET', '/api/accounts?q=granite&status=disabled')).json().data).toMatchObject([{ slug: 'granitepeak', status: 'disabled' }]);
    expect((await call('GET', '/api/accounts?q=granite&status=enabled')).json().total).toBe(0);
    expect((await call('GET', '/api/accounts?subscriptionPlan=enterprise')).json().data.map((row: { slug: string }) => row.slug)).toEqual(['neonharbor']);
    expect((await call('GET', '/api/accounts?q=midnightowls')).json().total).toBe(1);
    const paged = await call('GET', '/api/accounts?limit=1&page=2&sort=name&order=asc');
    expect(paged.json()).toMatchObject({ total: all.json().total, data: [{ name: all.json().data[1].name }] });
    const byUsers = (await call('GET', '/api/accounts?sort=userCount&order=desc')).json().data;
    expect(byUsers[0].userCount).toBeGreaterThanOrEqual(byUsers[byUsers.length - 1].userCount);
    expect((await call('GET', '/api/accounts?sort=password')).statusCode).toBe(400);
  });

  it('creates an account with a name of up to 25 and a unique slug of up to 50 letters and numbers', async () => {
    const missing = await call('POST', '/api/accounts', { name: '', slug: '' });
    expect(errors(missing)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required' },
        { path: 'slug', message: 'Required' },
      ]),
    );
    const tooLong = await call('POST', '/api/accounts', { name: 'N'.repeat(26), slug: 's'.repeat(51) });
    expect(errors(tooLong)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Must be 25 characters or less' },
        { path: 'slug', message: 'Must be 50 characters or less' },
      ]),
    );
    const spaced = await call('POST', '/api/accounts', { name: 'Spaced', slug: 'has space' });
    expect(spaced.statusCode).toBe(400);
    expect(errors(spaced)[0].path).toBe('slug');
    const created = await call('POST', '/api/accounts', { name: 'N'.repeat(25), slug: `S${'s'.repeat(49)}` });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ slug: 's'.repeat(50), status: 'enabled', subscriptionPlan: 'free', planLimits: PLAN_LIMITS.free, userCount: 0 });
    const again = await call('POST', '/api/accounts', { name: 'Copy', slug: 'MidnightOwls' });
    expect(again.statusCode).toBe(409);
    expect(errors(again)).toEqual([{ path: 'slug', message: 'This slug is already used by another account' }]);
  });

  it('invites the owner email as owner, who joins the new account from the mail link', async () => {
    const created = await call('POST', '/api/accounts', { name: 'Velvet Foxes', slug: 'velvetfoxes', subscriptionPlan: 'basic', ownerEmail: 'fox@example.com' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().planLimits).toEqual(PLAN_LIMITS.basic);
    const token = lastLinkTo(t.dataDir, 'fox@example.com').split('/account-invite/')[1];
    const described = await t.app.inject({ method: 'GET', url: `/api/auth/account-invitations/${token}` });
    expect(described.json()).toMatchObject({ account: { id: created.json().id, name: 'Velvet Foxes' }, role: 'owner', userExists: false });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/auth/account-invitations/${token}`,
      payload: { firstName: 'Fiona', lastName: 'Fox', password: 'secret1', agreeTerms: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ account: { name: 'Velvet Foxes' }, user: { role: 'owner' } });
    const badEmail = await call('POST', '/api/accounts', { name: 'X', slug: 'xacct', ownerEmail: 'not-an-email' });
    expect(errors(badEmail)).toEqual([{ path: 'ownerEmail', message: 'Must be a valid email' }]);
  });

  it('moves an account between plans, and its limits follow', async () => {
    const id = (await call('POST', '/api/accounts', { name: 'Plan Mover', slug: 'planmover' })).json().id;
    const moved = await call('PUT', `/api/accounts/${id}/plan`, { subscriptionPlan: 'enterprise' });
    expect(moved.json()).toMatchObject({ subscriptionPlan: 'enterprise', planLimits: PLAN_LIMITS.enterprise });
    expect((await call('PUT', `/api/accounts/${id}/plan`, { subscriptionPlan: 'platinum' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/accounts/nope/plan', { subscriptionPlan: 'pro' })).statusCode).toBe(404);
  });

  it('disables an account: its members lose it and cannot select it again until it is enabled', async () => {
    const team = (await demoAccounts(t.db)).team;
    const owner = await signIn(t.app, 'owner@example.com');
    expect((await call('POST', `/api/auth/switch-account/${team}`, undefined, owner)).statusCode).toBe(200);

    const disabled = await call('POST', `/api/accounts/${team}/disable`);
    expect(disabled.json()).toMatchObject({ status: 'disabled', enabled: false });
    expect((await call('POST', `/api/accounts/${team}/disable`)).statusCode).toBe(409);

    expect((await call('GET', '/api/auth/context', undefined, owner)).json().account).toBeNull();
    const choices = (await call('GET', '/api/users/me/accounts', undefined, owner)).json().data.map((row: { id: string }) => row.id);
    expect(choices).toEqual([band]);
    const refused = await call('POST', `/api/auth/switch-account/${team}`, undefined, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Account Not Active');
    expect((await call('GET', `/api/accounts/${team}/pages`, undefined, owner)).json().message).toBe('Account Not Active');
    // Platform admins still open it.
    expect((await call('GET', `/api/accounts/${team}`)).statusCode).toBe(200);

    expect((await call('POST', `/api/accounts/${team}/enable`)).json().status).toBe('enabled');
    expect((await call('POST', `/api/auth/switch-account/${team}`, undefined, owner)).statusCode).toBe(200);
  });

  it('answers 401 without a session and 403 to anyone but platform admins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts' })).statusCode).toBe(401);
    const owner = await signIn(t.app, 'owner@example.com');
    for (const [method, url, payload] of [
      ['GET', '/api/accounts', undefined],
      ['POST', '/api/accounts', { name: 'Mine', slug: 'mine' }],
      ['POST', `/api/accounts/${band}/disable`, undefined],
      ['PUT', `/api/accounts/${band}/plan`, { subscriptionPlan: 'enterprise' }],
    ] as const) {
      expect((await call(method, url, payload, owner)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
