import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** Where a job stands: waiting (new or backing off), running, done, or given up with its error. */
export type JobState = 'queued' | 'active' | 'completed' | 'failed';
export const JOB_STATES: readonly JobState[] = ['queued', 'active', 'completed', 'failed'];

export interface EnqueueOptions {
  /** Run no earlier than this. */
  runAt?: Date;
  /** Attempts before the job stays failed (default the queue's). */
  maxAttempts?: number;
  /** A transaction (or the database) to write the job in, so it lands with the rows it is about. */
  db?: Kysely<Database>;
  /** Higher runs first (default the kind's, shared/domain/constants.ts jobPriority). */
  priority?: number;
}

/**
 * Worker slots of their own for some kinds (webhook deliveries), so those jobs never occupy,
 * nor wait for, the slots that run encodes and moderation. Every process that runs jobs starts
 * `slots` of them besides its WORKERS.
 */
export interface Lane {
  name: string;
  slots: number;
  /**
   * The main slots take these kinds too, in priority order; the lane's own slots take only them,
   * so one of them never waits behind a long job of another kind on the main slots.
   */
  alsoOnMain?: boolean;
}

export interface WorkOptions {
  /** Run this kind on its own slots instead of the process's main ones. */
  lane?: Lane;
  /**
   * Readies what this kind's jobs need (a model to load) when the process starts slots that take
   * it, so the first job after a quiet start does not wait for it. A process that runs no jobs
   * (WORKERS=0) never loads it.
   */
  prepare?: () => void;
}

/** What a handler is told about the job it runs. */
export interface JobInfo {
  id: string;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  /** The attempt after which a failure is final. */
  maxAttempts: number;
}

/** What a running handler gets besides the payload: the job, and a signal set when the worker must stop now. */
export interface JobContext extends JobInfo {
  signal: AbortSignal;
}

/** Runs one job. Jobs are delivered at least once, so a handler must be idempotent. Throwing retries it. */
export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;

export interface FailedJob {
  id: string;
  kind: string;
  payload: unknown;
  error: string;
  attempts: number;
  failedAt: string | null;
}

/** One job kind's backlog (metrics): jobs waiting (due or backing off), running, and when the longest-waiting due job became due. */
export interface KindStats {
  kind: string;
  queued: number;
  active: number;
  /** The earliest due time among waiting jobs that are due now; null when none is due. */
  oldestDueAt: Date | null;
}

export interface QueueTimings {
  /** How long a claimed job is held; a heartbeat renews it every third of it. */
  leaseMs: number;
  /** How often an idle worker looks for work. */
  pollMs: number;
  /** The first retry waits this long, doubling each time up to maxRetryDelayMs. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
  maxAttempts: number;
}

export const DEFAULT_TIMINGS: QueueTimings = {
  leaseMs: 30_000,
  pollMs: 1000,
  retryDelayMs: 5000,
  maxRetryDelayMs: 10 * 60_000,
  maxAttempts: 5,
};

/** A job a worker holds. */
export interface ClaimedJob extends JobInfo {
  payload: unknown;
}

/** The storage side of a queue: what the runner (server/adapters/queue/runner.ts) drives. */
export interface QueueDriver {
  readonly name: 'table' | 'pg-boss';
  start(kinds: readonly string[]): Promise<void>;
  enqueue(kind: string, payload: object, options?: EnqueueOptions): Promise<string>;
  /** Takes the next due job of one of these kinds, or undefined: the highest priority first, then the oldest. */
  claim(kinds: readonly string[], workerId: string): Promise<ClaimedJob | undefined>;
  /** Extends the lease of a running job; false when the job is no longer ours. */
  heartbeat(job: ClaimedJob, workerId: string): Promise<boolean>;
  complete(job: ClaimedJob, workerId: string): Promise<void>;
  /** Schedules a retry with backoff, or marks the job failed when it has no attempts left. */
  fail(job: ClaimedJob, workerId: string, error: string): Promise<void>;
  /**
   * Hands a job this worker stopped (shutting down) back to the queue, due now: the stopped run
   * does not count as one of its attempts, and no error is recorded for it.
   */
  release(job: ClaimedJob, workerId: string): Promise<void>;
  counts(): Promise<Record<JobState, number>>;
  /** Read-only backlog per kind with waiting or running jobs. */
  stats(): Promise<KindStats[]>;
  failed(limit: number): Promise<FailedJob[]>;
  /** Queues a failed job again; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
  stop(): Promise<void>;
}

/** One job queue for the app: enqueue anywhere, run handlers in worker processes. */
export interface Queue {
  readonly driver: QueueDriver['name'];
  /** Starts the driver (pg-boss sets itself up), before any request may enqueue from a transaction. */
  prepare(): Promise<void>;
  enqueue(kind: string, payload: object, options?: EnqueueOptions): Promise<string>;
  /** Registers the handler of a kind (before the queue is first used). */
  work(kind: string, handler: JobHandler, options?: WorkOptions): void;
  /**
   * Starts `concurrency` worker slots over the registered kinds, highest priority first, plus
   * each lane's own slots over its kinds (none when concurrency is 0). Enqueueing needs no start.
   */
  start(concurrency: number): Promise<void>;
  counts(): Promise<Record<JobState, number>>;
  /** Read-only backlog per kind with waiting or running jobs. */
  stats(): Promise<KindStats[]>;
  failed(limit?: number): Promise<FailedJob[]>;
  retry(id: string): Promise<boolean>;
  /** Stops taking jobs and waits for running ones (up to graceMs, then their signal aborts), then closes. */
  stop(graceMs?: number): Promise<void>;
}
