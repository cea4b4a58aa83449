import type { Db } from '../db';
import type { Session, User } from '../db/types';
import { cachedLookup } from '../db/lookupCache';
import { lifespan } from '../db/rows';
import { SESSION_MAX_AGE_SECONDS } from '#shared/domain/constants';
import { hashSecret, newSecret } from './tokens';
import { findSessionWithUser, insertSession } from '../db/repositories/sessions';

export { deleteSession, deleteUserSessions, setSessionAccount } from '../db/repositories/sessions';

export interface AuthState {
  session: Session;
  user: User;
}

export async function createSession(db: Db, userId: string, accountId: string | null): Promise<string> {
  const { token, hash } = newSecret();
  await insertSession(db, { tokenHash: hash, userId, accountId, ...lifespan(SESSION_MAX_AGE_SECONDS * 1000) });
  return token;
}

/** The session and its user of a token hash, with its expiry in milliseconds; frozen, as it is shared from the cache. */
async function loadSession(db: Db, tokenHash: string) {
  const row = await findSessionWithUser(db, tokenHash);
  if (!row) return undefined;
  const { sTokenHash, sAccountId, sCreatedAt, sExpiresAt, ...user } = row;
  const session = { tokenHash: sTokenHash, userId: user.id, accountId: sAccountId, createdAt: sCreatedAt, expiresAt: sExpiresAt };
  return { auth: Object.freeze({ user: Object.freeze(user), session: Object.freeze(session) }) as AuthState, expiresAtMs: Date.parse(sExpiresAt) };
}

/**
 * The live session of a cookie token with its user, or undefined (expired, unknown, disabled
 * user). Asked on every API request, so kept in the lookup cache by token hash (a sign-out, a
 * disabled user, a role change clear it: server/db/lookupCache.ts); expiry is checked here.
 */
export async function findSession(db: Db, token: string): Promise<AuthState | undefined> {
  const tokenHash = hashSecret(token);
  const found = await cachedLookup(db, `session:${tokenHash}`, () => loadSession(db, tokenHash));
  if (!found || found.auth.user.status === 'disabled') return undefined;
  return found.expiresAtMs <= Date.now() ? undefined : found.auth;
}
