import type { Db } from '../db';
import { tooManyRequests } from '../errors';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed sign-in attempts, counted per address and per email in the database so that every
 * API process sees the same count.
 */
export async function assertNotThrottled(db: Db, keys: string[], limit: number): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS).toISOString();
  const rows = await db
    .selectFrom('loginAttempts')
    .select(['key', (eb) => eb.fn.countAll<number>().as('count')])
    .where('key', 'in', keys)
    .where('attemptedAt', '>', since)
    .groupBy('key')
    .execute();
  if (rows.some((row) => Number(row.count) >= limit)) {
    throw tooManyRequests('Too many sign-in attempts. Please wait 15 minutes and try again.');
  }
}

export async function recordFailedAttempt(db: Db, keys: string[]): Promise<void> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - WINDOW_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('loginAttempts').where('key', 'in', keys).where('attemptedAt', '<', cutoff).execute();
    await trx
      .insertInto('loginAttempts')
      .values(keys.map((key) => ({ key, attemptedAt: now.toISOString() })))
      .execute();
  });
}

export function throttleKeys(ip: string, email: string): string[] {
  return [`ip:${ip}`, `email:${email.toLowerCase()}`];
}
