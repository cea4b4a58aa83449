import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { AttemptsTable } from '../types';

/** Counted attempts per key (sign-in failures, mails to a recipient): server/services/attempts.ts keeps the rules. */

/** Drops the attempts of these keys made at or before `since`. */
export async function deleteAttemptsBefore(db: Db, keys: string[], since: string): Promise<void> {
  await db.deleteFrom('attempts').where('key', 'in', keys).where('attemptedAt', '<=', since).execute();
}

export async function insertAttempts(db: Db, rows: Insertable<AttemptsTable>[]): Promise<void> {
  await db.insertInto('attempts').values(rows).execute();
}

/** How many attempts each of these keys has after `since` (keys with none are absent). */
export function countAttemptsSince(db: Db, keys: string[], since: string) {
  return db
    .selectFrom('attempts')
    .select(['key', (eb) => eb.fn.countAll<number>().as('count')])
    .where('key', 'in', keys)
    .where('attemptedAt', '>', since)
    .groupBy('key')
    .execute();
}

export async function deleteAttempts(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('attempts').where('id', 'in', ids).execute();
}
