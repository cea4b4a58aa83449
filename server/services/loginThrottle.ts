import type { Db } from '../db';
import { tooManyRequests } from '../errors';
import { releaseAttempts, reserveAttempts } from './attempts';

const WINDOW_MS = 15 * 60 * 1000;

const throttled = () => tooManyRequests('app.server.tooManySignIns');

/**
 * A password check (sign-in, resend verification, accepting an invitation, the current
 * password of a change) counted per address and per email, `limit` failures in 15 minutes.
 *
 * The attempt is reserved before the password is checked, so concurrent guesses count; a
 * correct password gives it back. The per-address limit is strict. The per-email limit cannot
 * lock the real user out: once it is reached, only an address with no failures of its own may
 * still try, and a correct password from there passes (a wrong one is refused and now counts
 * against that address).
 */
export async function checkPasswordThrottled(
  db: Db,
  { ip, email, limit }: { ip: string; email: string; limit: number },
  check: () => Promise<boolean>,
): Promise<boolean> {
  const ipKey = `ip:${ip}`;
  const emailKey = `email:${email.trim().toLowerCase()}`;
  const reservation = await reserveAttempts(db, [ipKey, emailKey], WINDOW_MS);
  const addressLocked = reservation.counts[ipKey] > limit;
  const emailLocked = reservation.counts[emailKey] > limit;
  const cleanAddress = reservation.counts[ipKey] === 1;
  if (addressLocked || (emailLocked && !cleanAddress)) {
    await releaseAttempts(db, reservation);
    throw throttled();
  }
  let correct = false;
  try {
    correct = await check();
  } finally {
    if (correct) await releaseAttempts(db, reservation);
  }
  if (!correct && emailLocked) throw throttled();
  return correct;
}
