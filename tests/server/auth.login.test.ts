import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_MAX_AGE_SECONDS } from '#shared/domain/constants';
import { createTestApp, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';

describe.each(testDatabases)('sign-in on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());

  it('signs in a member of one account straight into it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'User@Example.com', password: 'demo1234' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe('user@example.com');
    expect(body.user.role).toBe('user');
    expect(body.user.canEdit).toBe(true);
    expect(body.account.name).toBe('The Midnight Owls');
    const cookie = response.headers['set-cookie'];
    expect(String(cookie)).toMatch(/sid=.*HttpOnly.*SameSite=Lax/i);
  });

  it('refuses a session once it expires, with no write to tell the server', async () => {
    const cookie = await signIn(t.app, 'user@example.com');
    const context = () => t.app.inject({ method: 'GET', url: '/api/auth/context', headers: { cookie } });
    expect((await context()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_MAX_AGE_SECONDS * 1000 - 60_000 });
    expect((await context()).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 120_000);
    const expired = await context();
    expect(expired.statusCode).toBe(401);
  });

  it('refuses a session whose expiry is in the past', async () => {
    const cookie = await signIn(t.app, 'user@example.com');
    await t.db.updateTable('sessions').set({ expiresAt: '2020-01-01T00:00:00.000Z' }).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/context', headers: { cookie } })).statusCode).toBe(401);
  });

  it('leaves an owner of two accounts without a current account until one is chosen', async () => {
    const cookie = await signIn(t.app, 'owner@example.com');
    const context = await t.app.inject({ method: 'GET', url: '/api/auth/context', headers: { cookie } });
    expect(context.json().account).toBeNull();
    const accounts = await t.app.inject({ method: 'GET', url: '/api/users/me/accounts', headers: { cookie } });
    const team = accounts.json().data.find((a: { name: string }) => a.name === 'Harbor City FC');
    const switched = await t.app.inject({ method: 'POST', url: `/api/auth/switch-account/${team.id}`, headers: { cookie } });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().account.name).toBe('Harbor City FC');
    expect(switched.json().user.role).toBe('owner');
  });

  it('tells an unknown email from a wrong password', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'nobody@example.com', password: 'whatever' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: 'AccountNotFoundError', message: 'Account not found' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'readonly@example.com', password: 'nope12345' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'AuthenticationError', message: 'Access Denied' });
  });

  it('rejects bad input with 400 and the field errors', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'not-an-email', password: 5, extra: 1 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('ValidationError');
    expect(fieldErrors(response)).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Must be a valid email' },
        { path: '', message: 'Unknown field: extra' },
      ]),
    );
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON');
  });

  it('answers 401 to the context without a session, with the version header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/context' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('AuthenticationError');
    expect(response.headers['x-app-version']).toBe(t.config.appVersion);
  });
});
