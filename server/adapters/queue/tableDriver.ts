import type { Db } from '../../db';
import { jobPriority } from '#shared/domain/constants';
import { newId, nowIso, parseJson } from '../../db/rows';
import { JOB_STATES, type ClaimedJob, type EnqueueOptions, type FailedJob, type JobState, type KindStats, type QueueDriver, type QueueTimings } from './types';
import { backoffMs } from './backoff';
import {
  claimNextJob,
  countJobsByStatus,
  failedJobs,
  finishJob,
  insertJob,
  jobBacklog,
  releaseJob,
  renewJobLease,
  requeueFailedJob,
  retryFailedJob,
} from '../../db/repositories/jobs';

const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * A durable leased queue on the `jobs` table (the embedded SQLite default). A claim is one
 * UPDATE of the next due row (the highest priority, then the oldest; db/repositories/jobs.ts),
 * so two processes never take the same job; a running job holds a
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
    await insertJob(options.db ?? this.db, {
      id,
      kind,
      payload: JSON.stringify(payload),
      status: 'queued',
      runAt: options.runAt?.toISOString() ?? now,
      maxAttempts: options.maxAttempts ?? this.timings.maxAttempts,
      priority: options.priority ?? jobPriority(kind),
      createdAt: now,
    });
    return id;
  }

  async claim(kinds: readonly string[], workerId: string): Promise<ClaimedJob | undefined> {
    if (kinds.length === 0) return undefined;
    const row = await claimNextJob(this.db, kinds, workerId, nowIso(), isoIn(this.timings.leaseMs));
    if (!row) return undefined;
    const job: ClaimedJob = { id: row.id, kind: row.kind, attempt: row.attempts, maxAttempts: row.maxAttempts, payload: parseJson(row.payload, {}) };
    if (job.attempt > job.maxAttempts) {
      await this.finish(job, workerId, 'failed', 'Its worker stopped while running it, on every attempt');
      return this.claim(kinds, workerId);
    }
    return job;
  }

  async heartbeat(job: ClaimedJob, workerId: string): Promise<boolean> {
    return renewJobLease(this.db, job.id, workerId, isoIn(this.timings.leaseMs));
  }

  async complete(job: ClaimedJob, workerId: string): Promise<void> {
    await this.finish(job, workerId, 'completed', null);
  }

  async fail(job: ClaimedJob, workerId: string, error: string): Promise<void> {
    if (job.attempt >= job.maxAttempts) return this.finish(job, workerId, 'failed', error);
    await requeueFailedJob(this.db, job.id, workerId, isoIn(backoffMs(job.attempt, this.timings)), error);
  }

  async release(job: ClaimedJob, workerId: string): Promise<void> {
    await releaseJob(this.db, job.id, workerId, nowIso());
  }

  private async finish(job: ClaimedJob, workerId: string, status: 'completed' | 'failed', error: string | null): Promise<void> {
    await finishJob(this.db, job.id, workerId, status, error, nowIso());
  }

  async counts(): Promise<Record<JobState, number>> {
    const rows = await countJobsByStatus(this.db);
    const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
    for (const row of rows) if (row.status in counts) counts[row.status as JobState] = Number(row.n);
    return counts;
  }

  async stats(): Promise<KindStats[]> {
    const rows = await jobBacklog(this.db, nowIso());
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
    const rows = await failedJobs(this.db, limit);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      payload: parseJson(r.payload, {}),
      error: r.lastError ?? '',
      attempts: r.attempts,
      failedAt: r.finishedAt,
    }));
  }

  async retry(id: string): Promise<boolean> {
    return retryFailedJob(this.db, id, nowIso());
  }

  async stop(): Promise<void> {}
}
