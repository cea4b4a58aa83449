import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '..';
import { nowIso, toBool } from '../rows';
import type { AccountRole } from '#shared/domain/roles';
import type { accountUsersQuery } from '#shared/domain/schemas/accountUsers';
import { countRows, paginate, searchAny, type SortAllowList } from './paginate';
import { clearUserSessionsAccount } from './sessions';

export type AccountUsersQuery = z.output<typeof accountUsersQuery>;

const SORTS: SortAllowList<AccountUsersQuery['sort']> = {
  name: [sql`lower(users.last_name || ' ' || users.first_name)`, sql`users.id`],
  email: [sql`users.email`, sql`users.id`],
  role: [sql`account_users.role`, sql`users.id`],
  createdAt: [sql`account_users.created_at`, sql`users.id`],
};

/** A membership as the API answers it: the user's name, email and avatar, their role, the mail preference a boolean. */
const MEMBER_COLUMNS = [
  'users.id',
  'users.firstName',
  'users.lastName',
  'users.email',
  'users.avatar',
  'users.videoProcessedEmails',
  'accountUsers.role',
  'accountUsers.createdAt',
] as const;
const asMember = <R extends { videoProcessedEmails: number | null }>(row: R) => ({ ...row, videoProcessedEmails: toBool(row.videoProcessedEmails) });

/** The account's memberships, each with its user. */
function membershipsOf(db: Db, accountId: string) {
  return db.selectFrom('accountUsers').innerJoin('users', 'users.id', 'accountUsers.userId').where('accountUsers.accountId', '=', accountId);
}

/** The members of an account with their role, searched by name or email, one page of them. */
export async function memberRows(db: Db, accountId: string, query: AccountUsersQuery) {
  let rows = membershipsOf(db, accountId).select(MEMBER_COLUMNS);
  if (query.q) rows = rows.where(searchAny(['users.firstName', 'users.lastName', 'users.email'], query.q));
  const { data, total } = await paginate(rows, query, SORTS);
  return { data: data.map(asMember), total };
}

/** The user's memberships in enabled accounts (the account's id and the user's role there), at most `limit` of them when given. */
export function enabledMembershipsOf(db: Db, userId: string, limit?: number) {
  let query = db
    .selectFrom('accountUsers')
    .innerJoin('accounts', 'accounts.id', 'accountUsers.accountId')
    .select(['accounts.id', 'accountUsers.role'])
    .where('accountUsers.userId', '=', userId)
    .where('accounts.status', '=', 'enabled');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** The account of the user's first membership (the oldest, then by name), with its header. */
export function headerAccountOf(db: Db, userId: string) {
  return db
    .selectFrom('accountUsers')
    .innerJoin('accounts', 'accounts.id', 'accountUsers.accountId')
    .select(['accounts.id', 'accounts.name', 'accounts.headerImage', 'accounts.lightHeader'])
    .where('accountUsers.userId', '=', userId)
    .orderBy('accountUsers.createdAt')
    .orderBy('accounts.name')
    .executeTakeFirst();
}

/** A member of the account with their role, if the user is one. */
export async function findAccountMember(db: Db, accountId: string, userId: string) {
  const row = await membershipsOf(db, accountId).select(MEMBER_COLUMNS).where('accountUsers.userId', '=', userId).executeTakeFirst();
  return row && asMember(row);
}

/** The user's role in the account, if they are a member. */
export function findMemberRole(db: Db, accountId: string, userId: string) {
  return db.selectFrom('accountUsers').select('role').where('accountId', '=', accountId).where('userId', '=', userId).executeTakeFirst();
}

/** The member of the account with this email, if any. */
export function findMemberByEmail(db: Db, accountId: string, email: string) {
  return membershipsOf(db, accountId).select('users.id').where('users.email', '=', email).executeTakeFirst();
}

export function countOwners(db: Db, accountId: string): Promise<number> {
  return countRows(db.selectFrom('accountUsers').where('accountId', '=', accountId).where('role', '=', 'owner'));
}

export function countMembers(db: Db, accountId: string): Promise<number> {
  return countRows(db.selectFrom('accountUsers').where('accountId', '=', accountId));
}

export async function insertMember(db: Db, accountId: string, userId: string, role: AccountRole): Promise<void> {
  await db.insertInto('accountUsers').values({ accountId, userId, role, createdAt: nowIso() }).execute();
}

export async function setMemberRole(db: Db, accountId: string, userId: string, role: AccountRole): Promise<void> {
  await db.updateTable('accountUsers').set({ role }).where('accountId', '=', accountId).where('userId', '=', userId).execute();
}

/** Removes the membership, and the account from the user's sessions that had it open, together; false when there was none. */
export async function deleteMember(db: Db, accountId: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('accountUsers').where('accountId', '=', accountId).where('userId', '=', userId).executeTakeFirst();
    await clearUserSessionsAccount(trx, userId, accountId);
    return Number(result.numDeletedRows) > 0;
  });
}

/**
 * The accounts a user can select, by name, at most `limit`: their enabled memberships, or every
 * account (with their role where they have one) for a platform admin; `q` searches the name.
 */
export function accountChoices(db: Db, user: { id: string; isPlatformAdmin: boolean }, q: string | undefined, limit: number) {
  let query = db
    .selectFrom('accounts')
    .leftJoin('accountUsers', (join) => join.onRef('accountUsers.accountId', '=', 'accounts.id').on('accountUsers.userId', '=', user.id))
    .select(['accounts.id', 'accounts.name', 'accounts.slug', 'accounts.status', 'accountUsers.role']);
  if (!user.isPlatformAdmin) {
    query = query.where('accountUsers.userId', '=', user.id).where('accounts.status', '=', 'enabled');
  }
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[%_\\]/g, '')}%`;
    query = query.where((eb) => eb(eb.fn('lower', ['accounts.name']), 'like', pattern));
  }
  return query.orderBy('accounts.name').limit(limit).execute();
}

/** How many enabled accounts the user may select. */
const selectableAccounts = (db: Db, userId: string) =>
  db
    .selectFrom('accountUsers')
    .innerJoin('accounts as memberAccount', 'memberAccount.id', 'accountUsers.accountId')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('accountUsers.userId', '=', userId)
    .where('memberAccount.status', '=', 'enabled');

export async function countSelectableAccounts(db: Db, userId: string): Promise<number> {
  return Number((await selectableAccounts(db, userId).executeTakeFirst())?.count ?? 0);
}

/** One round trip: the account row with the user's role there (memberRole) and their number of selectable accounts (membershipCount). */
export function accountWithMemberRole(db: Db, accountId: string, userId: string) {
  return db
    .selectFrom('accounts')
    .selectAll('accounts')
    .select((eb) => [
      eb
        .selectFrom('accountUsers')
        .select('role')
        .whereRef('accountUsers.accountId', '=', 'accounts.id')
        .where('accountUsers.userId', '=', userId)
        .as('memberRole'),
      selectableAccounts(db, userId).as('membershipCount'),
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}
