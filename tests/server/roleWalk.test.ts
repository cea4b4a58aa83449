import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { routes } from '../../server/routes';
import type { Access, RouteDef } from '../../server/routes/define';
import { ruleFor, type Rule } from '@shared/domain/permissions';
import { hasRole, type AccountRole } from '@shared/domain/roles';
import { createUser } from '../../server/services/users';
import { addMember, createAccount } from '../../server/services/accountCreate';
import { createPage } from '../../server/services/pages';
import { CONSOLE_REQUEST_HEADER } from '@shared/domain/constants';
import { createTestApp, signIn, testDatabases, type TestApp } from './helpers';
import { insertUpload } from './uploadFixtures';

/**
 * Walks every route of the route table as every kind of caller and checks the guard's answer:
 * 401 without a session, 403 below the rule or outside the account, and for everyone allowed
 * neither of those nor a 5xx. Routes added later are walked the day they are added.
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

function allowed(access: Access, actor: Actor): 'pass' | 401 | 403 | 'any' {
  if (access === 'public') return 'any';
  if (actor === 'anonymous') return 401;
  if (access === 'signedIn') return 'pass';
  const rule: Rule | undefined = ruleFor(access.resource, access.action);
  if (!rule) throw new Error(`no rule for ${access.resource}.${access.action}`);
  if (actor === 'platformAdmin') return 'pass';
  if (rule === 'platformAdmin') return 403;
  // The outsider owns another account: routes on the current account act there, others refuse.
  if (actor === 'outsider') return access.account?.from === 'current' ? 'pass' : 403;
  return hasRole(actor, rule) ? 'pass' : 403;
}

describe.each(testDatabases)('role walk over every route on $name', (kind) => {
  let t: TestApp;
  const cookies = new Map<Actor, string>();
  const params: Record<string, string> = {};
  /** Rows of account A for routes that find their account through a record. */
  const records: Record<string, string> = {};
  /** Makes a fresh row, so a route deleting it meets one for every caller. */
  const freshRecord: Record<string, () => Promise<string>> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const band = await t.db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    const common = { password: 'demo1234', emailVerified: true, status: 'enabled' as const };
    const admin = await createUser(t.db, { ...common, email: EMAILS.admin!, firstName: 'Walk', lastName: 'Admin' });
    await addMember(t.db, band.id, admin, 'admin');
    const outsider = await createUser(t.db, { ...common, email: EMAILS.outsider!, firstName: 'Out', lastName: 'Sider' });
    const other = await createAccount(t.db, { name: 'Elsewhere', slug: 'elsewhere' });
    await addMember(t.db, other, outsider, 'owner');
    // A member no caller signs in as, so role changes and removals by the walk hurt nobody.
    const target = await createUser(t.db, { ...common, email: 'walk.target@example.com', firstName: 'Tar', lastName: 'Get' });
    await addMember(t.db, band.id, target, 'readonly');
    Object.assign(params, { id: band.id, sessionId: 'no-such-session', userId: target, token: randomBytes(24).toString('base64url'), accountSlug: 'midnightowls', pageSlug: 'summertour2026', file: 'countries-110m.json' });
    const page = await createPage(t.db, band.id, 'Walk Page');
    records.pages = page.id;
    freshRecord.uploads = async () => (await insertUpload(t.db, { accountId: band.id, pageId: page.id })).id;
    records.uploads = await freshRecord.uploads();
    params.videoId = records.uploads;
    params.uploadId = records.uploads;
  });
  afterAll(async () => t?.close());

  async function cookieOf(actor: Actor): Promise<string | undefined> {
    if (actor === 'anonymous') return undefined;
    if (!cookies.has(actor)) {
      const cookie = await signIn(t.app, EMAILS[actor]!);
      // Sessions start without an account for multi-account users; put everyone in account A.
      await t.app.inject({ method: 'POST', url: `/api/auth/switch-account/${params.id}`, headers: { cookie } });
      cookies.set(actor, cookie);
    }
    return cookies.get(actor);
  }

  function urlOf(def: RouteDef): string {
    const access = def.access;
    const record = typeof access === 'object' && access.account?.from === 'record' ? access.account : undefined;
    return def.url.replace(/:(\w+)/g, (_, name: string) => {
      if (record && record.param === name) {
        if (!records[record.table]) throw new Error(`role walk: no ${record.table} row for ${def.url}`);
        return encodeURIComponent(records[record.table]);
      }
      if (!(name in params)) throw new Error(`role walk: no value for :${name} in ${def.url}`);
      return encodeURIComponent(params[name]);
    });
  }

  it('answers each caller exactly as the permissions table says', async () => {
    const mismatches: string[] = [];
    // Deleting routes go last so what they remove is not missed by the routes after them, and
    // disabling the account after those, since members of a disabled account are refused.
    const rank = (def: RouteDef) => (def.url === '/api/accounts/:id/disable' ? 2 : Number(def.method === 'DELETE'));
    const ordered = [...routes].sort((a, b) => rank(a) - rank(b));
    expect(ordered.length).toBeGreaterThan(10);
    for (const def of ordered) {
      const located = typeof def.access === 'object' ? def.access.account : undefined;
      for (const actor of ACTORS) {
        if (def.method === 'DELETE' && located?.from === 'record' && freshRecord[located.table]) records[located.table] = await freshRecord[located.table]();
        const cookie = await cookieOf(actor);
        const response = await t.app.inject({
          method: def.method,
          url: urlOf(def),
          // As the console sends it (a same-origin GET such as logout needs it).
          headers: { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value, ...(cookie ? { cookie } : {}) },
          ...(def.method === 'POST' || def.method === 'PUT' ? { payload: {} } : {}),
        });
        if (def.url === '/api/auth/logout') cookies.delete(actor);
        const status = response.statusCode;
        const pinned = actor === 'platformAdmin' ? PLATFORM_ADMIN_STATUS[`${def.method} ${def.url}`] : undefined;
        const expected = pinned ?? allowed(def.access, actor);
        const ok =
          status < 500 &&
          (expected === 'any' || (expected === 'pass' ? status !== 401 && (status !== 403 || def.access === 'signedIn') : status === expected));
        if (!ok) mismatches.push(`${def.method} ${def.url} as ${actor}: got ${status}, expected ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
    // One request per route and caller, hundreds in all: longer than one test's default on a busy machine.
  }, 180_000);
});
