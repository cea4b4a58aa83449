import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Db } from './index';

/**
 * How long a cached lookup may miss a write made by another process (another server instance,
 * a script on the same database): this process's own writes clear the cache at once. Two
 * seconds keeps a sign-out or a disabled user elsewhere short, while a console that sends a few
 * requests a second still finds its session cached; it also bounds a read that raced a
 * transaction's commit (see LookupCache.remember).
 */
export const LOOKUP_TTL_MS = 2000;

/** How many answers are kept (the least recently used go first). */
const MAX_ENTRIES = 10_000;

/** The tables the cached lookups read (sessions, users, roles, accounts), in both spellings. */
const WATCHED_TABLES = new Set(['sessions', 'users', 'accountUsers', 'account_users', 'accounts']);
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /\b(insert|update|delete|replace|alter|drop)\b/i;
const RAW_WATCHED = /\b(sessions|users|account_users|accounts)\b/i;

/** Whether a query may write a watched table: a write naming one anywhere, or raw SQL that writes. */
function writesWatched(node: RootOperationNode): boolean {
  if (node.kind === 'RawNode') {
    const text = node.sqlFragments.join(' ');
    return RAW_WRITE.test(text) && RAW_WATCHED.test(text);
  }
  return WRITES.has(node.kind) && namesWatchedTable(node);
}

function namesWatchedTable(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(namesWatchedTable);
  const operation = node as OperationNode & { name?: unknown; table?: unknown };
  if (operation.kind === 'TableNode') return WATCHED_TABLES.has((operation.table as { identifier: { name: string } }).identifier.name);
  return Object.values(node).some(namesWatchedTable);
}

/**
 * The answers of the lookups every request makes (the session of a cookie, the caller's role in
 * an account, an account's plan), kept per database by key for LOOKUP_TTL_MS. A Kysely plugin:
 * every write to sessions, users, account users or accounts through this database (any service,
 * any transaction) clears them all, before it runs and again once it has run.
 */
export class LookupCache implements KyselyPlugin {
  #generation = 0;
  readonly #answers = new Map<string, { value: unknown; expiresAt: number }>();
  readonly #watchedWrites = new WeakSet<object>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (writesWatched(node)) {
      this.#watchedWrites.add(queryId);
      this.clear();
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Clear again once the write has run, for a lookup read while it ran.
    if (this.#watchedWrites.has(queryId)) this.clear();
    return result;
  }

  clear(): void {
    this.#generation += 1;
    this.#answers.clear();
  }

  /**
   * The kept answer of `key`, or `load`'s (kept unless a watched write happened while it was
   * read). Answers are shared by every caller: they must not be changed (freeze them).
   */
  async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.#answers.get(key);
    if (kept && kept.expiresAt > now) return kept.value as T;
    const generation = this.#generation;
    const value = await load();
    if (generation === this.#generation) {
      this.#answers.delete(key);
      this.#answers.set(key, { value, expiresAt: now + LOOKUP_TTL_MS });
      if (this.#answers.size > MAX_ENTRIES) this.#answers.delete(this.#answers.keys().next().value as string);
    }
    return value;
  }
}

/**
 * A lookup answered from the database's LookupCache; inside a transaction (which may read its
 * own uncommitted writes) or on a database without the cache, straight from `load`.
 */
export function cachedLookup<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return load();
  const cache = db.getExecutor().plugins.find((plugin): plugin is LookupCache => plugin instanceof LookupCache);
  return cache ? cache.remember(key, load) : load();
}
