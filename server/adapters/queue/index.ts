import { isPostgres, type Db } from '../../db';
import { PgBossQueueDriver } from './pgBossDriver';
import { JobQueue, type QueueLog } from './runner';
import { TableQueueDriver } from './tableDriver';
import { DEFAULT_TIMINGS, type Queue, type QueueDriver, type QueueTimings } from './types';

export type { EnqueueOptions, FailedJob, JobContext, JobHandler, JobInfo, JobState, KindStats, Queue, QueueTimings } from './types';
export { DEFAULT_TIMINGS } from './types';

/** pg-boss on PostgreSQL, the leased jobs table on SQLite. */
export function createQueueDriver(db: Db, timings: QueueTimings): QueueDriver {
  return isPostgres(db) ? new PgBossQueueDriver(db, timings) : new TableQueueDriver(db, timings);
}

export function createQueue(db: Db, timings: Partial<QueueTimings> = {}, log?: QueueLog): Queue {
  const t = { ...DEFAULT_TIMINGS, ...timings };
  return new JobQueue(createQueueDriver(db, t), t, log);
}
