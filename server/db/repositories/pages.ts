import type { Insertable } from 'kysely';
import type { Db } from '..';
import type { Page, PagesTable } from '../types';
import { takeOne, type Found, type Lookup } from '../rows';

/** A page with its account by their public slugs (/p/{accountSlug}/{pageSlug}), matched case-insensitively. */
function pageBySlugs(db: Db, accountSlug: string, pageSlug: string) {
  return db
    .selectFrom('pages')
    .innerJoin('accounts', 'accounts.id', 'pages.accountId')
    .where((eb) => eb(eb.fn('lower', ['accounts.slug']), '=', accountSlug.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', ['pages.slug']), '=', pageSlug.toLowerCase()));
}

/** The ids of the page at these public slugs and of its account, whatever their state. */
export function pageIdsBySlugs(db: Db, accountSlug: string, pageSlug: string): Promise<{ pageId: string; accountId: string } | undefined> {
  return pageBySlugs(db, accountSlug, pageSlug).select(['pages.id as pageId', 'accounts.id as accountId']).executeTakeFirst();
}

/** The page at these public slugs with its wall's setting and the page's and account's states. */
export function wallPageBySlugs(db: Db, accountSlug: string, pageSlug: string) {
  return pageBySlugs(db, accountSlug, pageSlug)
    .select(['pages.id as pageId', 'accounts.id as accountId', 'pages.likingStatus', 'pages.status', 'accounts.status as accountStatus'])
    .executeTakeFirst();
}

/** The page's row, if there is one; with `{ required: true }` one that must exist (callers hold an id a row named). */
export function findPageById<Options extends Lookup = object>(db: Db, id: string, options?: Options): Promise<Found<Page, Options>> {
  return takeOne(db.selectFrom('pages').selectAll().where('id', '=', id), options);
}

export function findPageOfAccount(db: Db, accountId: string, id: string): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).where('accountId', '=', accountId).executeTakeFirst();
}

export async function isPageOfAccount(db: Db, accountId: string, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('pages').select('id').where('id', '=', id).where('accountId', '=', accountId).executeTakeFirst());
}

/** Whether another page of the account (not `exceptId`) has this slug. */
export async function isSlugTaken(db: Db, accountId: string, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('pages').select('id').where('accountId', '=', accountId).where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function insertPage(db: Db, row: Insertable<PagesTable>): Promise<void> {
  await db.insertInto('pages').values(row).execute();
}

/** Every page of the account as {id, name}, by name (pickers and filters). */
export function pageLookup(db: Db, accountId: string) {
  return db.selectFrom('pages').select(['id', 'name']).where('accountId', '=', accountId).orderBy('name').execute();
}

/** Which of these pages require approval. */
export async function pageIdsRequiringApproval(db: Db, pageIds: string[]): Promise<string[]> {
  const rows = await db.selectFrom('pages').select('id').where('id', 'in', pageIds).where('requireApproval', '=', 1).execute();
  return rows.map((row) => row.id);
}

/** What the fan uploads gate reads of a page and its account (services/fanUploads.ts). */
export function pageGateFacts(db: Db, pageId: string) {
  return db
    .selectFrom('pages')
    .innerJoin('accounts', 'accounts.id', 'pages.accountId')
    .select(['pages.id', 'pages.accountId', 'pages.status', 'pages.allowSubmissions', 'accounts.status as accountStatus'])
    .where('pages.id', '=', pageId)
    .executeTakeFirst();
}

/** The page's own limit on a clip's length (null: none); undefined when the page is gone. */
export async function maxVideoSecondsOf(db: Db, id: string): Promise<number | null | undefined> {
  return (await db.selectFrom('pages').select('maxVideoSeconds').where('id', '=', id).executeTakeFirst())?.maxVideoSeconds;
}
