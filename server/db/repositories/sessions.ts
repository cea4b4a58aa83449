import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { SessionsTable } from '../types';

export async function insertSession(db: Db, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session with its user by token hash (unique, so no LIMIT), the session's columns prefixed. */
export function findSessionWithUser(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select(['sessions.tokenHash as sTokenHash', 'sessions.accountId as sAccountId', 'sessions.createdAt as sCreatedAt', 'sessions.expiresAt as sExpiresAt'])
    .where('sessions.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** Every session of the user but the one of `keptTokenHash`. */
export async function deleteOtherUserSessions(db: Db, userId: string, keptTokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).where('tokenHash', '!=', keptTokenHash).execute();
}

export async function setSessionAccount(db: Db, tokenHash: string, accountId: string | null): Promise<void> {
  await db.updateTable('sessions').set({ accountId }).where('tokenHash', '=', tokenHash).execute();
}

/** The user's sessions that had the account open lose it. */
export async function clearUserSessionsAccount(db: Db, userId: string, accountId: string): Promise<void> {
  await db.updateTable('sessions').set({ accountId: null }).where('userId', '=', userId).where('accountId', '=', accountId).execute();
}

/** Sessions that had the account open lose it, but platform admins'. */
export async function clearNonAdminSessionsAccount(db: Db, accountId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ accountId: null })
    .where('accountId', '=', accountId)
    .where('userId', 'in', (eb) => eb.selectFrom('users').select('id').where('type', '!=', 'admin'))
    .execute();
}
