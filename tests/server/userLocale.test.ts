import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, fieldErrors, readOutbox, signIn, testDatabases, type TestApp } from './helpers';
import { createUser } from '../../server/services/users';

describe.each(testDatabases)("a staff user's language on $name", (kind) => {
  let t: TestApp;
  let band: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ band } = await demoAccounts(t.db));
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const lastMailTo = (to: string) =>
    readOutbox(t.dataDir)
      .filter((mail) => mail.to === to)
      .at(-1)!;

  it('is saved by PUT /api/users/me/locale, refused unless one of ours, and follows the user into every new session', async () => {
    const cookie = await signIn(t.app, 'user@example.com');
    expect((await call('GET', '/api/users/me', cookie)).json().locale).toBeNull();
    for (const bad of [{ locale: 'xx' }, { locale: '' }, {}, { locale: 'fr', firstName: 'Mass' }]) {
      const refused = await call('PUT', '/api/users/me/locale', cookie, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(fieldErrors(await call('PUT', '/api/users/me/locale', cookie, { locale: 'xx' }))).toContainEqual({
      path: 'locale',
      message: 'Choose one of the listed options',
    });
    const saved = await call('PUT', '/api/users/me/locale', cookie, { locale: 'fr' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'user@example.com', locale: 'fr' });
    // Another device: a new sign-in's context carries the language.
    const elsewhere = await signIn(t.app, 'user@example.com');
    expect((await call('GET', '/api/auth/context', elsewhere)).json().user.locale).toBe('fr');
    // The profile form sends back what GET answered: an older locale there does not undo the choice.
    const profile = await call('PUT', '/api/users/me', elsewhere, { firstName: 'Uma', lastName: 'User', locale: 'en' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().locale).toBe('fr');
    expect((await call('PUT', '/api/users/me/locale', undefined, { locale: 'en' })).statusCode).toBe(401);
  });

  it('writes the password reset mail of a French user in French, and an English user’s in English', async () => {
    await t.db.updateTable('users').set({ locale: 'fr' }).where('email', '=', 'readonly@example.com').execute();
    await call('POST', '/api/auth/forgot-password', undefined, { email: 'readonly@example.com' });
    await t.app.deps.background.idle();
    const french = lastMailTo('readonly@example.com');
    expect(french.subject).toBe('Fan Content Console : réinitialisez votre mot de passe');
    expect(french.text).toMatch(/^Bonjour .+,\n/);
    expect(french.text).toContain('Suivez ce lien pour en choisir un nouveau');
    expect(french.text).toMatch(/expire dans \d+ heures/);
    expect(french.html).toContain('Bonjour');

    await call('POST', '/api/auth/forgot-password', undefined, { email: 'owner@example.com' });
    await t.app.deps.background.idle();
    expect(lastMailTo('owner@example.com').subject).toBe('Fan Content Console: reset your password');
  });

  it('invites in the invitee’s language when they have one, else in the inviter’s', async () => {
    const owner = await signIn(t.app, 'owner@example.com');
    await call('PUT', '/api/users/me/locale', owner, { locale: 'fr' });
    const invited = await call('POST', `/api/accounts/${band}/users`, owner, { email: 'nouvelle@example.com' });
    expect(invited.statusCode).toBe(201);
    const mail = lastMailTo('nouvelle@example.com');
    expect(mail.subject).toMatch(/ vous invite à rejoindre .+ sur Fan Content Console$/);
    expect(mail.text).toContain('Suivez ce lien pour accepter');
    expect(mail.text).toMatch(/L’invitation expire dans \d+ jours\./);
    await call('POST', `/api/accounts/${band}/invites/cancel`, owner, { email: 'nouvelle@example.com' });

    // An existing user's own language wins over the inviter's.
    await call('PUT', '/api/users/me/locale', owner, { locale: 'en' });
    await createUser(t.db, { email: 'elise@example.com', firstName: 'Élise', lastName: 'Martin', emailVerified: true, status: 'enabled' });
    await t.db.updateTable('users').set({ locale: 'fr' }).where('email', '=', 'elise@example.com').execute();
    expect((await call('POST', `/api/accounts/${band}/users`, owner, { email: 'elise@example.com' })).statusCode).toBe(201);
    expect(lastMailTo('elise@example.com').subject).toMatch(/ vous invite à rejoindre /);
    await call('POST', `/api/accounts/${band}/invites/cancel`, owner, { email: 'elise@example.com' });
  });
});
