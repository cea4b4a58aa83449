import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, testDatabases, type TestApp } from './helpers';

/** Error answers carry each message's i18n key and args beside the English text (shared/i18n/server.ts). */
describe('error messages as keys', () => {
  let t: TestApp;
  let owner: string;
  let band: string;
  beforeAll(async () => {
    t = await createTestApp(testDatabases[0]);
    owner = await signIn(t.app, 'owner@example.com');
    band = (await t.db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  it('sends a field rule with its key and args, and the English it renders to', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${band}/pages`,
      headers: { cookie: owner },
      payload: { name: 'n'.repeat(101), slug: 'fine' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ error: 'ValidationError', messageKey: 'app.server.invalidInput', messageArgs: {} });
    expect(body.message).toBe('Invalid input: name: Must be 100 characters or less');
    expect(body.errors).toContainEqual({
      path: 'name',
      message: 'Must be 100 characters or less',
      messageKey: 'app.validation.maxLength',
      messageArgs: { max: 100 },
    });
  });

  it('names the part of the request that is wrong in the args, not in the key', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/accounts/${band}/pages?limit=nope`, headers: { cookie: owner } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ messageKey: 'app.server.invalidInputIn', messageArgs: { part: 'querystring' } });
    expect(response.json().message).toMatch(/^Invalid input in querystring: limit: /);
  });

  it('sends a service refusal by its key', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/pages/00000000-0000-0000-0000-000000000000', headers: { cookie: owner } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Page Not Found', messageKey: 'app.server.notFound.page', messageArgs: {} });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/context' });
    expect(anonymous.json()).toMatchObject({ status: 401, messageKey: 'app.server.authenticationRequired' });
  });

  it('sends a framework error (bad JSON) by a key of ours too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The request body is not valid JSON', messageKey: 'app.server.invalidJson' });
  });
});
