import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { MAILS_PER_RECIPIENT } from '../../server/services/mailLimits';
import { createTestApp, demoAccounts, DEMO_PASSWORD, readOutbox, signIn, testDatabases, type TestApp } from './helpers';

const TOO_MANY = 'Too many emails were sent to this address. Please wait an hour and try again.';

describe.each(testDatabases)('mails limited per recipient on $name', (kind) => {
  let t: TestApp;
  /** A second API process on the same database. */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await buildApp(t.config, { db: t.db, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const mailsTo = (email: string) => readOutbox(t.dataDir).filter((m) => m.to === email).length;
  const post = (app: FastifyInstance, url: string, payload: object, cookie?: string, ip = '127.0.0.1') =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: cookie ? { cookie } : {} });

  it('forgot-password mails one recipient at most the limit, whatever the addresses asking', async () => {
    const forgot = async (app: FastifyInstance, ip: string) => {
      expect((await post(app, '/api/auth/forgot-password', { email: 'readonly@example.com' }, undefined, ip)).json()).toEqual({ ok: true });
      await app.deps.background.idle();
    };
    for (let i = 0; i < MAILS_PER_RECIPIENT + 2; i++) await forgot(i % 2 ? other : t.app, `10.50.0.${i + 1}`);
    expect(mailsTo('readonly@example.com')).toBe(MAILS_PER_RECIPIENT);
    // A concurrent burst from many addresses sends nothing more.
    await Promise.all(Array.from({ length: 10 }, (_, i) => forgot(i % 2 ? other : t.app, `10.51.0.${i + 1}`)));
    expect(mailsTo('readonly@example.com')).toBe(MAILS_PER_RECIPIENT);
  });

  it('invitation resends to one address stop at the limit, counted across processes', async () => {
    const { band } = await demoAccounts(t.db);
    const owner = await signIn(t.app, 'owner@example.com');
    const invited = await post(t.app, `/api/accounts/${band}/users`, { email: 'bombed@example.com', role: 'user' }, owner);
    expect(invited.statusCode).toBe(201);
    for (let i = 1; i < MAILS_PER_RECIPIENT; i++) {
      const resent = await post(i % 2 ? other : t.app, `/api/accounts/${band}/invites/resend`, { email: 'bombed@example.com' }, owner);
      expect(resent.statusCode).toBe(200);
    }
    const refused = await post(other, `/api/accounts/${band}/invites/resend`, { email: 'bombed@example.com' }, owner);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY);
    expect(mailsTo('bombed@example.com')).toBe(MAILS_PER_RECIPIENT);
  });

  it("a platform admin's messages to one user stop at the limit", async () => {
    const admin = await signIn(t.app, 'admin@example.com');
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
    const send = () => post(t.app, `/api/users/${user.id}/messages`, { subject: 'Hello', body: 'Once more' }, admin);
    for (let i = 0; i < MAILS_PER_RECIPIENT; i++) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY);
    const kept = await t.db.selectFrom('userMessages').select('id').where('userId', '=', user.id).execute();
    expect(kept).toHaveLength(MAILS_PER_RECIPIENT);
  });

  it('change-email links to one new address stop at the limit', async () => {
    const cookie = await signIn(t.app, 'sam@example.com');
    const ask = () => post(t.app, '/api/users/me/email', { email: 'target@example.com', currentPassword: DEMO_PASSWORD }, cookie);
    for (let i = 0; i < MAILS_PER_RECIPIENT; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(mailsTo('target@example.com')).toBe(MAILS_PER_RECIPIENT);
  });

  it('verification resends stop at the limit', async () => {
    await t.db.updateTable('users').set({ emailVerified: 0 }).where('email', '=', 'unverified@example.com').execute();
    const resend = () => post(t.app, '/api/auth/send-verify-email', { email: 'unverified@example.com', password: DEMO_PASSWORD });
    for (let i = 0; i < MAILS_PER_RECIPIENT; i++) expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(429);
  });
});
