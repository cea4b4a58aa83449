import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, lastLinkTo, readOutbox, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';
import type { Mailer, MailMessage } from '../../server/adapters/mail';

const tokenOf = (link: string) => link.split('/').pop()!;
const INVALID = 'This link is invalid or has expired. Request a new one.';

describe.each(testDatabases)('mailed links after a change of email or password on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, cookie?: string, method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const forgot = async (email: string) => {
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    await t.app.deps.background.idle();
    return tokenOf(lastLinkTo(t.dataDir, email));
  };

  it("a platform admin's correction of a mistyped email retires the set-password link mailed to it", async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const created = await post('/api/users', { firstName: 'New', lastName: 'Admin', email: 'new.admn@example.com' }, admin);
    expect(created.statusCode).toBe(201);
    const wrongLink = tokenOf(lastLinkTo(t.dataDir, 'new.admn@example.com'));
    const fixed = await post(`/api/users/${created.json().id}`, { firstName: 'New', lastName: 'Admin', email: 'new.admin@example.com' }, admin, 'PUT');
    expect(fixed.statusCode).toBe(200);
    const stolen = await post('/api/auth/reset-password', { token: wrongLink, password: 'taken-over' });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(INVALID);
    // The right address gets a working link with Send Invite.
    expect((await post(`/api/users/${created.json().id}/send-invite`, {}, admin)).statusCode).toBe(200);
    const rightLink = tokenOf(lastLinkTo(t.dataDir, 'new.admin@example.com'));
    expect((await post('/api/auth/reset-password', { token: rightLink, password: 'chosen-pw' })).statusCode).toBe(200);
    await signIn(t.app, 'new.admin@example.com', 'chosen-pw');
  });

  it("changing one's password retires an outstanding reset link", async () => {
    const reset = await forgot('sam@example.com');
    const cookie = await signIn(t.app, 'sam@example.com');
    expect((await post('/api/users/me/password', { currentPassword: DEMO_PASSWORD, password: 'sams-new-pw' }, cookie)).statusCode).toBe(200);
    const late = await post('/api/auth/reset-password', { token: reset, password: 'attacker-pw' });
    expect(late.statusCode).toBe(400);
    await signIn(t.app, 'sam@example.com', 'sams-new-pw');
  });

  it('a reset retires the other outstanding links (an older reset, a change of email)', async () => {
    const cookie = await signIn(t.app, 'readonly@example.com');
    expect((await post('/api/users/me/email', { email: 'ro.new@example.com', currentPassword: DEMO_PASSWORD }, cookie)).statusCode).toBe(200);
    const changeLink = tokenOf(lastLinkTo(t.dataDir, 'ro.new@example.com'));
    const first = await forgot('readonly@example.com');
    const second = await forgot('readonly@example.com');
    expect((await post('/api/auth/reset-password', { token: second, password: 'reset-pw-1' })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token: first, password: 'reset-pw-2' })).statusCode).toBe(400);
    const change = await post('/api/auth/verify-email', { token: changeLink });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(INVALID);
  });

  it('of several change-email requests only the latest link works, and the change retires a reset link', async () => {
    const cookie = await signIn(t.app, 'user@example.com');
    const ask = (email: string) => post('/api/users/me/email', { email, currentPassword: DEMO_PASSWORD }, cookie);
    expect((await ask('first.try@example.com')).statusCode).toBe(200);
    const firstLink = tokenOf(lastLinkTo(t.dataDir, 'first.try@example.com'));
    expect((await ask('second.try@example.com')).statusCode).toBe(200);
    const secondLink = tokenOf(lastLinkTo(t.dataDir, 'second.try@example.com'));
    const reset = await forgot('user@example.com');
    expect((await post('/api/auth/verify-email', { token: firstLink })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: secondLink })).json()).toEqual({ ok: true, email: 'second.try@example.com' });
    expect((await post('/api/auth/reset-password', { token: reset, password: 'whoever-pw' })).statusCode).toBe(400);
  });
});

describe.each(testDatabases)('changing the email on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const ask = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/users/me/email', payload, headers: { cookie } });

  it('needs the current password, checked before the new address is judged', async () => {
    const cookie = await signIn(t.app, 'owner@example.com');
    const missing = await ask(cookie, { email: 'olivia@example.org' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toContain('currentPassword');
    // A taken address with a wrong password says nothing about the address.
    const wrong = await ask(cookie, { email: 'user@example.com', currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrors(wrong)).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
    const taken = await ask(cookie, { email: 'user@example.com', currentPassword: DEMO_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This email is already used by another user');
  });

  it('tells the old address that the email is being changed', async () => {
    const cookie = await signIn(t.app, 'owner@example.com');
    const asked = await ask(cookie, { email: 'olivia@example.org', currentPassword: DEMO_PASSWORD });
    expect(asked.json()).toEqual({ ok: true, pendingEmail: 'olivia@example.org' });
    const notice = readOutbox(t.dataDir)
      .filter((m) => m.to === 'owner@example.com')
      .at(-1);
    expect(notice?.subject).toBe('Fan Content Console: your email is being changed');
    expect(notice?.text).toContain('olivia@example.org');
    expect(notice?.text).not.toMatch(/verify-email/);
  });
});

describe('forgot-password mails after the answer', () => {
  it('answers a known address without waiting for its mail, the same as an unknown one', async () => {
    const sent: MailMessage[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mailer: Mailer = {
      async send(message) {
        await gate;
        sent.push(message);
      },
      close() {},
    };
    const t = await createTestApp(testDatabases[0], { mailer });
    try {
      for (const email of ['user@example.com', 'ghost@example.com']) {
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
        expect(response.json()).toEqual({ ok: true });
      }
      expect(sent).toEqual([]);
      release();
      await t.app.deps.background.idle();
      expect(sent.map((m) => m.to)).toEqual(['user@example.com']);
    } finally {
      release();
      await t.close();
    }
  }, 20_000);
});
