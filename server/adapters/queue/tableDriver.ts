import { sql } from 'kysely';
import { isPostgres, type Db } from '../../db';
import { jobPriority } from '#shared/domain/constants';
import { newId, nowIso, parseJson } from '../../db/rows';
import { JOB_STATES, type ClaimedJob, type EnqueueOptions, type FailedJob, type JobState, type KindStats, type QueueDriver, type QueueTimings } from './types';
import { backoffMs } from './backoff';

const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * A durable leased queue on the `jobs` table (the embedded SQLite default). A claim is one
 * UPDATE of the next due row (the highest priority, then the oldest), so two processes never
 * take the same job; a running job holds a
 * lease its heartbeat renews, and a job whose lease ran out (its worker died) is taken again.
 */
export class TableQueueDriver implements QueueDriver {
  readonly name = 'table' as const;

  constructor(
    private readonly db: Db,
    private readonly timings: QueueTimings,
  ) {}

  async start(): Promise<void> {}

  async enqueue(kind: string, payload: object, options: EnqueueOptions = {}): Promise<string> {
    const id = newId();
    const now = nowIso();
    await (options.db ?? this.db)
      .insertInto('jobs')
      .values({
        id,
        kind,
        payload: JSON.stringify(payload),
        status: 'queued',
        runAt: options.runAt?.toISOString() ?? now,
        maxAttempts: options.maxAttempts ?? this.timings.maxAttempts,
        priority: options.priority ?? jobPriority(kind),
        createdAt: now,
      })
      .execute();
    return id;
  }

  async claim(kinds: readonly string[], workerId: string): Promise<ClaimedJob | undefined> {
    if (kinds.length === 0) return undefined;
    const now = nowIso();
    const row = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'active',
        attempts: eb('attempts', '+', 1),
        lockedAt: now,
        lockedBy: workerId,
        leaseExpiresAt: isoIn(this.timings.leaseMs),
      }))
      // A job whose worker died holding it first (rare: read from the lease index), else the
      // next queued one, read in the order of the (status, priority desc, run_at) index, so a
      // claim reads no more than it skips (other kinds, not yet due), whatever the backlog.
      .where('id', '=', (eb) =>
        eb.fn.coalesce(
          eb
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'active')
            .where('leaseExpiresAt', '<', now)
            .where('kind', 'in', kinds)
            .limit(1),
          eb
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'queued')
            .where('kind', 'in', kinds)
            .where('runAt', '<=', now)
            .orderBy('priority', 'desc')
            .orderBy('runAt')
            // Jobs queued in the same millisecond: in the order they were written.
            .orderBy(isPostgres(this.db) ? 'createdAt' : sql`rowid`)
            .limit(1),
        ),
      )
      .returning(['id', 'kind', 'payload', 'attempts', 'maxAttempts'])
      .executeTakeFirst();
    if (!row) return undefined;
    const job: ClaimedJob = { id: row.id, kind: row.kind, attempt: row.attempts, maxAttempts: row.maxAttempts, payload: parseJson(row.payload, {}) };
    if (job.attempt > job.maxAttempts) {
      await this.finish(job, workerId, 'failed', 'Its worker stopped while running it, on every attempt');
      return this.claim(kinds, workerId);
    }
    return job;
  }

  async heartbeat(job: ClaimedJob, workerId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ leaseExpiresAt: isoIn(this.timings.leaseMs) })
      .where('id', '=', job.id)
      .where('status', '=', 'active')
      .where('lockedBy', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async complete(job: ClaimedJob, workerId: string): Promise<void> {
    await this.finish(job, workerId, 'completed', null);
  }

  async fail(job: ClaimedJob, workerId: string, error: string): Promise<void> {
    if (job.attempt >= job.maxAttempts) return this.finish(job, workerId, 'failed', error);
    await this.db
      .updateTable('jobs')
      .set({ status: 'queued', runAt: isoIn(backoffMs(job.attempt, this.timings)), lastError: error, lockedBy: null, leaseExpiresAt: null })
      .where('id', '=', job.id)
      .where('lockedBy', '=', workerId)
      .execute();
  }

  async release(job: ClaimedJob, workerId: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1), runAt: nowIso(), lockedBy: null, leaseExpiresAt: null }))
      .where('id', '=', job.id)
      .where('status', '=', 'active')
      .where('lockedBy', '=', workerId)
      .execute();
  }

  private async finish(job: ClaimedJob, workerId: string, status: 'completed' | 'failed', error: string | null): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status, finishedAt: nowIso(), lockedBy: null, leaseExpiresAt: null, ...(error === null ? {} : { lastError: error }) })
      .where('id', '=', job.id)
      .where('lockedBy', '=', workerId)
      .execute();
  }

  async counts(): Promise<Record<JobState, number>> {
    const rows = await this.db.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
    for (const row of rows) if (row.status in counts) counts[row.status as JobState] = Number(row.n);
    return counts;
  }

  async stats(): Promise<KindStats[]> {
    const now = nowIso();
    const rows = await this.db
      .selectFrom('jobs')
      .select((eb) => [
        'kind',
        'status',
        eb.fn.countAll<number>().as('n'),
        eb.fn.min(eb.case().when('runAt', '<=', now).then(eb.ref('runAt')).end()).as('oldestDueAt'),
      ])
      .where('status', 'in', ['queued', 'active'])
      .groupBy(['kind', 'status'])
      .execute();
    const byKind = new Map<string, KindStats>();
    for (const row of rows) {
      const stats = byKind.get(row.kind) ?? { kind: row.kind, queued: 0, active: 0, oldestDueAt: null };
      if (row.status === 'active') stats.active = Number(row.n);
      else {
        stats.queued = Number(row.n);
        stats.oldestDueAt = row.oldestDueAt ? new Date(row.oldestDueAt) : null;
      }
      byKind.set(row.kind, stats);
    }
    return [...byKind.values()];
  }

  async failed(limit: number): Promise<FailedJob[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload', 'lastError', 'attempts', 'finishedAt'])
      .where('status', '=', 'failed')
      .orderBy('finishedAt', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, kind: r.kind, payload: parseJson(r.payload, {}), error: r.lastError ?? '', attempts: r.attempts, failedAt: r.finishedAt }));
  }

  async retry(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', runAt: nowIso(), attempts: 0, finishedAt: null })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async stop(): Promise<void> {}
}
