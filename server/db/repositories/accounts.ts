import { sql, type ExpressionBuilder, type Updateable } from 'kysely';
import type { Db } from '..';
import type { Account, AccountsTable, Database, NewAccount } from '../types';
import { nowIso, takeOne, type Found, type Lookup } from '../rows';
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

/** The account's counts of videos, pages and users, as subqueries of its row. */
const countsOf = (eb: ExpressionBuilder<Database, 'accounts'>) => [
  eb.selectFrom('uploads').select(eb.fn.countAll<number>().as('n')).whereRef('uploads.accountId', '=', 'accounts.id').as('uploadVideoCount'),
  eb.selectFrom('pages').select(eb.fn.countAll<number>().as('n')).whereRef('pages.accountId', '=', 'accounts.id').as('pageCount'),
  eb.selectFrom('accountUsers').select(eb.fn.countAll<number>().as('n')).whereRef('accountUsers.accountId', '=', 'accounts.id').as('userCount'),
];

/** The counts as numbers: PostgreSQL answers count(*) as a string, and an empty subquery as null. */
const withCounts = <R extends { uploadVideoCount: unknown; pageCount: unknown; userCount: unknown }>(row: R) => ({
  ...row,
  uploadVideoCount: Number(row.uploadVideoCount ?? 0),
  pageCount: Number(row.pageCount ?? 0),
  userCount: Number(row.userCount ?? 0),
});

/** Platform Accounts: name, slug, plan, status and counts of videos, pages and users; searched by name or slug. */
export async function accountRows(db: Db, query: AdminAccountsQuery) {
  let rows = db
    .selectFrom('accounts')
    .select(['accounts.id', 'accounts.name', 'accounts.slug', 'accounts.subscriptionPlan', 'accounts.status', 'accounts.createdAt'])
    .select(countsOf);
  if (query.q) rows = rows.where(searchAny(['accounts.name', 'accounts.slug'], query.q));
  if (query.status) rows = rows.where('accounts.status', '=', query.status);
  if (query.subscriptionPlan) rows = rows.where('accounts.subscriptionPlan', '=', query.subscriptionPlan);
  const { data, total } = await paginate(rows, query, SORTS);
  return { data: data.map(withCounts), total };
}

/** The account's image columns, each with its ...Tmp field of the settings form. */
export const ACCOUNT_IMAGES = ['favicon', 'headerImage', 'image', 'socialSiteImage'] as const;

/** The account of an id, if there is one; with `{ required: true }` one that must exist. */
export function findAccountById<Options extends Lookup = object>(db: Db, id: string, options?: Options): Promise<Found<Account, Options>> {
  return takeOne(db.selectFrom('accounts').selectAll().where('id', '=', id), options);
}

/** Whether an account of this id exists. */
export async function accountExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst());
}

/** The id and status of an account, if there is one; with `{ required: true }` one that must exist. */
export function findAccountStatus<Options extends Lookup = object>(db: Db, id: string, options?: Options) {
  return takeOne(db.selectFrom('accounts').select(['id', 'status']).where('id', '=', id), options);
}

/** The id and name of an account, if there is one. */
export function findAccountName(db: Db, id: string) {
  return db.selectFrom('accounts').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Inserts the account unless its slug is taken; answers whether it was inserted. */
export async function insertAccountUnlessSlugTaken(db: Db, account: NewAccount): Promise<boolean> {
  const inserted = await db
    .insertInto('accounts')
    .values(account)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!inserted;
}

/** The account row with its counts of videos, pages and users, for an account that must exist. */
export function getAccountWithCounts(db: Db, accountId: string) {
  return db.selectFrom('accounts').selectAll('accounts').select(countsOf).where('accounts.id', '=', accountId).executeTakeFirstOrThrow().then(withCounts);
}

/** What saving the settings compares with: the images, time zone and identity of an account that must exist. */
export function getAccountSettingsBefore(db: Db, accountId: string) {
  return db
    .selectFrom('accounts')
    .select([...ACCOUNT_IMAGES, 'timeZone', 'name', 'slug', 'cssOverride'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
}

/** Another account with this slug, if any. */
export function findOtherAccountWithSlug(db: Db, slug: string, accountId: string) {
  return db.selectFrom('accounts').select('id').where('slug', '=', slug).where('id', '<>', accountId).executeTakeFirst();
}

/** What settings, billing and integrations change of an account: never its id or dates. */
export type AccountChanges = Omit<Updateable<AccountsTable>, 'id' | 'createdAt' | 'updatedAt'>;

/** Changes columns of one account; stamps updatedAt. Undefined fields are left as they are; a taken slug fails on the unique index. */
export async function updateAccount(db: Db, id: string, changes: AccountChanges): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** The slug of an account that must exist. */
export async function accountSlug(db: Db, id: string): Promise<string> {
  return (await db.selectFrom('accounts').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug;
}
