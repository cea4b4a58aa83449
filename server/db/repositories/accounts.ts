import { sql } from 'kysely';
import type { Db } from '..';
import type { Account } from '../types';
import type { AdminAccountsQuery } from '#shared/domain/schemas/adminAccounts';
import { paginate, searchAny, type SortAllowList } from './paginate';

const SORTS: SortAllowList<AdminAccountsQuery['sort']> = {
  name: [sql`lower(accounts.name)`, sql`accounts.id`],
  slug: [sql`accounts.slug`, sql`accounts.id`],
  subscriptionPlan: [sql`accounts.subscription_plan`, sql`accounts.id`],
  status: [sql`accounts.status`, sql`accounts.id`],
  uploadVideoCount: [sql`upload_video_count`, sql`accounts.id`],
  pageCount: [sql`page_count`, sql`accounts.id`],
  userCount: [sql`user_count`, sql`accounts.id`],
  createdAt: [sql`accounts.created_at`, sql`accounts.id`],
};

/** Platform Accounts: name, slug, plan, status and counts of videos, pages and users; searched by name or slug. */
export function accountRows(db: Db, query: AdminAccountsQuery) {
  let rows = db
    .selectFrom('accounts')
    .select(['accounts.id', 'accounts.name', 'accounts.slug', 'accounts.subscriptionPlan', 'accounts.status', 'accounts.createdAt'])
    .select((eb) => [
      eb.selectFrom('uploads').select(eb.fn.countAll<number>().as('n')).whereRef('uploads.accountId', '=', 'accounts.id').as('uploadVideoCount'),
      eb.selectFrom('pages').select(eb.fn.countAll<number>().as('n')).whereRef('pages.accountId', '=', 'accounts.id').as('pageCount'),
      eb.selectFrom('accountUsers').select(eb.fn.countAll<number>().as('n')).whereRef('accountUsers.accountId', '=', 'accounts.id').as('userCount'),
    ]);
  if (query.q) rows = rows.where(searchAny(['accounts.name', 'accounts.slug'], query.q));
  if (query.status) rows = rows.where('accounts.status', '=', query.status);
  if (query.subscriptionPlan) rows = rows.where('accounts.subscriptionPlan', '=', query.subscriptionPlan);
  return paginate(rows, query, SORTS);
}

/** The account's row; throws when there is none (callers hold an id a row named). */
export function getAccountById(db: Db, id: string): Promise<Account> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function accountSlug(db: Db, id: string): Promise<string> {
  return (await db.selectFrom('accounts').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug;
}
