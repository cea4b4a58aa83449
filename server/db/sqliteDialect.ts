import type SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import { withStatementCache } from './statementCache';
import type { SqliteChanges } from './sqliteChanges';

/** The one better-sqlite3 connection of a database, what changed it, and who holds it. */
export interface SqliteConnection {
  connection: SQLite.Database;
  changes: SqliteChanges;
  hold: ConnectionHold;
}

/** Kysely's own snake_case to camelCase mapping, so rows mapped here read as the plugin would map them. */
class ColumnNames extends CamelCasePlugin {
  camel(name: string): string {
    return this.camelCase(name);
  }
}
const columnNames = new ColumnNames();

/** Row arrays already camel-cased (camelRows): SqliteCamelCasePlugin passes them through. */
const mappedRows = new WeakSet<object>();
type RowBuilder = (values: unknown[]) => Record<string, unknown>;
const rowBuilders = new WeakMap<SQLite.Statement, RowBuilder>();

/**
 * A function that makes a row object of a statement's value array in one object literal, the
 * statement's column names mapped to camelCase once. Objects built key by key (as better-sqlite3
 * and a loop over the names would) cost half again the statement's own time on a 50-row page;
 * a literal gives every row of the statement one shape at once. The names are JSON-quoted, so
 * no column name can be read as code.
 */
function rowBuilderOf(statement: SQLite.Statement): RowBuilder {
  let build = rowBuilders.get(statement);
  if (!build) {
    const fields = statement.columns().map((column, index) => `${JSON.stringify(columnNames.camel(column.name))}: values[${index}]`);
    build = new Function('values', `return { ${fields.join(', ')} };`) as RowBuilder;
    rowBuilders.set(statement, build);
  }
  return build;
}

/** A reading statement's rows as objects with camelCase names. */
export function camelRows<R>(statement: SQLite.Statement, parameters: readonly unknown[]): R[] {
  const build = rowBuilderOf(statement);
  const values = statement.raw(true).all(parameters) as unknown[][];
  const rows = values.map(build) as R[];
  mappedRows.add(rows);
  return rows;
}

/**
 * The CamelCasePlugin for this dialect: names in queries as the plugin writes them, rows as the
 * driver already mapped them (with each statement's column names mapped once, not every key of
 * every row).
 */
export class SqliteCamelCasePlugin extends CamelCasePlugin {
  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return mappedRows.has(args.result.rows) ? args.result : super.transformResult(args);
  }
}

/** Who holds the one connection for more than one statement (a transaction, a stream); everyone else waits. */
export class ConnectionHold {
  #held?: Promise<void>;
  #release?: () => void;

  get held(): boolean {
    return this.#held !== undefined;
  }

  /** Settles when the holder gives the connection back; check `held` again then, in the same step as what follows. */
  released(): Promise<void> | undefined {
    return this.#held;
  }

  /** The check and the take in one synchronous step after each wait, so two waiters woken together cannot both take it. */
  async take(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  give(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

/**
 * better-sqlite3 under Kysely without its connection queue for single statements. Kysely's own
 * driver queues every query behind a promise lock, because a transaction holds the one
 * connection across awaits. Here only transactions (and streams) take the connection; a single
 * statement runs at once, synchronously, unless one of them holds it, and then after it. No
 * statement can therefore run inside another caller's transaction.
 */
class DirectSqliteDriver implements Driver {
  readonly hold: ConnectionHold;
  readonly #sqlite: SQLite.Database;
  readonly #statements: ReturnType<typeof withStatementCache>;

  constructor({ connection, changes, hold }: SqliteConnection) {
    this.#sqlite = connection;
    this.hold = hold;
    this.#statements = withStatementCache(connection, 1000, () => changes.noteWrite());
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new DirectConnection(this);
  }

  async beginTransaction(connection: DirectConnection): Promise<void> {
    await connection.take();
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DirectConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DirectConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DirectConnection): Promise<void> {
    connection.give();
  }

  async destroy(): Promise<void> {
    this.#sqlite.close();
  }

  run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#statements.prepare(sql) as SQLite.Statement;
    if (!statement.reader) {
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    }
    return { rows: camelRows<R>(statement, parameters) };
  }

  *iterate<R>({ sql, parameters }: CompiledQuery): Generator<R> {
    yield* (this.#statements.prepare(sql) as SQLite.Statement).raw(false).iterate(parameters) as Iterable<R>;
  }
}

class DirectConnection implements DatabaseConnection {
  #holding = false;
  readonly #driver: DirectSqliteDriver;

  constructor(driver: DirectSqliteDriver) {
    this.#driver = driver;
  }

  async take(): Promise<void> {
    await this.#driver.hold.take();
    this.#holding = true;
  }

  give(): void {
    if (!this.#holding) return;
    this.#holding = false;
    this.#driver.hold.give();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // The last check and the run are one synchronous step: nobody can take the connection between them.
    if (!this.#holding) while (this.#driver.hold.held) await this.#driver.hold.released();
    return this.#driver.run<R>(query);
  }

  /** A stream keeps the statement open between rows: it holds the connection until it ends. */
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const holding = this.#holding;
    if (!holding) await this.take();
    try {
      for (const row of this.#driver.iterate<R>(query)) yield { rows: [row] };
    } finally {
      if (!holding) this.give();
    }
  }
}

/** Kysely's SQLite dialect but for its driver (DirectSqliteDriver). */
export class DirectSqliteDialect implements Dialect {
  readonly #sqlite: SqliteConnection;

  constructor(sqlite: SqliteConnection) {
    this.#sqlite = sqlite;
  }

  createDriver(): Driver {
    return new DirectSqliteDriver(this.#sqlite);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
