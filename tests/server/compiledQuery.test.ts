import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledQuery } from '../../server/db/compiledQuery';
import { sqliteFileOf } from '../../server/db';
import { OTHER_PROCESS_COMMITS_SEEN_WITHIN_MS } from '../../server/db/sqliteChanges';
import type { AccountStatus } from '../../src/domain/roles';
import { createTestApp, testDatabases, type TestApp } from './helpers';

const accountBySlug = compiledQuery((db, slug: string, status: AccountStatus) =>
  db.selectFrom('accounts').select(['slug', 'status', 'createdAt']).where('slug', '=', slug).where('status', '=', status),
);

describe.each(testDatabases)('queries compiled once ($name)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('runs with each call\'s values and maps columns like any query', async () => {
    expect(await accountBySlug(t.db, 'midnightowls', 'enabled')).toEqual([expect.objectContaining({ slug: 'midnightowls', status: 'enabled', createdAt: expect.any(String) })]);
    expect(await accountBySlug(t.db, 'harborcityfc', 'enabled')).toEqual([expect.objectContaining({ slug: 'harborcityfc' })]);
    expect(await accountBySlug(t.db, 'midnightowls', 'disabled')).toEqual([]);
    expect(await accountBySlug(t.db, "x' or '1'='1", 'enabled')).toEqual([]);
  });

  it('refuses a query whose arguments do not all become bound values', async () => {
    const shaped = compiledQuery((db, limit: number) => db.selectFrom('accounts').select('slug').limit(Number.isNaN(Number(limit)) ? 1 : 2));
    await expect(shaped(t.db, 5)).rejects.toThrow('every argument must be a bound parameter');
  });
});

const statusBySlug = compiledQuery((db, slug: string) => db.selectFrom('accounts').select(['slug', 'status']).where('slug', '=', slug), { cached: true });

describe('cached hot queries on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ name: 'sqlite' });
  });
  afterAll(async () => t?.close());

  const setStatus = (status: AccountStatus) => t.db.updateTable('accounts').set({ status }).where('slug', '=', 'midnightowls').execute();

  it('answers a write of this process at once', async () => {
    expect(await statusBySlug(t.db, 'midnightowls')).toEqual([{ slug: 'midnightowls', status: 'enabled' }]);
    await setStatus('disabled');
    expect(await statusBySlug(t.db, 'midnightowls')).toEqual([{ slug: 'midnightowls', status: 'disabled' }]);
    await setStatus('enabled');
    expect(await statusBySlug(t.db, 'midnightowls')).toEqual([{ slug: 'midnightowls', status: 'enabled' }]);
  });

  it('sees a commit of another connection (another process, a CLI) within its window', async () => {
    expect(await statusBySlug(t.db, 'midnightowls')).toEqual([{ slug: 'midnightowls', status: 'enabled' }]);
    const other = new SQLite(sqliteFileOf(t.db)!);
    try {
      other.prepare("update accounts set status = 'disabled' where slug = 'midnightowls'").run();
      await vi.waitFor(async () => expect(await statusBySlug(t.db, 'midnightowls')).toEqual([{ slug: 'midnightowls', status: 'disabled' }]), { timeout: 1000, interval: OTHER_PROCESS_COMMITS_SEEN_WITHIN_MS });
      other.prepare("update accounts set status = 'enabled' where slug = 'midnightowls'").run();
      await vi.waitFor(async () => expect(await statusBySlug(t.db, 'midnightowls')).toEqual([{ slug: 'midnightowls', status: 'enabled' }]), { timeout: 1000, interval: OTHER_PROCESS_COMMITS_SEEN_WITHIN_MS });
    } finally {
      other.close();
    }
  });

  it('refuses a change to a kept row, so no caller can change what the next one is answered', async () => {
    const rows = await statusBySlug(t.db, 'midnightowls');
    expect(() => {
      rows[0].status = 'disabled';
    }).toThrow(TypeError);
    expect(() => rows.pop()).toThrow(TypeError);
    expect(await statusBySlug(t.db, 'midnightowls')).toEqual([{ slug: 'midnightowls', status: 'enabled' }]);
  });

  it('never reads the uncommitted rows of a transaction open on the connection', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let changed!: () => void;
    const written = new Promise<void>((resolve) => (changed = resolve));
    const transaction = t.db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ status: 'disabled' }).where('slug', '=', 'midnightowls').execute();
      changed();
      await held;
      throw new Error('rolled back');
    });
    await written;
    const during = statusBySlug(t.db, 'midnightowls');
    const uncached = accountBySlug(t.db, 'midnightowls', 'disabled');
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await during).toEqual([{ slug: 'midnightowls', status: 'enabled' }]);
    expect(await uncached).toEqual([]);
  });
});
