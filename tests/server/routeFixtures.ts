import { randomBytes } from 'node:crypto';
import { chosenReferences, recordParam, writableFieldsOf, type AnyResource } from '#shared/resources/define';
import { sampleRecord } from '#shared/resources/fields';
import type { RouteDef } from '../../server/routes/define';
import { insertRecord } from '../../server/db/repositories/declared';
import { createUser } from '../../server/services/users';
import { addMember, createAccount } from '../../server/services/accountCreate';
import { createPage } from '../../server/services/pages';
import { demoAccounts, type TestApp } from './helpers';
import { insertUpload } from './uploadFixtures';
import { newId } from '../../server/db/rows';

/**
 * The values the route walks (roleWalk, badInput) put into path parameters, from one table.
 * A named parameter (`:videoId`) is looked up by its name; `:id` by the path before it
 * (`/api/pages/:id` is a page, `/api/accounts/:id` an account). Each declared resource's record
 * parameter (`:venueId`) gets a row of account A made from its field schemas. A parameter
 * nobody listed fails the walk with "add a fixture for :xId", never a guessed value.
 */
export interface WalkWorld {
  t: TestApp;
  /** Account A, where every caller of the walks is a member (The Midnight Owls). */
  accountA: string;
  /** Account B and its owner, who belongs to no other account. */
  accountB: string;
  outsiderEmail: string;
  pageA: string;
  musician: string;
}

type Fixture = (world: WalkWorld) => string | Promise<string>;

const uploadOfA: Fixture = async (w) => (await insertUpload(w.t.db, { accountId: w.accountA, pageId: w.pageA })).id;

/** A release text version of account A (its version is the server's to number, so no sample row fits). */
const releaseTextOfA: Fixture = async (w) => {
  const id = newId();
  const now = new Date().toISOString();
  const latest = await w.t.db.selectFrom('releaseTexts').select('version').where('accountId', '=', w.accountA).orderBy('version', 'desc').executeTakeFirst();
  const texts = { textEn: 'Walk', textFr: 'Walk', textEs: 'Walk', textDe: 'Walk', textPt: 'Walk' };
  await w.t.db
    .insertInto('releaseTexts')
    .values({ id, accountId: w.accountA, version: (latest?.version ?? 0) + 1, ...texts, createdAt: now, updatedAt: now })
    .execute();
  return id;
};

/** A rights request about an upload of account A (its link and text are the server's to set). */
const rightsRequestOfA: Fixture = async (w) => {
  const id = newId();
  const now = new Date().toISOString();
  const uploadId = await uploadOfA(w);
  await w.t.db
    .insertInto('rightsRequests')
    .values({
      id,
      accountId: w.accountA,
      uploadId,
      linkId: newId(),
      locale: 'en',
      releaseTextId: 'walk',
      releaseVersion: 1,
      expiresAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
};

/** A read-only member of A nobody signs in as, so role changes and removals by the walk hurt nobody; a new one each time. */
const memberOfA: Fixture = async (w) => {
  const email = `walk.member.${randomBytes(6).toString('hex')}@example.com`;
  const member = await createUser(w.t.db, { password: 'demo1234', emailVerified: true, status: 'enabled', email, firstName: 'Tar', lastName: 'Get' });
  await addMember(w.t.db, w.accountA, member, 'readonly');
  return member;
};

/** A reel of A made of one approved, encoded video of A, so the walks' edits send back clips the reel may hold. */
const reelOfA: Fixture = async (w) => {
  const clip = await insertUpload(w.t.db, { accountId: w.accountA, pageId: w.pageA, mp4: `accounts/${w.accountA}/uploads/walk/video.mp4` });
  const reel = w.t.app.resources.find((resource) => resource.name === 'reels')!;
  return insertRecord(w.t.db, reel, w.accountA, { name: 'Walk', clips: [clip.id], credits: false });
};

/** Parameters by name, and `:id` by the path that leads to it. */
const FIXTURES: Record<string, Fixture> = {
  '/api/accounts/:id': (w) => w.accountA,
  '/api/account-stats/:id': (w) => w.accountA,
  '/api/auth/switch-account/:id': (w) => w.accountA,
  '/api/pages/:id': (w) => w.pageA,
  '/api/upload-videos/:id': uploadOfA,
  '/api/users/:id': (w) => w.musician,
  '/api/admin/jobs/:id': () => 'no-such-job',
  '/l/:id': () => 'no-such-link',
  ':userId': memberOfA,
  ':videoId': uploadOfA,
  ':uploadId': uploadOfA,
  ':reelId': reelOfA,
  ':releaseTextId': releaseTextOfA,
  ':rightsRequestId': rightsRequestOfA,
  ':sessionId': () => 'no-such-session',
  ':token': () => randomBytes(24).toString('base64url'),
  ':accountSlug': () => 'midnightowls',
  ':pageSlug': () => 'summertour2026',
  ':file': () => 'countries-110m.json',
};

/** The fixture key of each parameter of a route: `:name`, or the path up to `:id`. */
export function paramKeys(url: string): { name: string; key: string }[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1], key: match[1] === 'id' ? url.slice(0, match.index + 3) : `:${match[1]}` }));
}

/**
 * A declared resource's record parameter: a fresh row with sample values, under account A, or
 * under the row its parent's path fixture names (a setlist under page A).
 */
function declaredFixture(resources: readonly AnyResource[], name: string): Fixture | undefined {
  const resource = resources.find((declared) => recordParam(declared) === name);
  if (!resource) return undefined;
  const path = resource.parent?.path;
  const parentFixture = path ? FIXTURES[`/api/${path.slice(0, path.indexOf(':id') + 3)}`] : (w: WalkWorld) => w.accountA;
  if (!parentFixture) return undefined;
  // A chosen reference is left empty: a sample id would name no record.
  const references = chosenReferences(resource).map(({ field }) => field);
  const fields = Object.fromEntries(Object.entries(writableFieldsOf(resource)).filter(([key]) => !references.includes(key)));
  return async (w) => insertRecord(w.t.db, resource, await parentFixture(w), sampleRecord(fields, 'Walk'));
}

/** The fixture of a parameter; a declared resource's record (of the app's resources) needs none written. */
export function fixtureFor(key: string, name: string, resources: readonly AnyResource[]): Fixture {
  const fixture = FIXTURES[key] ?? declaredFixture(resources, name);
  if (!fixture) throw new Error(`route walk: add a fixture for :${name} (${key}) in tests/server/routeFixtures.ts`);
  return fixture;
}

/**
 * Path values for the walks. Values are made once and kept, except for DELETE routes: each
 * call gets fresh rows, so no caller meets a row an earlier caller already deleted.
 */
export function pathValues(world: WalkWorld) {
  const kept = new Map<string, Promise<string>>();
  return async function urlOf(def: Pick<RouteDef, 'method' | 'url'>, overrides: Record<string, string> = {}): Promise<string> {
    let url = def.url;
    for (const { name, key } of paramKeys(def.url)) {
      const fixture = fixtureFor(key, name, world.t.app.resources);
      let value = overrides[name];
      if (value === undefined && def.method === 'DELETE') value = await fixture(world);
      if (value === undefined) {
        if (!kept.has(key)) kept.set(key, Promise.resolve(fixture(world)));
        value = await kept.get(key)!;
      }
      url = url.replace(`:${name}`, encodeURIComponent(value));
    }
    return url;
  };
}

/** What both walks stand on: account A with a page, and account B with its owner. */
export async function walkWorld(t: TestApp, outsiderEmail = 'walk.outsider@example.com'): Promise<WalkWorld> {
  const { band } = await demoAccounts(t.db);
  const common = { password: 'demo1234', emailVerified: true, status: 'enabled' as const };
  const outsider = await createUser(t.db, { ...common, email: outsiderEmail, firstName: 'Out', lastName: 'Sider' });
  const accountB = await createAccount(t.db, { name: 'Elsewhere', slug: 'elsewhere' });
  await addMember(t.db, accountB, outsider, 'owner');
  const page = await createPage(t.db, band, 'Walk Page');
  const musician = await t.db.selectFrom('users').select('id').where('email', '=', 'maya@example.com').executeTakeFirstOrThrow();
  return { t, accountA: band, accountB, outsiderEmail, pageA: page.id, musician: musician.id };
}

/**
 * Routes that reach one record of an account through the account in the path
 * (`/api/accounts/:id/<things>/:thingId`): a member of account B who puts B's id in the path and
 * A's record id after it must get 404, as if the record were not there.
 */
export function crossAccountRoutes(table: readonly RouteDef[]): RouteDef[] {
  return table.filter((def) => {
    if (typeof def.access !== 'object' || (def.access.account && def.access.account.from !== 'param')) return false;
    const keys = paramKeys(def.url);
    return keys[0]?.key === '/api/accounts/:id' && keys.length > 1;
  });
}

/**
 * Routes that find their account through the record itself (`/api/pages/:id`, AccountLocator
 * 'record'): account B's member asking for A's record finds nothing (404, as for an id that names
 * nothing); never the record, never a refusal that tells it exists, and the record does not change.
 */
export function recordLocatedRoutes(table: readonly RouteDef[]): RouteDef[] {
  return table.filter((def) => typeof def.access === 'object' && def.access.account?.from === 'record');
}
