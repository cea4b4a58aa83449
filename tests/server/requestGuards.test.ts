import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, signIn, testDatabases, type TestApp } from './helpers';
import { loadConfig } from '../../server/config';
import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';

const EVIL = 'http://evil.example';

describe.each(testDatabases)('request guards on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { allowedOrigins: ['https://console.example.com'] } });
  });
  afterAll(async () => t?.close());

  const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode;

  it('guards every spelling of an API path the router accepts, not only the raw /api/ prefix', async () => {
    const variants = ['/%61pi/auth', '/api/%61uth', '/%2561pi/auth', '//api/auth', '/api//auth', '/API/auth', '/Api/Auth', '/api/auth/'];
    for (const url of variants) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: EVIL },
        payload: { email: 'user@example.com', password: DEMO_PASSWORD },
      });
      expect(response.statusCode, url).not.toBe(200);
      expect(
        response.cookies.find((c) => c.name === 'sid'),
        url,
      ).toBeUndefined();
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/forgot-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=owner%40example.com',
    });
    expect(form.statusCode).toBe(415);
    // The session is read for the route matched, so an encoded path sees the same caller.
    const cookie = await signIn(t.app, 'user@example.com');
    const encoded = await t.app.inject({ method: 'GET', url: '/api/users/m%65', headers: { cookie } });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json().email).toBe('user@example.com');
    expect(encoded.headers['cache-control']).toBe('no-store');
  });

  it('trusts BASE_URL’s origin, its loopback spellings and ALLOWED_ORIGINS, never the Host header', async () => {
    const cookie = await signIn(t.app, 'owner@example.com');
    const put = (origin: string, host = 'localhost:3000') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: { cookie, origin, host },
        payload: { firstName: 'Olivia', lastName: 'Owens' },
      });
    // A DNS-rebinding page: its own name resolves to our address, so Host matches its Origin.
    const rebound = await put('http://rebind.example:3000', 'rebind.example:3000');
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json().message).toBe('Cross-site request refused');
    expect((await put('null')).statusCode).toBe(403);
    expect((await put('http://localhost:3001')).statusCode).toBe(403);
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'https://console.example.com']) {
      expect((await put(origin, '127.0.0.1:3000')).statusCode, origin).toBe(200);
    }
  });

  it('parses ALLOWED_ORIGINS into origins and refuses what is not one', () => {
    const config = loadConfig({ ALLOWED_ORIGINS: 'https://a.example.com, https://b.example.com:8443/console/' } as NodeJS.ProcessEnv);
    expect(config.allowedOrigins).toEqual(['https://a.example.com', 'https://b.example.com:8443']);
    expect(loadConfig({} as NodeJS.ProcessEnv).allowedOrigins).toEqual([]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'console.example.com' } as NodeJS.ProcessEnv)).toThrow(/ALLOWED_ORIGINS/);
  });

  it('signs out on GET or HEAD /api/auth/logout only when one of our pages asks', async () => {
    const cookie = await signIn(t.app, 'user@example.com');
    const logout = (method: 'GET' | 'HEAD', headers: Record<string, string>) =>
      t.app.inject({ method, url: '/api/auth/logout', headers: { cookie, ...headers } });
    for (const method of ['GET', 'HEAD'] as const) {
      const foreign: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: EVIL }, {}];
      for (const headers of foreign) {
        const response = await logout(method, headers);
        expect(response.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.headers['set-cookie']).toBeUndefined();
        expect(await me(cookie)).toBe(200);
      }
    }
    const encoded = await t.app.inject({ method: 'GET', url: '/api/auth/log%6Fut', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(encoded.statusCode).toBe(403);
    expect(await me(cookie)).toBe(200);

    const sameOrigin = await logout('GET', { 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(200);
    expect(await me(cookie)).toBe(401);
    const second = await signIn(t.app, 'user@example.com');
    const fromConsole = await t.app.inject({
      method: 'HEAD',
      url: '/api/auth/logout',
      headers: { cookie: second, [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value },
    });
    expect(fromConsole.statusCode).toBe(200);
    expect(await me(second)).toBe(401);
  });

  it('answers malformed addresses with our error shape and security headers, without echoing them', async () => {
    for (const url of ['/%E0%A4%A', '/api/pages/%E0%A4%A', '/api/auth/%ZZ<script>']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        error: 'BadRequestError',
        message: 'The address of this request is not valid',
        messageKey: 'app.server.invalidAddress',
        messageArgs: {},
        errors: [],
      });
      expect(response.body).not.toContain('%E0');
      expect(response.body).not.toContain('script');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-app-version']).toBe(t.config.appVersion);
    }
  });
});
