import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fieldErrors, signIn, testDatabases, type TestApp } from './helpers';
import { settings } from './uploadHelpers';
import { loadConfig } from '../../server/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe('the platform terms text', () => {
  it('comes from TERMS_FILE, else TERMS_TEXT, else a default', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-terms-'));
    const file = path.join(dir, 'terms.txt');
    fs.writeFileSync(file, '# Our terms\nBe kind.');
    expect(loadConfig({ TERMS_FILE: file } as NodeJS.ProcessEnv).termsText).toBe('# Our terms\nBe kind.');
    expect(loadConfig({ TERMS_TEXT: 'Short terms.' } as NodeJS.ProcessEnv).termsText).toBe('Short terms.');
    expect(loadConfig({} as NodeJS.ProcessEnv).termsText).toMatch(/By sending a video or photo/);
    expect(() => loadConfig({ TERMS_FILE: path.join(dir, 'missing.txt') } as NodeJS.ProcessEnv)).toThrow(/TERMS_FILE: cannot read/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe.each(testDatabases)('terms of service on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { termsText: '# Fair use\nNo <script>alert(1)</script> here.\n\nSecond paragraph.' } });
    band = (await t.db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow()).id;
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => t?.close());

  const put = (body: object) => t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie: owner }, payload: body });
  const termsLink = async () => (await t.app.inject({ method: 'GET', url: '/api/public/pages/midnightowls/summertour2026' })).json().account.termsUrl;

  it('GET /terms is a real page with the platform terms, its text escaped, for anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/terms' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<h1>Terms of service</h1>');
    expect(response.body).toContain('<h2>Fair use</h2>');
    expect(response.body).toContain('No &lt;script&gt;alert(1)&lt;/script&gt; here.');
    expect(response.body).toContain('<p>Second paragraph.</p>');
    expect(response.body).not.toContain('<script>');
  });

  it("capture pages link to the platform's /terms until the account sets its own terms URL", async () => {
    expect(await termsLink()).toBe('/terms');
    const saved = await put(settings({ termsUrl: 'https://midnightowls.example/terms' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().termsUrl).toBe('https://midnightowls.example/terms');
    expect(await termsLink()).toBe('https://midnightowls.example/terms');
    // A save that leaves the field out keeps it; a blank one goes back to the platform's terms.
    expect((await put(settings({}))).json().termsUrl).toBe('https://midnightowls.example/terms');
    expect((await put(settings({ termsUrl: '' }))).json().termsUrl).toBeNull();
    expect(await termsLink()).toBe('/terms');
    // A cleared input sends null: the same as blank.
    await put(settings({ termsUrl: 'https://midnightowls.example/terms' }));
    expect((await put(settings({ termsUrl: null }))).json().termsUrl).toBeNull();
  });

  it('the terms URL must be an http(s) address of at most 500 characters', async () => {
    for (const termsUrl of ['javascript:alert(1)', 'not a url', `https://x.example/${'a'.repeat(483)}`]) {
      const response = await put(settings({ termsUrl }));
      expect(response.statusCode).toBe(400);
      expect(fieldErrors(response).map((e) => e.path)).toEqual(['termsUrl']);
      expect(fieldErrors(response)[0].message).toMatch(/^Must be (a valid URL|500 characters or less)$/);
    }
  });
});
