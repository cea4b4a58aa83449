import type { Db } from '../db';
import type { Session, User } from '../db/types';
import { compiledQuery, perRow } from '../db/compiledQuery';
import { SESSION_TTL_DAYS } from '../../src/domain/constants';
import { hashSecret, newSecret } from './tokens';

export const SESSION_COOKIE = 'sid';
export const SESSION_MAX_AGE_SECONDS = SESSION_TTL_DAYS * 24 * 3600;

export interface AuthState {
  session: Session;
  user: User;
}

export async function createSession(db: Db, userId: string, accountId: string | null): Promise<string> {
  const { token, hash } = newSecret();
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      tokenHash: hash,
      userId,
      accountId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000).toISOString(),
    })
    .execute();
  return token;
}

/**
 * The session with its user by token hash: asked on every API request, so compiled once and kept
 * until the database changes (a sign-out, a disabled user, a role change are writes, so they
 * count at once). Expiry is checked on the row, so the answer does not depend on the clock.
 */
const sessionWithUser = compiledQuery(
  (db, tokenHash: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .selectAll('users')
      .select([
        'sessions.tokenHash as sTokenHash',
        'sessions.accountId as sAccountId',
        'sessions.createdAt as sCreatedAt',
        'sessions.expiresAt as sExpiresAt',
      ])
      // No LIMIT: the token hash is unique, and a bound LIMIT made SQLite's run of this statement 6× slower.
      .where('sessions.tokenHash', '=', tokenHash),
  { cached: true },
);

type SessionRow = Awaited<ReturnType<typeof sessionWithUser>>[number];

/** The session of a row, with its expiry in milliseconds: once per cached row, not per request. */
const sessionOf = perRow((row: SessionRow) => {
  const { sTokenHash, sAccountId, sCreatedAt, sExpiresAt, ...user } = row;
  const session = { tokenHash: sTokenHash, userId: user.id, accountId: sAccountId, createdAt: sCreatedAt, expiresAt: sExpiresAt };
  return { auth: Object.freeze({ user: Object.freeze(user), session: Object.freeze(session) }) as AuthState, expiresAtMs: Date.parse(sExpiresAt) };
});

/** The live session of a cookie token with its user, or undefined (expired, unknown, disabled user). */
export async function findSession(db: Db, token: string): Promise<AuthState | undefined> {
  const [row] = await sessionWithUser(db, hashSecret(token));
  if (!row || row.status === 'disabled') return undefined;
  const { auth, expiresAtMs } = sessionOf(row);
  return expiresAtMs <= Date.now() ? undefined : auth;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

export async function setSessionAccount(db: Db, tokenHash: string, accountId: string | null): Promise<void> {
  await db.updateTable('sessions').set({ accountId }).where('tokenHash', '=', tokenHash).execute();
}
