import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';

/** Text fields take printable text; only multi-line fields take tabs and line breaks. */
describe.each(testDatabases)('control characters in text on $name', (kind) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: owner }, ...(payload ? { payload } : {}) });

  it('refuses NUL and control characters in one-line fields with a clear message, nothing saved', async () => {
    for (const [firstName, message] of [
      ['Ev\u0000il', 'Must not contain control characters'],
      ['Ev\u001bil', 'Must not contain control characters'],
      ['Ev\u0085il', 'Must not contain control characters'],
      ['Ev\nil', 'Must be a single line without tabs or control characters'],
      ['Ev\til', 'Must be a single line without tabs or control characters'],
    ]) {
      const response = await call('PUT', '/api/users/me', { firstName, lastName: 'Owens' });
      expect(response.statusCode, JSON.stringify(firstName)).toBe(400);
      expect(fieldErrors(response)).toContainEqual({ path: 'firstName', message });
    }
    expect((await call('GET', '/api/users/me')).json().firstName).not.toContain('Ev');
    const search = await call('GET', '/api/admin/users?q=a%00b');
    expect(search.statusCode).toBeLessThan(500);
    const { band } = await demoAccounts(t.db);
    const members = await call('GET', `/api/accounts/${band}/users?q=a%00b`);
    expect(members.statusCode).toBe(400);
    expect(fieldErrors(members)).toContainEqual({ path: 'q', message: 'Must not contain control characters' });
  });

  it('takes line breaks and tabs in multi-line fields but never NUL', async () => {
    const { band } = await demoAccounts(t.db);
    const page = (await call('POST', `/api/accounts/${band}/pages`, { name: 'Lines' })).json();
    const settings = {
      name: 'Lines',
      slug: 'lines',
      title: 'Share',
      requireApproval: false,
      allowSubmissions: true,
      captureEmail: true,
      captureName: true,
      captureCountry: false,
      captureCityState: false,
      captureZip: false,
      captureDob: false,
      capturePhone: false,
      captureInstagram: false,
      captureTiktok: false,
      captureVenueCity: false,
      venueCities: '',
      captureSongList: true,
      songList: 'Night Flight\r\n\tOwl Song',
      captureArtist: false,
      artistList: '',
      captureMarketingConsent: false,
      marketingConsent: '',
      customTerms: [],
      adUrl: '',
    };
    const saved = await call('PUT', `/api/pages/${page.id}`, settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().songList).toBe('Night Flight\r\n\tOwl Song');
    const nul = await call('PUT', `/api/pages/${page.id}`, { ...settings, songList: 'Night\u0000Flight' });
    expect(nul.statusCode).toBe(400);
    expect(fieldErrors(nul)).toContainEqual({ path: 'songList', message: 'Must not contain control characters' });
    const title = await call('PUT', `/api/pages/${page.id}`, { ...settings, title: 'Two\nlines' });
    expect(fieldErrors(title)).toContainEqual({ path: 'title', message: 'Must be a single line without tabs or control characters' });
  });
});
