import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely prepares every query it
 * runs: for the short queries of a request, compiling costs more than running. Statements are
 * kept by SQL text (Kysely's SQL for a given query shape is stable, values are parameters), at
 * most `max` of them, the least recently used going first. A statement runs synchronously right
 * after it is taken (a stream holds the connection while it iterates: sqliteDialect.ts), so a
 * cached statement is never busy when it is taken again. `onWrite` hears of every statement that
 * may write.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 1000, onWrite?: () => void): SqliteDatabase {
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
      if (!statement.reader) onWrite?.();
      return statement;
    },
  };
}
