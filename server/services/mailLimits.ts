import type { Db } from '../db';
import { tooManyRequests } from '../errors';
import { takeAttempt } from './attempts';

const WINDOW_MS = 60 * 60 * 1000;
/** Mails of one kind to one recipient in an hour, counted in the database so every process agrees. */
export const MAILS_PER_RECIPIENT = 5;

type LimitedMail = 'reset-password' | 'verify-email' | 'set-password' | 'change-email' | 'invitation' | 'message';

/** Whether one more mail of `kind` may go to `to` (and counts it when so). */
export function mayMail(db: Db, kind: LimitedMail, to: string): Promise<boolean> {
  return takeAttempt(db, `mail:${kind}:${to.trim().toLowerCase()}`, MAILS_PER_RECIPIENT, WINDOW_MS);
}

/** As mayMail, refusing with a 429 the sender can read. */
export async function assertMayMail(db: Db, kind: LimitedMail, to: string): Promise<void> {
  if (!(await mayMail(db, kind, to))) {
    throw tooManyRequests('app.server.tooManyEmails');
  }
}
