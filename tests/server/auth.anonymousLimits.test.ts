import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from './helpers';
import * as passwords from '../../server/services/passwords';
import { routes } from '../../server/routes';
import { routeLimits } from '../../server/routes/limits';

vi.mock('../../server/services/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/services/passwords')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

describe.each(testDatabases)('anonymous auth routes on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A high sign-in throttle, so the route limits are what refuses here.
    t = await createTestApp(kind, { config: { loginRateLimit: 1000 } });
  });
  afterAll(async () => t?.close());

  it('reset-password checks the link before it hashes the new password', async () => {
    vi.mocked(passwords.hashPassword).mockClear();
    const bogus = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: '10.40.0.1',
      payload: { token: 'not-a-real-token', password: 'whatever-pw' },
    });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toBe('This link is invalid or has expired. Request a new one.');
    expect(passwords.hashPassword).not.toHaveBeenCalled();
  });

  it.each([
    ['POST', '/api/auth/reset-password', { token: 'not-a-real-token', password: 'whatever-pw' }],
    ['POST', '/api/auth/forgot-password', { email: 'someone@example.com' }],
    ['POST', '/api/auth/verify-email', { token: 'not-a-real-token' }],
    ['POST', '/api/auth/send-verify-email', { email: 'nobody@example.com', password: 'guess-pw' }],
    ['GET', '/api/auth/account-invitations/not-a-real-token', undefined],
    ['POST', '/api/auth/account-invitations/not-a-real-token', { password: 'guess-pw' }],
  ] as const)('%s %s is limited per address', async (method, url, payload) => {
    const ip = '10.41.0.1'; // each route counts on its own
    const call = (from: string) => t.app.inject({ method, url, payload, remoteAddress: from });
    const { max } = routeLimits.anonymousAuth;
    const answers = [];
    for (let i = 0; i < max; i++) answers.push((await call(ip)).statusCode);
    expect(answers).not.toContain(429);
    const refused = await call(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, message: 'Too many requests. Please wait a few minutes and try again.' });
    expect((await call('10.42.0.9')).statusCode).not.toBe(429);
  });

  it('every route that mails someone on request is limited per address', () => {
    const senders = [
      'POST /api/users/me/email',
      'POST /api/accounts/:id/users',
      'POST /api/accounts/:id/invites/resend',
      'POST /api/accounts',
      'POST /api/users',
      'POST /api/users/:id/send-invite',
      'POST /api/users/:id/messages',
    ];
    for (const sender of senders) {
      const def = routes.find((r) => `${r.method} ${r.url}` === sender);
      expect(def?.rateLimit, sender).toEqual(routeLimits.sendsMail);
    }
  });
});
