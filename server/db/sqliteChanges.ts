import type SQLite from 'better-sqlite3';

/**
 * How long another process's commit may go unseen: SQLite's `data_version` is read at most this
 * often (each read takes the file's locks, which cost more than a cached lookup).
 */
export const OTHER_PROCESS_COMMITS_SEEN_WITHIN_MS = 1;

/**
 * Whether a SQLite database may have changed since an earlier look: the writes this connection
 * ran (counted as they are prepared, see statementCache.ts), at once, and the commits of every
 * other connection, another process's included (SQLite's `data_version`), within
 * OTHER_PROCESS_COMMITS_SEEN_WITHIN_MS. A read kept under one stamp is still the database's
 * answer while the stamp is the same.
 */
export class SqliteChanges {
  #writes = 0;
  #otherCommits = 0;
  #sampledAt = Number.NEGATIVE_INFINITY;
  #stamp = '';
  readonly #dataVersion: SQLite.Statement;

  constructor(sqlite: SQLite.Database) {
    this.#dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  }

  noteWrite(): void {
    this.#writes += 1;
    this.#stamp = '';
  }

  stamp(): string {
    const now = performance.now();
    if (now - this.#sampledAt >= OTHER_PROCESS_COMMITS_SEEN_WITHIN_MS) {
      const otherCommits = this.#dataVersion.get() as number;
      if (otherCommits !== this.#otherCommits) this.#stamp = '';
      this.#otherCommits = otherCommits;
      this.#sampledAt = now;
    }
    if (!this.#stamp) this.#stamp = `${this.#writes}:${this.#otherCommits}`;
    return this.#stamp;
  }
}
