import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, RouteDef } from '../../server/routes/define';
import type { PermissionTable, Rule } from '#shared/domain/permissions';
import { hasRole, type AccountRole } from '#shared/domain/roles';
import { createUser } from '../../server/services/users';
import { addMember } from '../../server/services/accountCreate';
import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';
import { createTestApp, signIn, testDatabases, type TestApp } from './helpers';
import { testResources } from '../fixtures/resources';
import { crossAccountRoutes, pathValues, recordLocatedRoutes, walkWorld, type WalkWorld } from './routeFixtures';
import { parentOf, recordParam } from '#shared/resources/define';

/**
 * Walks every route of the route table as every kind of caller and checks the guard's answer:
 * 401 without a session, 403 below the rule or outside the account, and for everyone allowed
 * neither of those nor a 5xx. Routes added later are walked the day they are added, and so are
 * declared resources (the test ones of tests/fixtures/resources included); path values come from
 * one table (routeFixtures.ts).
 */
type Actor = 'anonymous' | AccountRole | 'outsider' | 'platformAdmin';
const ACTORS: Actor[] = ['anonymous', 'readonly', 'user', 'admin', 'owner', 'outsider', 'platformAdmin'];
const EMAILS: Partial<Record<Actor, string>> = {
  readonly: 'readonly@example.com',
  user: 'user@example.com',
  admin: 'walk.admin@example.com',
  owner: 'owner@example.com',
  outsider: 'walk.outsider@example.com',
  platformAdmin: 'admin@example.com',
};

/**
 * Routes whose answer to the platform admin is pinned exactly (the walk sends an empty body;
 * the account is enabled until the disabling route, walked last).
 */
const PLATFORM_ADMIN_STATUS: Record<string, number> = {
  'GET /api/accounts': 200,
  'POST /api/accounts': 400,
  'POST /api/accounts/:id/enable': 409,
  'PUT /api/accounts/:id/plan': 400,
  'POST /api/accounts/:id/disable': 200,
  // The dialog's Like is the account members' own; the console shows platform admins none.
  'POST /api/accounts/:id/videos/:videoId/like': 403,
};

function allowed(permissions: PermissionTable, access: Access, actor: Actor): 'pass' | 401 | 403 | 404 | 'any' {
  if (access === 'public') return 'any';
  if (actor === 'anonymous') return 401;
  if (access === 'signedIn') return 'pass';
  const rule: Rule | undefined = permissions.ruleFor(access.resource, access.action);
  if (!rule) throw new Error(`no rule for ${access.resource}.${access.action}`);
  if (actor === 'platformAdmin' || rule === 'signedIn') return 'pass';
  if (rule === 'platformAdmin') return 403;
  // The outsider owns another account: routes on the current account act there, a record of A is
  // not there for them (404), and routes on account A refuse.
  if (actor === 'outsider') return access.account?.from === 'current' ? 'pass' : access.account?.from === 'record' ? 404 : 403;
  return hasRole(actor, rule) ? 'pass' : 403;
}

describe.each(testDatabases)('role walk over every route on $name', (kind) => {
  let t: TestApp;
  let world: WalkWorld;
  let urlOf: ReturnType<typeof pathValues>;
  const cookies = new Map<Actor, string>();

  beforeAll(async () => {
    t = await createTestApp(kind, { resources: testResources.map((entry) => entry.resource) });
    world = await walkWorld(t, EMAILS.outsider);
    const admin = await createUser(t.db, {
      password: 'demo1234',
      emailVerified: true,
      status: 'enabled',
      email: EMAILS.admin!,
      firstName: 'Walk',
      lastName: 'Admin',
    });
    await addMember(t.db, world.accountA, admin, 'admin');
    urlOf = pathValues(world);
  });
  afterAll(async () => t?.close());

  async function cookieOf(actor: Actor): Promise<string | undefined> {
    if (actor === 'anonymous') return undefined;
    if (!cookies.has(actor)) {
      const cookie = await signIn(t.app, EMAILS[actor]!);
      // Sessions start without an account for multi-account users; put everyone in account A.
      await t.app.inject({ method: 'POST', url: `/api/auth/switch-account/${world.accountA}`, headers: { cookie } });
      cookies.set(actor, cookie);
    }
    return cookies.get(actor);
  }

  const send = async (
    def: RouteDef,
    url: string,
    cookie: string | undefined,
    payload: unknown = def.method === 'POST' || def.method === 'PUT' ? {} : undefined,
  ) =>
    t.app.inject({
      method: def.method,
      url,
      // As the console sends it (a same-origin GET such as logout needs it).
      headers: { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('walks the declared resources too', () => {
    const urls = t.app.routeTable.map((def) => `${def.method} ${def.url}`);
    for (const { resource } of testResources) expect(urls).toContain(`DELETE /api/${parentOf(resource).path}/:${recordParam(resource)}`);
    // A record action, on one record and on many.
    expect(urls).toEqual(expect.arrayContaining(['POST /api/pages/:id/setlists/:setlistId/publish', 'POST /api/pages/:id/setlists/publish']));
  });

  it('answers 404 to a member of account B asking, through B, for a record of account A', async () => {
    const checked = crossAccountRoutes(t.app.routeTable);
    expect(checked.map((def) => def.url)).toContain('/api/accounts/:id/users/:userId');
    // Before the walk below, which deletes and disables what it reaches.
    const outsider = await signIn(t.app, EMAILS.outsider!);
    const platformAdmin = await cookieOf('platformAdmin');
    const problems: string[] = [];
    for (const def of checked) {
      const ofA = await urlOf({ ...def, method: 'GET' });
      const throughB = ofA.replace(`/api/accounts/${world.accountA}/`, `/api/accounts/${world.accountB}/`);
      // A body A's record would take, so a refusal is about the record and not the input.
      const pair = def.method === 'PUT' && t.app.routeTable.some((get) => get.method === 'GET' && get.url === def.url);
      const got = await send({ ...def, method: 'GET' }, ofA, platformAdmin);
      if (pair && got.statusCode !== 200) problems.push(`GET ${def.url}: account A's record is missing (${got.statusCode})`);
      const body = pair ? got.json() : undefined;
      const before = got.body;
      const response = await send(def, throughB, outsider, body);
      const allowedStatuses = def.method === 'GET' || def.method === 'DELETE' || pair ? [404] : [400, 404];
      if (!allowedStatuses.includes(response.statusCode)) problems.push(`${def.method} ${def.url}: got ${response.statusCode} ${response.body.slice(0, 120)}`);
      const after = (await send({ ...def, method: 'GET' }, ofA, platformAdmin)).body;
      if (after !== before) problems.push(`${def.method} ${def.url}: account A's record changed`);
    }
    // Routes that find the account through the record: not found, as if it were not there.
    const located = recordLocatedRoutes(t.app.routeTable);
    expect(located.map((def) => def.url)).toContain('/api/pages/:id');
    for (const def of located) {
      const url = await urlOf(def);
      // The record's own GET (/api/pages/:id), on the same row as the route's path.
      const prefix = def.url.split('/').slice(0, def.url.split('/').indexOf(':id') + 1);
      const show = t.app.routeTable.find((get) => get.method === 'GET' && get.url === prefix.join('/'));
      const showUrl = show ? url.split('/').slice(0, prefix.length).join('/') : undefined;
      const before = showUrl && (await send(show!, showUrl, platformAdmin)).body;
      const response = await send(def, url, outsider);
      if (response.statusCode !== 404) problems.push(`${def.method} ${def.url} (record of A): got ${response.statusCode} ${response.body.slice(0, 120)}`);
      if (showUrl && (await send(show!, showUrl, platformAdmin)).body !== before) problems.push(`${def.method} ${def.url}: account A's record changed`);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('refuses an account id that names nothing as it refuses a non-member (403); only a platform admin gets 404', async () => {
    const onAccount = t.app.routeTable.filter(
      (def) =>
        typeof def.access === 'object' &&
        !def.access.account &&
        t.app.permissions.ruleFor(def.access.resource, def.access.action) !== 'platformAdmin' &&
        def.url.startsWith('/api/accounts/:id'),
    );
    expect(onAccount.map((def) => `${def.method} ${def.url}`)).toContain('GET /api/accounts/:id/invites');
    const outsider = await signIn(t.app, EMAILS.outsider!);
    const platformAdmin = await cookieOf('platformAdmin');
    const problems: string[] = [];
    for (const def of onAccount) {
      const ofA = await urlOf(def);
      const nowhere = ofA.replace(`/api/accounts/${world.accountA}`, '/api/accounts/no-such-account');
      const [theirs, unknown] = [await send(def, ofA, outsider), await send(def, nowhere, outsider)];
      if (theirs.statusCode !== 403 || unknown.statusCode !== 403 || theirs.json().message !== unknown.json().message) {
        problems.push(
          `${def.method} ${def.url}: account A ${theirs.statusCode} ${theirs.json().message}, no account ${unknown.statusCode} ${unknown.json().message}`,
        );
      }
      const admin = await send(def, nowhere, platformAdmin);
      if (admin.statusCode !== 404) problems.push(`${def.method} ${def.url} as platform admin, no account: got ${admin.statusCode}`);
    }
    // Switching to an account: the same refusal for an id that names nothing.
    const switchTo = (id: string, cookie: string) => t.app.inject({ method: 'POST', url: `/api/auth/switch-account/${id}`, headers: { cookie } });
    const [member, none] = [await switchTo(world.accountA, outsider), await switchTo('no-such-account', outsider)];
    expect([member.statusCode, none.statusCode]).toEqual([403, 403]);
    expect(none.json().message).toBe(member.json().message);
    expect((await switchTo('no-such-account', platformAdmin!)).statusCode).toBe(404);
    expect(problems).toEqual([]);
  }, 60_000);

  it('answers each caller exactly as the permissions table says', async () => {
    const mismatches: string[] = [];
    // Deleting routes go last so what they remove is not missed by the routes after them, and
    // disabling the account after those, since members of a disabled account are refused.
    const rank = (def: RouteDef) => (def.url === '/api/accounts/:id/disable' ? 2 : Number(def.method === 'DELETE'));
    const ordered = [...t.app.routeTable].sort((a, b) => rank(a) - rank(b));
    expect(ordered.length).toBeGreaterThan(10);
    for (const def of ordered) {
      for (const actor of ACTORS) {
        // A DELETE gets fresh rows for every caller (pathValues), so none meets a row already gone.
        const response = await send(def, await urlOf(def), await cookieOf(actor));
        if (def.url === '/api/auth/logout') cookies.delete(actor);
        const status = response.statusCode;
        const pinned = actor === 'platformAdmin' ? PLATFORM_ADMIN_STATUS[`${def.method} ${def.url}`] : undefined;
        const expected = pinned ?? allowed(t.app.permissions, def.access, actor);
        // An allowed DELETE must delete: its row is fresh, so a 404 would hide a refusal.
        const passes = def.method === 'DELETE' ? status < 300 : status !== 401 && (status !== 403 || def.access === 'signedIn');
        const ok = status < 500 && (expected === 'any' || (expected === 'pass' ? passes : status === expected));
        if (!ok) mismatches.push(`${def.method} ${def.url} as ${actor}: got ${status}, expected ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
    // One request per route and caller, hundreds in all: longer than one test's default on a busy machine.
  }, 180_000);
});
