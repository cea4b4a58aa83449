import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../server/db';
import { createAccount } from '../../server/services/accountCreate';
import { freshDb } from './helpers';

const sqlite = { name: 'sqlite' as const };

/** Kysely's SQLite dialect over the statement cache: one query at a time; transactions and streams hold the connection. */
describe('SQLite dialect', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(sqlite));
    await migrate(db);
    await createAccount(db, { name: 'Dialect Band', slug: 'dialectband' });
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  const status = () => db.selectFrom('accounts').select(['slug', 'status', 'createdAt']).where('slug', '=', 'dialectband').executeTakeFirstOrThrow();

  it('answers rows with camelCase names, as the plugin does on PostgreSQL', async () => {
    const row = await status();
    expect(Object.keys(row)).toEqual(['slug', 'status', 'createdAt']);
    const all = await db.selectFrom('accounts').selectAll().where('slug', '=', 'dialectband').executeTakeFirstOrThrow();
    expect(all).toMatchObject({ slug: 'dialectband', subscriptionPlan: 'free', lightHeader: 0, planLimits: expect.any(String) });
    expect(Object.keys(all).filter((key) => key.includes('_'))).toEqual([]);
  });

  it("makes a statement wait for another caller's transaction, never reading its uncommitted rows", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const seenInside: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ status: 'disabled' }).where('slug', '=', 'dialectband').execute();
      seenInside.push((await trx.selectFrom('accounts').select('status').where('slug', '=', 'dialectband').executeTakeFirstOrThrow()).status);
      wrote();
      await held;
      throw new Error('rolled back');
    });
    await written;
    let answered = false;
    const outside = status().then((row) => {
      answered = true;
      return row.status;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await outside).toBe('enabled');
    expect(seenInside).toEqual(['disabled']);
  });

  it('lets a committed transaction be read at once by the next statement', async () => {
    await db.transaction().execute((trx) => trx.updateTable('accounts').set({ status: 'disabled' }).where('slug', '=', 'dialectband').execute());
    expect((await status()).status).toBe('disabled');
    await db.updateTable('accounts').set({ status: 'enabled' }).where('slug', '=', 'dialectband').execute();
    expect((await status()).status).toBe('enabled');
  });

  it('holds the connection for a stream, so a statement issued meanwhile waits instead of failing', async () => {
    const streamed: string[] = [];
    let during: Promise<unknown> | undefined;
    for await (const row of db.selectFrom('accounts').select('slug').orderBy('slug').stream()) {
      streamed.push(row.slug);
      during ??= status();
    }
    await expect(during).resolves.toMatchObject({ slug: 'dialectband' });
    expect(streamed).toContain('dialectband');
  });
});

describe('SQLite transactions that start together', () => {
  it('run one after the other, each seeing the last one committed', async () => {
    const { db, drop } = await freshDb(sqlite);
    try {
      await migrate(db);
      await createAccount(db, { name: 'Counter', slug: 'counter' });
      const bump = () =>
        db.transaction().execute(async (trx) => {
          const { name } = await trx.selectFrom('accounts').select('name').where('slug', '=', 'counter').executeTakeFirstOrThrow();
          await new Promise((resolve) => setImmediate(resolve));
          await trx
            .updateTable('accounts')
            .set({ name: `${name}+` })
            .where('slug', '=', 'counter')
            .execute();
        });
      let release!: () => void;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const first = db.transaction().execute(
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            holding();
          }),
      );
      await held;
      const waiting = Array.from({ length: 5 }, bump);
      await new Promise((resolve) => setImmediate(resolve));
      release();
      await Promise.all([first, ...waiting]);
      const { name } = await db.selectFrom('accounts').select('name').where('slug', '=', 'counter').executeTakeFirstOrThrow();
      expect(name).toBe('Counter+++++');
    } finally {
      await db.destroy();
      await drop();
    }
  });
});

describe('SQLite statements waiting on a transaction', () => {
  it('run after it and never inside the next one that takes the connection: rolled-back transactions keep none of their writes', async () => {
    const { db, drop } = await freshDb(sqlite);
    try {
      await migrate(db);
      let release!: () => void;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const first = db.transaction().execute(async (trx) => {
        await trx.selectFrom('accounts').select('id').execute();
        await new Promise<void>((resolve) => {
          release = resolve;
          holding();
        });
        throw new Error('first rolled back');
      });
      await held;
      const writes = ['one', 'two', 'three'].map((slug) => createAccount(db, { name: slug, slug }));
      const next = db.transaction().execute(async (trx) => {
        await trx.selectFrom('accounts').select('id').execute();
        throw new Error('next rolled back');
      });
      release();
      await expect(first).rejects.toThrow('first rolled back');
      await expect(next).rejects.toThrow('next rolled back');
      await Promise.all(writes);
      const slugs = (await db.selectFrom('accounts').select('slug').where('slug', 'in', ['one', 'two', 'three']).execute()).map((row) => row.slug);
      expect(slugs.sort()).toEqual(['one', 'three', 'two']);
    } finally {
      await db.destroy();
      await drop();
    }
  });
});
