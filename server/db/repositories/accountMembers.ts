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

/** The user's roles in the accounts that are enabled. */
export function rolesInEnabledAccounts(db: Db, userId: string) {
  return db
    .selectFrom('accountUsers')
    .innerJoin('accounts', 'accounts.id', 'accountUsers.accountId')
    .select('accountUsers.role')
    .where('accountUsers.userId', '=', userId)
    .where('accounts.status', '=', 'enabled')
    .execute();
}
