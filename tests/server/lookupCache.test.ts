import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createDb, migrate, sqliteFileOf, type Db } from '../../server/db';
import { cachedLookup, LOOKUP_TTL_MS } from '../../server/db/lookupCache';
import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';
import { createTestApp, demoAccounts, freshDb, signIn, testDatabases, type TestApp } from './helpers';

const sqlite = testDatabases[0];

/** The URL of the PostgreSQL database a test app runs on (a fresh database on the server of `serverUrl`). */
async function urlOf(db: Db, serverUrl: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(serverUrl);
  url.pathname = `/${rows[0].name}`;
  return url.toString();
}

/** The lookups every request makes are kept by key until a write to the tables they read. */
describe('lookup cache', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let loads = 0;
  const lookup = () => cachedLookup(db, 'key', async () => ++loads);
  beforeAll(async () => {
    ({ db, drop } = await freshDb(sqlite));
    await migrate(db);
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  it('answers a key once until a write to sessions, users, account users or accounts', async () => {
    expect(await lookup()).toBe(1);
    expect(await lookup()).toBe(1);
    await db.deleteFrom('accountUsers').where('userId', '=', 'nobody').execute();
    expect(await lookup()).toBe(2);
    await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', 'nobody').execute();
    expect(await lookup()).toBe(3);
  });

  it('keeps its answers through writes to other tables', async () => {
    const kept = await lookup();
    await db.deleteFrom('pages').where('id', '=', 'nobody').execute();
    expect(await lookup()).toBe(kept);
  });

  it('reads afresh inside a transaction, which may see its own uncommitted writes', async () => {
    const kept = await lookup();
    await db.transaction().execute(async (trx) => {
      expect(await cachedLookup(trx, 'key', async () => -1)).toBe(-1);
    });
    expect(await lookup()).toBe(kept);
  });

  it('forgets an answer after LOOKUP_TTL_MS, for writes made by other processes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const kept = await lookup();
      vi.setSystemTime(Date.now() + LOOKUP_TTL_MS + 1);
      expect(await lookup()).toBe(kept + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.each(testDatabases)('sessions and roles on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const context = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/context', headers: { cookie } });

  it('sees a role change and a disabled user at the next request', async () => {
    const cookie = await signIn(t.app, 'owner@example.com');
    const { band } = await demoAccounts(t.db);
    const switched = await t.app.inject({
      method: 'POST',
      url: `/api/auth/switch-account/${band}`,
      headers: { cookie, [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value },
    });
    expect(switched.statusCode).toBe(200);
    const first = await context(cookie);
    expect(first.statusCode).toBe(200);
    const { user, account } = first.json();
    expect(user.role).toBe('owner');
    await t.db.updateTable('accountUsers').set({ role: 'readonly' }).where('userId', '=', user.id).where('accountId', '=', account.id).execute();
    expect((await context(cookie)).json().user.role).toBe('readonly');
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    expect((await context(cookie)).statusCode).toBe(401);
    await t.db.updateTable('users').set({ status: 'enabled' }).where('id', '=', user.id).execute();
    expect((await context(cookie)).statusCode).toBe(200);
  });

  it('sees a sign-out made by another process within LOOKUP_TTL_MS', async () => {
    const cookie = await signIn(t.app, 'user@example.com');
    expect((await context(cookie)).statusCode).toBe(200);
    const other = kind.name === 'sqlite' ? createDb({ sqliteFile: sqliteFileOf(t.db) }) : createDb({ databaseUrl: await urlOf(t.db, kind.url!) });
    try {
      await other.deleteFrom('sessions').execute();
      await vi.waitFor(async () => expect((await context(cookie)).statusCode).toBe(401), { timeout: LOOKUP_TTL_MS * 5, interval: 100 });
    } finally {
      await other.destroy();
    }
  });
});
