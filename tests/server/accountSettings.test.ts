import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, testDatabases, type TestApp, fieldErrors } from './helpers';

const link = (label: string, url = 'https://midnightowls.example/tour') => ({ label, link: url, type: 'external' as const });
const base = {
  primaryColor: '#112233',
  secondaryColor: '',
  lightHeader: true,
  helpEmailAddress: 'Crew@Owls.example',
  socialSiteTitle: 'The Midnight Owls',
  socialSiteDescription: 'Send us your concert videos',
  links: { primary: 'https://midnightowls.example', header: [link('Tour', 'https://midnightowls.example/tour')], footer: [] as ReturnType<typeof link>[] },
};

describe.each(testDatabases)('account configuration on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    band = (await t.db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow()).id;
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => t?.close());

  const put = (body: object, cookie = owner) => t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie }, payload: body });

  it('saves the configuration and answers it with the counts', async () => {
    const saved = await put(base);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ helpEmailAddress: 'crew@owls.example', lightHeader: true, primaryColor: '#112233', userCount: 5 });
    const read = await t.app.inject({ method: 'GET', url: `/api/accounts/${band}`, headers: { cookie: await signIn(t.app, 'readonly@example.com') } });
    expect(read.json().links.header).toEqual([link('Tour', 'https://midnightowls.example/tour')]);
    expect(read.json().socialSiteTitle).toBe('The Midnight Owls');
  });

  it('takes link labels up to 15 characters and URLs up to 500', async () => {
    const url500 = `https://x.example/${'a'.repeat(482)}`;
    expect(url500).toHaveLength(500);
    expect((await put({ ...base, links: { ...base.links, header: [link('a'.repeat(15), url500)] } })).statusCode).toBe(200);
    const long = await put({ ...base, links: { ...base.links, header: [link('a'.repeat(16), `${url500}b`)] } });
    expect(long.statusCode).toBe(400);
    expect(fieldErrors(long)).toEqual(
      expect.arrayContaining([
        { path: 'links.header.0.label', message: 'Must be 15 characters or less' },
        { path: 'links.header.0.link', message: 'Must be 500 characters or less' },
      ]),
    );
    const bad = await put({ ...base, links: { ...base.links, footer: [{ label: '', link: 'not a url', type: 'other' }] } });
    expect(fieldErrors(bad)).toEqual(
      expect.arrayContaining([
        { path: 'links.footer.0.label', message: 'Required' },
        { path: 'links.footer.0.link', message: 'Must be a valid URL' },
      ]),
    );
  });

  it('takes at most 6 header links, 4 footer links and one primary link', async () => {
    const six = Array.from({ length: 6 }, (_, i) => link(`Link ${i}`));
    expect((await put({ ...base, links: { ...base.links, header: six, footer: six.slice(0, 4) } })).statusCode).toBe(200);
    const seven = await put({ ...base, links: { ...base.links, header: [...six, link('Seven')] } });
    expect(fieldErrors(seven)).toContainEqual({ path: 'links.header', message: 'At most 6' });
    const five = await put({ ...base, links: { ...base.links, footer: six.slice(0, 5) } });
    expect(fieldErrors(five)).toContainEqual({ path: 'links.footer', message: 'At most 4' });
    const twoPrimary = await put({
      ...base,
      links: {
        ...base.links,
        header: [
          { ...link('A'), primary: true },
          { ...link('B'), primary: true },
        ],
      },
    });
    expect(fieldErrors(twoPrimary)).toContainEqual({ path: 'links.header', message: 'Only one header link can be primary' });
  });

  it("rejects a bad help email and unknown fields, ignores the plan, and refuses edits by read-only members ('user (can edit)') or outsiders", async () => {
    expect(fieldErrors(await put({ ...base, helpEmailAddress: 'nope' }))).toContainEqual({ path: 'helpEmailAddress', message: 'Must be a valid email' });
    expect((await put({ ...base, helpEmailAddress: '' })).json().helpEmailAddress).toBeNull();
    // The plan is read-only here (it takes back what GET answered): ignored, never changed.
    const planKept = await put({ ...base, subscriptionPlan: 'enterprise' });
    expect(planKept.statusCode).toBe(200);
    expect(planKept.json().subscriptionPlan).toBe('pro');
    expect((await put({ ...base, notAField: 'x' })).statusCode).toBe(400);
    expect((await put(base, await signIn(t.app, 'user@example.com'))).statusCode).toBe(200);
    expect((await put(base, await signIn(t.app, 'readonly@example.com'))).statusCode).toBe(403);
    const team = (await t.db.selectFrom('accounts').select('id').where('slug', '=', 'harborcityfc').executeTakeFirstOrThrow()).id;
    const user = await signIn(t.app, 'user@example.com');
    expect((await t.app.inject({ method: 'GET', url: `/api/accounts/${team}`, headers: { cookie: user } })).statusCode).toBe(403);
  });
});
