import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, DEMO_PASSWORD, lastLinkTo, signIn, testDatabases, type TestApp } from './helpers';
import { createInvitation } from '../../server/services/invitations';

const LIMIT = 10;
const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.statusCode]: (counts[r.statusCode] ?? 0) + 1 }), {});

/**
 * After a concurrent burst: at most LIMIT passwords were checked (`checked`), the rest refused.
 * Racing requests may refuse more than needed (each sees the others' reservations), never fewer;
 * so more wrong guesses one by one are checked up to the limit exactly, then even the right
 * password is refused.
 */
async function expectLockedAfterBurst(
  counts: Record<number, number>,
  checked: number,
  total: number,
  wrong: () => Promise<{ statusCode: number }>,
  right: () => Promise<{ statusCode: number; json: () => { message: string } }>,
  wrongStatus: number,
) {
  expect(checked).toBeLessThanOrEqual(LIMIT);
  expect(counts[429] ?? 0).toBe(total - checked);
  const failures = counts[wrongStatus] ?? 0;
  for (let i = failures; i < LIMIT; i++) expect((await wrong()).statusCode).toBe(wrongStatus);
  expect((await wrong()).statusCode).toBe(429);
  const refused = await right();
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
}

describe.each(testDatabases)('password checks throttled under concurrency on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { loginRateLimit: LIMIT } });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, ip: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: cookie ? { cookie } : {} });

  it('50 concurrent wrong sign-ins plus a right one: no more than the limit are checked, no success after it', async () => {
    const ip = '10.20.0.1';
    const wrong = Array.from({ length: 50 }, () => post('/api/auth', { email: 'user@example.com', password: 'wrong-guess' }, ip));
    const right = post('/api/auth', { email: 'user@example.com', password: DEMO_PASSWORD }, ip);
    const responses = await Promise.all([...wrong, right]);
    const counts = statuses(responses);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(1);
    await expectLockedAfterBurst(
      counts,
      (counts[401] ?? 0) + (counts[200] ?? 0),
      51,
      () => post('/api/auth', { email: 'user@example.com', password: 'wrong-guess' }, ip),
      () => post('/api/auth', { email: 'user@example.com', password: DEMO_PASSWORD }, ip),
      401,
    );
  });

  it('counts concurrent wrong passwords on send-verify-email', async () => {
    const ip = '10.20.0.2';
    const send = (password: string) => post('/api/auth/send-verify-email', { email: 'readonly@example.com', password }, ip);
    // 15, not more: the route's own limit per address (30) must not be what refuses.
    const counts = statuses(await Promise.all(Array.from({ length: 15 }, () => send('wrong-guess'))));
    await expectLockedAfterBurst(
      counts,
      counts[401] ?? 0,
      15,
      () => send('wrong-guess'),
      () => send(DEMO_PASSWORD),
      401,
    );
  });

  it('counts concurrent wrong current passwords on POST /api/users/me/password', async () => {
    const ip = '10.20.0.3';
    const cookie = await signIn(t.app, 'sam@example.com');
    const change = (currentPassword: string) => post('/api/users/me/password', { currentPassword, password: 'new-password' }, ip, cookie);
    const counts = statuses(await Promise.all(Array.from({ length: 25 }, () => change('wrong-guess'))));
    await expectLockedAfterBurst(
      counts,
      counts[400] ?? 0,
      25,
      () => change('wrong-guess'),
      () => change(DEMO_PASSWORD),
      400,
    );
  });

  it('counts concurrent wrong passwords when accepting an invitation', async () => {
    const { team } = await demoAccounts(t.db);
    const owner = await t.db.selectFrom('users').selectAll().where('email', '=', 'owner@example.com').executeTakeFirstOrThrow();
    await createInvitation(t.app.deps, { accountId: team, email: 'unverified@example.com', role: 'user', invitedBy: owner });
    const token = lastLinkTo(t.dataDir, 'unverified@example.com').split('/').pop()!;
    const accept = (password: string) => post(`/api/auth/account-invitations/${token}`, { password }, '10.20.0.4');
    const counts = statuses(await Promise.all(Array.from({ length: 15 }, () => accept('wrong-guess'))));
    await expectLockedAfterBurst(
      counts,
      counts[401] ?? 0,
      15,
      () => accept('wrong-guess'),
      () => accept(DEMO_PASSWORD),
      401,
    );
  });
});

describe.each(testDatabases)('the per-email limit cannot lock the real user out on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { loginRateLimit: 3 } });
  });
  afterAll(async () => t?.close());

  const attempt = (password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: ip, payload: { email: 'admin@example.com', password } });

  it('after failures from many addresses, the right password from an address with no failures still signs in', async () => {
    for (let i = 1; i <= 5; i++) expect((await attempt('wrong-guess', `10.30.0.${i}`)).statusCode).toBe(i <= 3 ? 401 : 429);
    // An address that guessed wrong stays locked out of this email, even with the right password.
    expect((await attempt(DEMO_PASSWORD, '10.30.0.1')).statusCode).toBe(429);
    // A fresh address guessing wrong is refused, and now counts as an address with a failure.
    expect((await attempt('wrong-guess', '10.30.0.50')).statusCode).toBe(429);
    expect((await attempt(DEMO_PASSWORD, '10.30.0.50')).statusCode).toBe(429);
    // The real admin, from their own address, gets in.
    const real = await attempt(DEMO_PASSWORD, '10.30.0.99');
    expect(real.statusCode).toBe(200);
    expect(real.json().user.email).toBe('admin@example.com');
  });

  it('keeps the per-address limit strict', async () => {
    const ip = '10.31.0.1';
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: ip, payload: { email, password: 'x-guess' } })).statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      remoteAddress: ip,
      payload: { email: 'owner@example.com', password: DEMO_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
  });
});
