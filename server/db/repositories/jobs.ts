import { sql, type Insertable } from 'kysely';
import { isPostgres, type Db } from '..';
import type { JobsTable } from '../types';

/** The leased jobs table (adapters/queue/tableDriver.ts): its statements; the driver keeps the leasing rules. */

export async function insertJob(db: Db, row: Insertable<JobsTable>): Promise<void> {
  await db.insertInto('jobs').values(row).execute();
}

/**
 * Takes one job for this worker in a single UPDATE, so two processes never take the same one: a
 * job whose worker died holding it first (rare: read from the lease index), else the next queued
 * one, read in the order of the (status, priority desc, run_at) index, so a claim reads no more
 * than it skips (other kinds, not yet due), whatever the backlog.
 */
export function claimNextJob(db: Db, kinds: readonly string[], workerId: string, now: string, leaseExpiresAt: string) {
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'active',
      attempts: eb('attempts', '+', 1),
      lockedAt: now,
      lockedBy: workerId,
      leaseExpiresAt,
    }))
    .where('id', '=', (eb) =>
      eb.fn.coalesce(
        eb.selectFrom('jobs').select('id').where('status', '=', 'active').where('leaseExpiresAt', '<', now).where('kind', 'in', kinds).limit(1),
        eb
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'queued')
          .where('kind', 'in', kinds)
          .where('runAt', '<=', now)
          .orderBy('priority', 'desc')
          .orderBy('runAt')
          // Jobs queued in the same millisecond: in the order they were written.
          .orderBy(isPostgres(db) ? 'createdAt' : sql`rowid`)
          .limit(1),
      ),
    )
    .returning(['id', 'kind', 'payload', 'attempts', 'maxAttempts'])
    .executeTakeFirst();
}

/** Renews the lease of a job this worker still holds: false when it no longer does. */
export async function renewJobLease(db: Db, id: string, workerId: string, leaseExpiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ leaseExpiresAt })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('lockedBy', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Queues a failed attempt again for later, with its error. */
export async function requeueFailedJob(db: Db, id: string, workerId: string, runAt: string, error: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', runAt, lastError: error, lockedBy: null, leaseExpiresAt: null })
    .where('id', '=', id)
    .where('lockedBy', '=', workerId)
    .execute();
}

/** Hands a running job back unrun (its attempt not counted), due now. */
export async function releaseJob(db: Db, id: string, workerId: string, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1), runAt: now, lockedBy: null, leaseExpiresAt: null }))
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('lockedBy', '=', workerId)
    .execute();
}

/** Ends a job this worker holds, keeping the error of a failure. */
export async function finishJob(db: Db, id: string, workerId: string, status: 'completed' | 'failed', error: string | null, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status, finishedAt: now, lockedBy: null, leaseExpiresAt: null, ...(error === null ? {} : { lastError: error }) })
    .where('id', '=', id)
    .where('lockedBy', '=', workerId)
    .execute();
}

export function countJobsByStatus(db: Db) {
  return db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
}

/** Waiting and running jobs counted by kind and status, with the earliest due time among the due ones. */
export function jobBacklog(db: Db, now: string) {
  return db
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
}

/** The most recently failed jobs first. */
export function failedJobs(db: Db, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind', 'payload', 'lastError', 'attempts', 'finishedAt'])
    .where('status', '=', 'failed')
    .orderBy('finishedAt', 'desc')
    .limit(limit)
    .execute();
}

/** Queues a failed job again from its first attempt: false when it is not (or no longer) failed. */
export async function retryFailedJob(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', runAt: now, attempts: 0, finishedAt: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
