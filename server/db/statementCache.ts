import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The better-sqlite3 database Kysely's SqliteDialect is given, with `prepare` kept by SQL text:
 * better-sqlite3 compiles a statement on every `prepare`, and the dialect prepares every query
 * it runs; for the short queries of a request, compiling costs more than running. Kysely's SQL
 * for a query shape is stable (values are parameters); at most `max` statements are kept, the
 * least recently used going first. The dialect runs one query at a time on the connection (its
 * mutex, held by a stream until it ends), so a kept statement is never busy when taken again.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
