import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './types';
import { migrations } from './migrations';
import { withStatementCache } from './statementCache';
import { LookupCache } from './lookupCache';
import { optionalPackage } from '../optionalPackages';

export type Db = Kysely<Database>;

interface DbOptions {
  /** postgres:// URL; undefined means the SQLite file. */
  databaseUrl?: string;
  /** SQLite file path (':memory:' allowed). */
  sqliteFile?: string;
}

export function createDb({ databaseUrl, sqliteFile }: DbOptions): Db {
  if (databaseUrl) {
    const pg = optionalPackage('pg');
    // PostgreSQL's count(*) is bigint, which pg returns as a string; our counts fit in a number.
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server drops (a restart, a terminated backend) is an 'error' event
    // on the pool: without a listener it would crash the process. The pool replaces it.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    return new Kysely<Database>({
      // The cursor lets .stream() read big results (fan data exports) a chunk at a time.
      dialect: new PostgresDialect({ pool, cursor: optionalPackage('pg-cursor') }),
      plugins: [new CamelCasePlugin(), new LookupCache()],
    });
  }
  const file = sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = openSqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Statistics for the planner (SQLite's advice for long-lived connections): with them it picks
  // the most selective index of a filtered list (e.g. the uploads waiting for approval) instead
  // of walking the sort index. The limit keeps this to milliseconds on big tables.
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma('optimize = 0x10002');
  // Kysely's dialect runs one query at a time on the one connection (a transaction holds it
  // until it ends: inside one, query through its `trx`, never `db`, or wait forever).
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin(), new LookupCache()],
  });
  if (file !== ':memory:') sqliteFiles.set(db, file);
  return db;
}

/**
 * A better-sqlite3 connection with SQLite's own default page cache, 2 MB: better-sqlite3 builds
 * SQLite with 16 MB a connection, which our reads do not need, the OS keeping the file's pages.
 * At a million uploads, the 165 statements of the upload list bench ran as fast with 2 MB (hot
 * ones alike, 0.70-0.73 ms for a page, count and approval count) and the connection held 24 MB
 * less; a 1M-row export's own connection filled its 16 MB too.
 */
export function openSqlite(file: string, options?: SQLite.Options): SQLite.Database {
  const sqlite = new SQLite(file, options);
  sqlite.pragma('cache_size = -2000');
  return sqlite;
}

const sqliteFiles = new WeakMap<Db, string>();

/** The SQLite file behind a database (undefined for PostgreSQL and in-memory SQLite): long reads open their own connection on it. */
export function sqliteFileOf(db: Db): string | undefined {
  return sqliteFiles.get(db);
}

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
