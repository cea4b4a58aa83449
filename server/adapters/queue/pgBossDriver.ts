import type PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { jobPriority } from '#shared/domain/constants';
import { JOB_STATES, type ClaimedJob, type EnqueueOptions, type FailedJob, type JobState, type KindStats, type QueueDriver, type QueueTimings } from './types';
import { optionalPackage } from '../../optionalPackages';

const SCHEMA = 'pgboss';

/**
 * pg-boss runs its SQL through our own Kysely pool (or a transaction), with no plugin renaming
 * its columns. Some of its SQL is one text holding BEGIN ... COMMIT: when a statement in it
 * fails (a deadlock between processes creating queues at once), the pooled connection is left
 * inside an aborted transaction, so on the pool each text runs on one connection that is rolled
 * back on error before it goes back.
 */
function bossDb(db: Kysely<Database>, inTransaction = false): PgBoss.Db {
  const raw = db.withoutPlugins();
  const rows = (result: { rows: unknown[] }) => ({ rows: result.rows as unknown[] as never[] });
  if (inTransaction) {
    return { executeSql: async (text, values) => rows(await raw.executeQuery(CompiledQuery.raw(text, values ?? []))) };
  }
  return {
    executeSql: (text, values) =>
      raw.connection().execute(async (connection) => {
        try {
          return rows(await connection.executeQuery(CompiledQuery.raw(text, values ?? [])));
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
          throw error;
        }
      }),
  };
}

const stateOf: Record<string, JobState | undefined> = { created: 'queued', retry: 'queued', active: 'active', completed: 'completed', failed: 'failed' };

/**
 * pg-boss on PostgreSQL, so any number of processes share the work. pg-boss 10 has no
 * heartbeat of its own: a job expires `leaseMs` after it started and its maintenance then
 * retries it; our heartbeat moves `started_on` forward while the handler still runs.
 */
export class PgBossQueueDriver implements QueueDriver {
  readonly name = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly timings: QueueTimings,
  ) {
    const leaseSeconds = Math.max(1, Math.round(timings.leaseMs / 1000));
    const Boss = optionalPackage('pg-boss');
    this.boss = new Boss({
      db: bossDb(db),
      schema: SCHEMA,
      schedule: false,
      // Expired leases are noticed within this long (so a dead worker's job restarts within a minute).
      maintenanceIntervalSeconds: Math.max(1, Math.min(15, leaseSeconds)),
    });
    this.boss.on('error', () => {});
  }

  private queueOptions(): PgBoss.Queue {
    return {
      name: '',
      retryLimit: this.timings.maxAttempts - 1,
      retryDelay: Math.max(1, Math.round(this.timings.retryDelayMs / 1000)),
      retryBackoff: true,
      expireInSeconds: Math.max(1, Math.round(this.timings.leaseMs / 1000)),
    };
  }

  private async ensureQueue(kind: string): Promise<void> {
    if (this.known.has(kind)) return;
    // Processes starting together may create queues at once: PostgreSQL then ends one of them
    // as a deadlock victim; it looks again (another process may have made it) and tries again.
    for (let attempt = 1; !(await this.boss.getQueue(kind)); attempt++) {
      try {
        await this.boss.createQueue(kind, { ...this.queueOptions(), name: kind });
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
    this.known.add(kind);
  }

  async start(kinds: readonly string[]): Promise<void> {
    await this.boss.start();
    for (const kind of kinds) await this.ensureQueue(kind);
  }

  async enqueue(kind: string, payload: object, options: EnqueueOptions = {}): Promise<string> {
    await this.ensureQueue(kind);
    const id = await this.boss.send(kind, payload, {
      // Within its kind's queue: 0 for the kind's own priority (the order between kinds is the
      // claim's), so jobs queued before priorities existed (0) stay in order with new ones.
      priority: (options.priority ?? jobPriority(kind)) - jobPriority(kind),
      ...(options.runAt ? { startAfter: options.runAt } : {}),
      ...(options.maxAttempts ? { retryLimit: options.maxAttempts - 1 } : {}),
      ...(options.db ? { db: bossDb(options.db, true) } : {}),
    });
    if (!id) throw new Error(`The ${kind} job was not queued`);
    return id;
  }

  /** Where the round robin of each priority's kinds starts next. */
  private readonly next = new Map<number, number>();

  /**
   * pg-boss keeps a queue per kind: they are tried from the highest priority down (within a
   * kind pg-boss takes the highest priority, then the oldest), and kinds of one priority in
   * turn, so one busy kind does not starve the others.
   */
  async claim(kinds: readonly string[]): Promise<ClaimedJob | undefined> {
    const tiers = new Map<number, string[]>();
    for (const kind of kinds) tiers.set(jobPriority(kind), [...(tiers.get(jobPriority(kind)) ?? []), kind]);
    for (const [priority, tier] of [...tiers].sort(([a], [b]) => b - a)) {
      const start = this.next.get(priority) ?? 0;
      for (let i = 0; i < tier.length; i++) {
        const kind = tier[(start + i) % tier.length];
        const [job] = await this.boss.fetch<object>(kind, { batchSize: 1, includeMetadata: true, priority: true });
        if (job) {
          this.next.set(priority, (start + i + 1) % tier.length);
          return { id: job.id, kind, payload: job.data, attempt: job.retryCount + 1, maxAttempts: job.retryLimit + 1 };
        }
      }
    }
    return undefined;
  }

  async heartbeat(job: ClaimedJob): Promise<boolean> {
    const { rows } = await bossDb(this.db).executeSql(
      `UPDATE ${SCHEMA}.job SET started_on = now() WHERE name = $1 AND id = $2 AND state = 'active' RETURNING id`,
      [job.kind, job.id],
    );
    return rows.length === 1;
  }

  async complete(job: ClaimedJob): Promise<void> {
    await this.boss.complete(job.kind, job.id);
  }

  async fail(job: ClaimedJob, _workerId: string, error: string): Promise<void> {
    await this.boss.fail(job.kind, job.id, { message: error });
  }

  /** pg-boss counts an attempt when it fails one (retry_count), not when it hands it out: back to 'retry', due now, its count unchanged. */
  async release(job: ClaimedJob): Promise<void> {
    await bossDb(this.db).executeSql(
      `UPDATE ${SCHEMA}.job SET state = 'retry', started_on = NULL, start_after = now() WHERE name = $1 AND id = $2 AND state = 'active'`,
      [job.kind, job.id],
    );
  }

  async counts(): Promise<Record<JobState, number>> {
    const { rows } = await bossDb(this.db).executeSql(`SELECT state, count(*)::int AS n FROM ${SCHEMA}.job GROUP BY state`, []);
    const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
    for (const row of rows as { state: string; n: number }[]) {
      const state = stateOf[row.state];
      if (state) counts[state] += Number(row.n);
    }
    return counts;
  }

  async stats(): Promise<KindStats[]> {
    const { rows } = await bossDb(this.db).executeSql(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()) AS oldest_due_at
         FROM ${SCHEMA}.job WHERE state IN ('created', 'retry', 'active') GROUP BY name`,
      [],
    );
    return (rows as { name: string; queued: number; active: number; oldest_due_at: Date | null }[]).map((r) => ({
      kind: r.name,
      queued: Number(r.queued),
      active: Number(r.active),
      oldestDueAt: r.oldest_due_at ? new Date(r.oldest_due_at) : null,
    }));
  }

  async failed(limit: number): Promise<FailedJob[]> {
    const { rows } = await bossDb(this.db).executeSql(
      `SELECT id, name, data, output, retry_count, completed_on FROM ${SCHEMA}.job WHERE state = 'failed' ORDER BY completed_on DESC LIMIT $1`,
      [limit],
    );
    return (rows as { id: string; name: string; data: unknown; output: { message?: string } | null; retry_count: number; completed_on: Date | null }[]).map(
      (r) => ({
        id: r.id,
        kind: r.name,
        payload: r.data,
        error: r.output?.message ?? '',
        attempts: r.retry_count + 1,
        failedAt: r.completed_on ? new Date(r.completed_on).toISOString() : null,
      }),
    );
  }

  async retry(id: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const { rows } = await bossDb(this.db).executeSql(`SELECT name FROM ${SCHEMA}.job WHERE id = $1 AND state = 'failed'`, [id]);
    const name = (rows[0] as { name: string } | undefined)?.name;
    if (!name) return false;
    await this.boss.retry(name, id);
    return true;
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: false, wait: true, close: false });
  }
}
