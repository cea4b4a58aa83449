import type { Compilable, CompiledQuery } from 'kysely';
import type SQLite from 'better-sqlite3';
import { sqliteConnectionOf, type Db } from './index';
import { camelRows, type SqliteConnection } from './sqliteDialect';

/** How many answers a cached query keeps per database (the least recently used go first). */
const CACHED_ANSWERS = 10_000;

export interface Compiled<Row> {
  query: CompiledQuery<Row>;
  slots: (number | undefined)[];
  /** SQLite: prepared on the connection (a reading statement), or found to write (left to Kysely). */
  statement?: SQLite.Statement;
  prepared?: boolean;
  /** SQLite, `cached` queries: answers by their arguments, with the database's change stamp when read. */
  answers?: Map<string, { stamp: string; rows: Row[] }>;
}

export interface CompiledQueryOptions {
  /**
   * Keep answers on SQLite until the database changes (any write, by this process or another):
   * for the lookups every request makes (session, role). Arguments must be strings or numbers,
   * and the answer must not depend on anything but them and the database (no clock). The rows
   * answered on SQLite are frozen (shared by every caller until the database changes).
   */
  cached?: boolean;
}

/**
 * A hot query built and compiled once per database, then run with new values: building a
 * Kysely query (and its CamelCasePlugin pass) costs more than running it on SQLite for the
 * short lookups every request makes. `build` receives placeholder values for its parameters,
 * which must reach the SQL only as bound values (in `where`, `values`, `set`), never in its
 * shape (no `if` on them, no `limit` chosen from them).
 *
 * On SQLite a read runs straight on the connection's prepared statement, without Kysely's
 * executor and its promises, unless a transaction (or a stream) holds the connection: a read
 * run beside a transaction would see its uncommitted rows (server/db/sqliteDialect.ts).
 * JavaScript runs one thing at a time, so no transaction can begin or write while the
 * synchronous read runs.
 */
export function compiledQuery<Args extends (string | number)[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
  options: CompiledQueryOptions = {},
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Db, Compiled<Row>>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      entry = compile(db, build, args.length);
      compiled.set(db, entry);
    }
    const parameters = parametersOf(entry, args);
    if (options.cached) {
      const sqlite = sqliteConnectionOf(db);
      if (sqlite && !sqlite.hold.held) {
        prepareOn(sqlite.connection, entry);
        if (entry.statement) return cachedRead(sqlite, entry, args, parameters);
      }
    }
    return runCompiled(db, entry, parameters);
  };
}

/**
 * A value derived from a row once per row object: a `cached` query's rows on SQLite are frozen and
 * shared until the database changes, so what a request builds from them (a parsed JSON column, an
 * expiry in milliseconds) is built once while the row is unchanged. Other rows (PostgreSQL's, a
 * transaction's) are new objects each time, and get their value each time.
 */
export function perRow<Row extends object, Value>(derive: (row: Row) => Value): (row: Row) => Value {
  const values = new WeakMap<Row, Value>();
  return (row) => {
    if (values.has(row)) return values.get(row)!;
    const value = derive(row);
    values.set(row, value);
    return value;
  };
}

/** The placeholder of argument `index` while a query is built: a value no caller passes. */
export const placeholder = (index: number) => `\u0000compiled-query-parameter-${index}\u0000`;

/**
 * A query built once with placeholders (see `placeholder`) and compiled: each of its parameters is
 * either an argument's slot or a value of the query's own. A placeholder that reaches the SQL other
 * than as a bound value (in a pattern, say) would make every call run with the first call's value,
 * so it is refused.
 */
export function compilePlaceholders<Row>(query: CompiledQuery<Row>, placeholders: unknown[]): Compiled<Row> {
  const slots = query.parameters.map((value) => {
    const index = placeholders.indexOf(value);
    if (index < 0 && typeof value === 'string' && value.includes('\u0000compiled-query-parameter-')) throw new Error('compiledQuery: an argument reached the SQL other than as a bound value');
    return index >= 0 ? index : undefined;
  });
  return { query, slots };
}

export function parametersOf<Row>({ query, slots }: Compiled<Row>, args: readonly unknown[]): unknown[] {
  return query.parameters.map((value, position) => (slots[position] === undefined ? value : args[slots[position]]));
}

/**
 * Runs a compiled read with these parameters: on SQLite straight on the connection's prepared
 * statement, unless a transaction (or a stream) holds the connection (see compiledQuery).
 */
export async function runCompiled<Row>(db: Db, entry: Compiled<Row>, parameters: unknown[]): Promise<Row[]> {
  const sqlite = sqliteConnectionOf(db);
  if (sqlite && !sqlite.hold.held) {
    prepareOn(sqlite.connection, entry);
    if (entry.statement) return camelRows<Row>(entry.statement, parameters);
  }
  const result = await db.executeQuery<Row>({ ...entry.query, parameters });
  return result.rows;
}

function compile<Args extends unknown[], Row>(db: Db, build: (db: Db, ...args: Args) => Compilable<Row>, arity: number): Compiled<Row> {
  const placeholders = Array.from({ length: arity }, (_, index) => placeholder(index)) as Args;
  const entry = compilePlaceholders(build(db, ...placeholders).compile(), placeholders);
  if (new Set(entry.slots.filter((slot) => slot !== undefined)).size < arity) throw new Error('compiledQuery: every argument must be a bound parameter');
  return entry;
}

function prepareOn<Row>(connection: SQLite.Database, entry: Compiled<Row>): void {
  if (entry.prepared) return;
  const statement = connection.prepare(entry.query.sql);
  // Writes go through Kysely, which counts them (server/db/sqliteChanges.ts).
  if (statement.reader) entry.statement = statement;
  entry.prepared = true;
}

/** The kept answer while the database is unchanged since it was read. Its rows are frozen: a caller changing one would change every later answer. */
function cachedRead<Row>({ changes }: SqliteConnection, entry: Compiled<Row>, args: (string | number)[], parameters: unknown[]): Row[] {
  const answers = (entry.answers ??= new Map<string, { stamp: string; rows: Row[] }>());
  const key = args.join('\u0000');
  const stamp = changes.stamp();
  let answer = answers.get(key);
  if (answer) answers.delete(key);
  if (!answer || answer.stamp !== stamp) answer = { stamp, rows: Object.freeze(camelRows<Row>(entry.statement!, parameters).map((row) => Object.freeze(row))) as Row[] };
  answers.set(key, answer);
  if (answers.size > CACHED_ANSWERS) answers.delete(answers.keys().next().value as string);
  return answer.rows;
}
