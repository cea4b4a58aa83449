import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, signIn, testDatabases, type TestApp } from './helpers';
import { ensureFirstAdmin } from '../../server/services/bootstrap';

describe.each(testDatabases)('request protection on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { loginRateLimit: 3 } });
  });
  afterAll(async () => t?.close());

  it('throttles failed sign-ins per email, then per address', async () => {
    const attempt = (email: string, ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: ip, payload: { email, password: 'wrong-one' } });
    for (let i = 0; i < 3; i++) expect((await attempt('user@example.com', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    const byEmail = await attempt('user@example.com', '10.0.0.9');
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json().message).toContain('Too many sign-in attempts');
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await attempt(email, '10.9.9.9');
    expect((await attempt('readonly@example.com', '10.9.9.9')).statusCode).toBe(429);
    expect((await attempt('readonly@example.com', '10.1.1.1')).statusCode).toBe(401);
  });

  it('refuses cross-site and non-JSON mutations', async () => {
    const cookie = await signIn(t.app, 'owner@example.com');
    const crossSite = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { cookie, origin: 'http://evil.example' },
      payload: { firstName: 'Evil', lastName: 'Twin' },
    });
    expect(crossSite.statusCode).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=owner%40example.com',
    });
    expect(form.statusCode).toBe(415);
    const sameSite = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { firstName: 'Olivia', lastName: 'Owens' },
    });
    expect(sameSite.statusCode).toBe(200);
  });

  it('answers 400 JSON to oversize bodies and describes itself in OpenAPI', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ error: 'ValidationError', message: 'The request body is too large (at most 1 MiB)' });
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/auth', '/api/auth/reset-password', '/api/users/me']));
  });
});

describe('first platform admin for npm start', () => {
  it('refuses without ADMIN_EMAIL and ADMIN_PASSWORD, then creates the admin once', async () => {
    const t = await createTestApp(testDatabases[0], { seed: false });
    try {
      expect(await ensureFirstAdmin(t.db, t.config)).toContain('Set ADMIN_EMAIL and ADMIN_PASSWORD');
      const config = { ...t.config, adminEmail: 'boss@example.com', adminPassword: 'secret-pw' };
      expect(await ensureFirstAdmin(t.db, config)).toBeUndefined();
      expect(await ensureFirstAdmin(t.db, config)).toBeUndefined();
      const admins = await t.db.selectFrom('users').select(['email', 'type']).where('type', '=', 'admin').execute();
      expect(admins).toEqual([{ email: 'boss@example.com', type: 'admin' }]);
      await signIn(t.app, 'boss@example.com', 'secret-pw');
    } finally {
      await t.close();
    }
  });
});

describe('mail over SMTP', () => {
  it('delivers the reset link to a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const t = await createTestApp(testDatabases[0], { config: { smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'user@example.com' } });
      expect(response.statusCode).toBe(200);
      await t.app.deps.background.idle();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: user@example.com');
      expect(received[0].replace(/=\r?\n/g, '')).toMatch(/\/reset-password\/[\w-]{40,}/);
    } finally {
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
