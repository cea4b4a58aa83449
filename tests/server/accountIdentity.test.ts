import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeCss } from '#shared/domain/cssOverride';
import { createTestApp, fieldErrors, signIn, testDatabases, type TestApp } from './helpers';

const SELF = ['http://localhost:3000'];

describe('the cssOverride sanitiser (no @import, no url() to other origins, no </style>)', () => {
  it('keeps ordinary CSS and same-origin addresses', () => {
    const css = '.bar { background: #112233; }\n.banner { background-image: url(/files/a/b.png); }\nh1 { font: bold 2rem/1.2 "Georgia", serif; }';
    expect(sanitizeCss(css, SELF)).toBe(css);
    expect(sanitizeCss('a { background: url("http://localhost:3000/files/x.png") }', SELF)).toBe('a { background: url("http://localhost:3000/files/x.png") }');
  });

  it.each([
    ['@import', '@import url("https://evil.example/x.css"); a { color: red }', 'a { color: red }'],
    ['@import without url()', "@import 'https://evil.example/x.css';\na{}", 'a{}'],
    ['@import hidden by an escape', '@\\69mport "https://evil.example/x.css"; a{}', 'a{}'],
    ['@import hidden by a comment', '@im/**/port "//evil.example/x.css"; a{}', 'a{}'],
    ['url() to another origin', 'a { background: url(https://evil.example/pixel.gif) }', 'a { background: none }'],
    ['quoted url() to another origin', "a { background: url('//evil.example/p.gif') }", 'a { background: none }'],
    ['url() hidden by an escape', 'a { background: u\\72l(https://evil.example/p.gif) }', 'a { background: none }'],
    ['image-set() to another origin', 'a { background: image-set("https://evil.example/p.png" 1x) }', 'a { background: image-set("" 1x) }'],
    ['</style>', 'a { color: red } </style><script>alert(1)</script>', 'a { color: red } /style>script>alert(1)/script>'],
    ['expression() and javascript:', 'a { width: expression(alert(1)); background: url(javascript:alert(1)) }', 'a { width: alert(1)); background: none) }'],
  ])('removes %s', (_name, css, cleaned) => {
    expect(sanitizeCss(css, SELF)).toBe(cleaned);
  });

  it('cannot be tricked into joining a rule back together', () => {
    expect(sanitizeCss('a { width: expresexpression(sion(1) }', SELF)).not.toMatch(/expression/i);
    expect(sanitizeCss('<</style>/style>', SELF)).not.toContain('<');
  });
});

describe.each(testDatabases)("an account's name, slug and cssOverride on $name", (kind) => {
  let t: TestApp;
  let band: string;
  let admin: string;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { staticSite: true });
    band = (await t.db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow()).id;
    await t.db.updateTable('accounts').set({ stripeCustomerId: 'cus_owls' }).where('id', '=', band).execute();
    admin = await signIn(t.app, 'admin@example.com');
    owner = await signIn(t.app, 'owner@example.com');
  });
  afterAll(async () => t?.close());

  const get = (cookie: string) => t.app.inject({ method: 'GET', url: `/api/accounts/${band}`, headers: { cookie } });
  /** Takes back what GET answered, as the console does, with `changes`. */
  const put = async (cookie: string, changes: object) => {
    const current = (await get(admin)).json();
    return t.app.inject({ method: 'PUT', url: `/api/accounts/${band}`, headers: { cookie }, payload: { ...current, ...changes } });
  };

  it('shows stripeCustomerId to platform admins only, read-only', async () => {
    expect((await get(admin)).json().stripeCustomerId).toBe('cus_owls');
    expect((await get(owner)).json()).not.toHaveProperty('stripeCustomerId');
    const saved = await put(admin, { stripeCustomerId: 'cus_other' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().stripeCustomerId).toBe('cus_owls');
  });

  it('a platform admin renames the account and changes its slug; pages follow the new address', async () => {
    const saved = await put(admin, { name: 'Midnight Owls Live', slug: 'OwlsLive' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Midnight Owls Live', slug: 'owlslive' });
    expect((await t.app.inject({ method: 'GET', url: '/api/public/pages/owlslive/summertour2026' })).statusCode).toBe(200);
    expect((await put(admin, { name: 'The Midnight Owls', slug: 'midnightowls' })).statusCode).toBe(200);
  });

  it('name at most 25, slug letters or numbers only (at most 50) and unique', async () => {
    expect((await put(admin, { name: 'a'.repeat(25) })).statusCode).toBe(200);
    const long = await put(admin, { name: 'a'.repeat(26), slug: 'owls live' });
    expect(long.statusCode).toBe(400);
    expect(fieldErrors(long)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Must be 25 characters or less' },
        { path: 'slug', message: 'Letters and numbers only, no spaces' },
      ]),
    );
    expect(fieldErrors(await put(admin, { name: '' }))).toEqual([{ path: 'name', message: 'Required' }]);
    expect(fieldErrors(await put(admin, { slug: 'a'.repeat(51) }))).toEqual([{ path: 'slug', message: 'Must be 50 characters or less' }]);
    const taken = await put(admin, { name: 'The Midnight Owls', slug: 'HarborCityFC' });
    expect(taken.statusCode).toBe(400);
    expect(fieldErrors(taken)).toEqual([{ path: 'slug', message: 'This slug is already used by another account' }]);
    expect((await get(admin)).json()).toMatchObject({ name: 'a'.repeat(25), slug: 'midnightowls' });
    expect((await put(admin, { name: 'The Midnight Owls' })).statusCode).toBe(200);
  });

  it('account members give name, slug and CSS back unchanged, but cannot change them (403)', async () => {
    expect((await put(owner, { helpEmailAddress: 'crew@owls.example' })).statusCode).toBe(200);
    for (const change of [{ name: 'Owls' }, { slug: 'owls2' }, { cssOverride: 'a { color: red }' }]) {
      const refused = await put(owner, change);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You do not have permission to do this');
    }
    expect((await get(owner)).json()).toMatchObject({ name: 'The Midnight Owls', slug: 'midnightowls', cssOverride: null });
  });

  it('stores the CSS cleaned and writes it last in the capture page head, where nothing can close its element', async () => {
    const saved = await put(admin, {
      cssOverride:
        '@import "https://evil.example/x.css";\n.bar { background: url(https://evil.example/p.gif); color: #fff }\n</style><script>alert(1)</script>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().cssOverride).toBe('.bar { background: none; color: #fff }\n/style>script>alert(1)/script>');
    const html = (await t.app.inject({ method: 'GET', url: '/p/midnightowls/summertour2026' })).body;
    const style = /<style id="account-css">([\s\S]*?)<\/style>\s*<\/head>/.exec(html);
    expect(style?.[1]).toBe('.bar { background: none; color: #fff }\n/style>script>alert(1)/script>');
    expect(html).not.toContain('evil.example');
    // Cleared, the page has no account style.
    expect((await put(admin, { cssOverride: null })).json().cssOverride).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/p/midnightowls/summertour2026' })).body).not.toContain('account-css');
  });
});
