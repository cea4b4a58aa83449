import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, lastLinkTo, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';

describe.each(testDatabases)('account users and invitations on $name', (kind) => {
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

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('lists the members with their role, searchable and sorted', async () => {
    const response = await call('GET', `/api/accounts/${band}/users?sort=email&order=asc`, owner);
    expect(response.statusCode).toBe(200);
    const { data, total } = response.json();
    expect(total).toBe(data.length);
    expect(data.map((u: { email: string }) => u.email)).toEqual([...data.map((u: { email: string }) => u.email)].sort());
    expect(data.find((u: { email: string }) => u.email === 'readonly@example.com').role).toBe('readonly');
    const searched = await call('GET', `/api/accounts/${band}/users?q=RITA`, owner);
    expect(searched.json().data.map((u: { email: string }) => u.email)).toEqual(['readonly@example.com']);
    const badSort = await call('GET', `/api/accounts/${band}/users?sort=password`, owner);
    expect(badSort.statusCode).toBe(400);
  });

  it('validates the invitation email at its 250-character limit and the role', async () => {
    const at250 = `${'a'.repeat(238)}@example.com`;
    expect(at250).toHaveLength(250);
    const ok = await call('POST', `/api/accounts/${band}/users`, owner, { email: at250 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().role).toBe('user');
    // Pending invitations count against the plan's users cap; free the seat again.
    await call('POST', `/api/accounts/${band}/invites/cancel`, owner, { email: at250 });
    const over = await call('POST', `/api/accounts/${band}/users`, owner, { email: `a${at250}` });
    expect(over.statusCode).toBe(400);
    expect(fieldErrors(over)).toContainEqual({ path: 'email', message: 'Must be 250 characters or less' });
    const badRole = await call('POST', `/api/accounts/${band}/users`, owner, { email: 'x@example.com', role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    const empty = await call('POST', `/api/accounts/${band}/users`, owner, { email: '' });
    expect(fieldErrors(empty)).toContainEqual({ path: 'email', message: 'Required' });
    const member = await call('POST', `/api/accounts/${band}/users`, owner, { email: 'user@example.com' });
    expect(member.statusCode).toBe(409);
  });

  it('lists, resends and cancels pending invitations', async () => {
    await call('POST', `/api/accounts/${band}/users`, owner, { email: 'guitar@example.com', role: 'admin' });
    const first = lastLinkTo(t.dataDir, 'guitar@example.com');
    const pending = await call('GET', `/api/accounts/${band}/invites`, owner);
    expect(pending.json().data).toContainEqual(expect.objectContaining({ email: 'guitar@example.com', role: 'admin' }));
    const resent = await call('POST', `/api/accounts/${band}/invites/resend`, owner, { email: 'guitar@example.com' });
    expect(resent.statusCode).toBe(200);
    const second = lastLinkTo(t.dataDir, 'guitar@example.com');
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/account-invitations/${first.split('/').pop()}` })).statusCode).toBe(404);
    const canceled = await call('POST', `/api/accounts/${band}/invites/cancel`, owner, { email: 'guitar@example.com' });
    expect(canceled.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/account-invitations/${second.split('/').pop()}` })).statusCode).toBe(404);
    const again = await call('POST', `/api/accounts/${band}/invites/cancel`, owner, { email: 'guitar@example.com' });
    expect(again.statusCode).toBe(404);
  });

  it('lists only pending, unexpired invitations, newest first, to every member, without their token', async () => {
    // The platform admin invites past the plan's cap, so the walk needs no free seats.
    const platform = await signIn(t.app, 'admin@example.com');
    for (const email of ['first.list@example.com', 'second.list@example.com', 'expired.list@example.com', 'canceled.list@example.com']) {
      expect((await call('POST', `/api/accounts/${band}/users`, platform, { email })).statusCode).toBe(201);
      // Distinct times, so newest first is one order.
      await t.db
        .updateTable('invites')
        .set({ createdAt: new Date(Date.now() - 60_000 + email.length * 1000).toISOString() })
        .where('email', '=', email)
        .execute();
    }
    await t.db.updateTable('invites').set({ expiresAt: '2020-01-01T00:00:00.000Z' }).where('email', '=', 'expired.list@example.com').execute();
    await call('POST', `/api/accounts/${band}/invites/cancel`, owner, { email: 'canceled.list@example.com' });
    const readonly = await signIn(t.app, 'readonly@example.com');
    const listed = await call('GET', `/api/accounts/${band}/invites`, readonly);
    expect(listed.statusCode).toBe(200);
    const { data, total } = listed.json() as { data: Record<string, string>[]; total: number };
    const ours = data.filter((invite) => invite.email.endsWith('.list@example.com'));
    expect(ours.map((invite) => invite.email)).toEqual(['second.list@example.com', 'first.list@example.com']);
    expect(total).toBe(data.length);
    expect(Object.keys(ours[0]).sort()).toEqual(['createdAt', 'email', 'expiresAt', 'id', 'role', 'updatedAt']);
    expect(ours[0]).toMatchObject({ role: 'user', expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const paged = await call('GET', `/api/accounts/${band}/invites?limit=1&page=2&order=desc`, readonly);
    expect(paged.json()).toMatchObject({ total, data: [{ email: data[1].email }] });
    expect((await call('GET', `/api/accounts/${band}/invites?sort=email`, readonly)).statusCode).toBe(400);
    // Listing is all it does: a pending invitation is not read, changed or deleted by id.
    expect((await call('DELETE', `/api/accounts/${band}/invites/${ours[0].id}`, owner)).statusCode).toBe(404);
    for (const email of ['first.list@example.com', 'second.list@example.com']) await call('POST', `/api/accounts/${band}/invites/cancel`, owner, { email });
  });

  it("answers the upgrade prompt past the free plan's single user, except for platform admins", async () => {
    await call('POST', `/api/auth/switch-account/${team}`, owner);
    const capped = await call('POST', `/api/accounts/${team}/users`, owner, { email: 'coach@example.com' });
    expect(capped.statusCode).toBe(402);
    expect(capped.json()).toMatchObject({
      message: 'Your plan allows 1 account user. Please upgrade your plan.',
      messageKey: 'app.server.planAllowsUsers',
      messageArgs: { smart_count: 1 },
    });
    expect(fieldErrors(capped)).toContainEqual({ path: 'upsell', message: 'invite_user' });
    const admin = await signIn(t.app, 'admin@example.com');
    const bypass = await call('POST', `/api/accounts/${team}/users`, admin, { email: 'coach@example.com' });
    expect(bypass.statusCode).toBe(201);
  });

  it('lets admins change roles and remove users, never themselves or the last owner', async () => {
    const users = (await call('GET', `/api/accounts/${band}/users?limit=50`, owner)).json().data as { id: string; email: string }[];
    const idOf = (email: string) => users.find((u) => u.email === email)!.id;
    const promoted = await call('PUT', `/api/accounts/${band}/users/${idOf('readonly@example.com')}`, owner, { role: 'admin' });
    expect(promoted.json().role).toBe('admin');
    const self = await call('PUT', `/api/accounts/${band}/users/${idOf('owner@example.com')}`, owner, { role: 'user' });
    expect(self.statusCode).toBe(403);
    const admin = await signIn(t.app, 'readonly@example.com');
    const toOwner = await call('PUT', `/api/accounts/${band}/users/${idOf('user@example.com')}`, admin, { role: 'owner' });
    expect(toOwner.statusCode).toBe(403);
    const demoteOwner = await call('PUT', `/api/accounts/${band}/users/${idOf('owner@example.com')}`, admin, { role: 'user' });
    expect(demoteOwner.statusCode).toBe(403);
    const platform = await signIn(t.app, 'admin@example.com');
    const lastOwner = await call('DELETE', `/api/accounts/${band}/users/${idOf('owner@example.com')}`, platform);
    expect(lastOwner.statusCode).toBe(409);
    const user = await signIn(t.app, 'user@example.com');
    const notAllowed = await call('DELETE', `/api/accounts/${band}/users/${idOf('readonly@example.com')}`, user);
    expect(notAllowed.statusCode).toBe(403);
    const removed = await call('DELETE', `/api/accounts/${band}/users/${idOf('user@example.com')}`, owner);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/api/accounts/${band}/users/${idOf('user@example.com')}`, owner)).statusCode).toBe(404);
  });

  it('refuses invitations for a disabled account', async () => {
    await t.db.updateTable('accounts').set({ status: 'disabled' }).where('id', '=', band).execute();
    const platform = await signIn(t.app, 'admin@example.com');
    const response = await call('POST', `/api/accounts/${band}/users`, platform, { email: 'late@example.com' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Account Not Active');
    await t.db.updateTable('accounts').set({ status: 'enabled' }).where('id', '=', band).execute();
  });
});
