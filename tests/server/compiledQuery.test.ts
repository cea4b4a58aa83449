import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQuery } from '../../server/db/compiledQuery';
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
