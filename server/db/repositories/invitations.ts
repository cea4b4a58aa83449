import type { Db } from '..';
import type { Invite } from '../types';
import { nowIso } from '../rows';
import { countRows } from './paginate';

/** Invitations of emails to accounts (the `invites` table); only the link token's hash is stored. */

/** Cancels the pending invitations of this email to the account. */
export async function cancelPendingInvites(db: Db, accountId: string, email: string, now: string): Promise<void> {
  await db
    .updateTable('invites')
    .set({ status: 'canceled', updatedAt: now })
    .where('accountId', '=', accountId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .execute();
}

export async function insertInvite(db: Db, invite: Invite): Promise<void> {
  await db.insertInto('invites').values(invite).execute();
}

/** The pending invitation of this email to the account, expired or not. */
export function findPendingInvite(db: Db, accountId: string, email: string) {
  return db.selectFrom('invites').selectAll().where('accountId', '=', accountId).where('email', '=', email).where('status', '=', 'pending').executeTakeFirst();
}

/** The pending, unexpired invitation of this email to the account, if any (its id). */
export function findLivePendingInvite(db: Db, accountId: string, email: string) {
  return db
    .selectFrom('invites')
    .select('id')
    .where('accountId', '=', accountId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', new Date().toISOString())
    .executeTakeFirst();
}

/** How many pending, unexpired invitations the account has. */
export function countLivePendingInvites(db: Db, accountId: string): Promise<number> {
  return countRows(
    db.selectFrom('invites').where('accountId', '=', accountId).where('status', '=', 'pending').where('expiresAt', '>', new Date().toISOString()),
  );
}

/** The pending, unexpired invitation of a token hash, with its account's name and status. */
export function findLiveInviteByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('invites')
    .innerJoin('accounts', 'accounts.id', 'invites.accountId')
    .selectAll('invites')
    .select(['accounts.name as accountName', 'accounts.status as accountStatus'])
    .where('invites.tokenHash', '=', tokenHash)
    .where('invites.status', '=', 'pending')
    .where('invites.expiresAt', '>', nowIso())
    .executeTakeFirst();
}

/** The invitation of an id while it is pending. */
export function findPendingInviteById(db: Db, id: string) {
  return db.selectFrom('invites').selectAll().where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
}

export async function markInviteCanceled(db: Db, id: string): Promise<void> {
  await db.updateTable('invites').set({ status: 'canceled', updatedAt: nowIso() }).where('id', '=', id).execute();
}

export async function markInviteAccepted(db: Db, id: string): Promise<void> {
  await db.updateTable('invites').set({ status: 'accepted', updatedAt: nowIso() }).where('id', '=', id).execute();
}
