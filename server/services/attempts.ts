import type { Db } from '../db';
import { newId } from '../db/rows';
import { countAttemptsSince, deleteAttempts, deleteAttemptsBefore, insertAttempts } from '../db/repositories/attempts';

/** Attempts recorded under some keys, to count and possibly give back. */
interface Reservation {
  ids: string[];
  /** Attempts per key in the window, this one included. */
  counts: Record<string, number>;
}

/**
 * Records one attempt under each key, then counts each key's attempts in the window. Recording
 * before counting is what makes concurrent attempts count: of N racing requests, the one whose
 * row is the k-th committed sees at least k, so no more than `limit` can see `limit` or fewer.
 * Rows older than the window go on the way. The table is shared by every process.
 */
export async function reserveAttempts(db: Db, keys: string[], windowMs: number): Promise<Reservation> {
  const now = Date.now();
  const since = new Date(now - windowMs).toISOString();
  const rows = keys.map((key) => ({ id: newId(), key, attemptedAt: new Date(now).toISOString() }));
  await deleteAttemptsBefore(db, keys, since);
  await insertAttempts(db, rows);
  const counted = await countAttemptsSince(db, keys, since);
  const counts = Object.fromEntries(keys.map((key) => [key, Number(counted.find((row) => row.key === key)?.count ?? 1)]));
  return { ids: rows.map((row) => row.id), counts };
}

/** Gives reserved attempts back (a refused request, a correct password). */
export async function releaseAttempts(db: Db, reservation: Reservation): Promise<void> {
  await deleteAttempts(db, reservation.ids);
}

/** One more attempt under `key` if fewer than `limit` were made in the window; false (and nothing kept) otherwise. */
export async function takeAttempt(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  const reservation = await reserveAttempts(db, [key], windowMs);
  if (reservation.counts[key] <= limit) return true;
  await releaseAttempts(db, reservation);
  return false;
}
