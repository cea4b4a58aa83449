import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '..';
import type { accountUsersQuery } from '#shared/domain/schemas/accountUsers';
import { paginate, searchAny, type SortAllowList } from './paginate';

export type AccountUsersQuery = z.output<typeof accountUsersQuery>;

const SORTS: SortAllowList<AccountUsersQuery['sort']> = {
  name: [sql`lower(users.last_name || ' ' || users.first_name)`, sql`users.id`],
  email: [sql`users.email`, sql`users.id`],
  role: [sql`account_users.role`, sql`users.id`],
  createdAt: [sql`account_users.created_at`, sql`users.id`],
};

/** The members of an account with their role, searched by name or email, one page of them. */
export function memberRows(db: Db, accountId: string, query: AccountUsersQuery) {
  let rows = db
    .selectFrom('accountUsers')
    .innerJoin('users', 'users.id', 'accountUsers.userId')
    .where('accountUsers.accountId', '=', accountId)
    .select([
      'users.id',
      'users.firstName',
      'users.lastName',
      'users.email',
      'users.avatar',
      'users.videoProcessedEmails',
      'accountUsers.role',
      'accountUsers.createdAt',
    ]);
  if (query.q) rows = rows.where(searchAny(['users.firstName', 'users.lastName', 'users.email'], query.q));
  return paginate(rows, query, SORTS);
}

/** The ids of the user's enabled accounts, at most `limit` of them. */
export function enabledAccountIdsOf(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('accountUsers')
    .innerJoin('accounts', 'accounts.id', 'accountUsers.accountId')
    .select('accounts.id')
    .where('accountUsers.userId', '=', userId)
    .where('accounts.status', '=', 'enabled')
    .limit(limit)
    .execute();
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
