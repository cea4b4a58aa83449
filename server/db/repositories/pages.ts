import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '..';
import type { pagesQuery } from '#shared/domain/schemas/page';
import { paginate, searchAny, type SortAllowList } from './paginate';

type PagesQuery = z.output<typeof pagesQuery>;

const SORTS: SortAllowList<PagesQuery['sort']> = {
  name: [sql`lower(name)`, sql`id`],
  slug: [sql`slug`, sql`id`],
  status: [sql`status`, sql`id`],
  createdAt: [sql`created_at`, sql`id`],
};

/** An account's pages, searched by name and filtered by status, one page of them. */
export function pageRows(db: Db, accountId: string, query: PagesQuery) {
  let rows = db.selectFrom('pages').selectAll().where('accountId', '=', accountId);
  if (query.q) rows = rows.where(searchAny(['name'], query.q));
  if (query.status) rows = rows.where('status', '=', query.status);
  return paginate(rows, query, SORTS);
}

/** A page with its account by their public slugs (/p/{accountSlug}/{pageSlug}), matched case-insensitively. */
export function pageBySlugs(db: Db, accountSlug: string, pageSlug: string) {
  return db
    .selectFrom('pages')
    .innerJoin('accounts', 'accounts.id', 'pages.accountId')
    .where((eb) => eb(eb.fn('lower', ['accounts.slug']), '=', accountSlug.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', ['pages.slug']), '=', pageSlug.toLowerCase()));
}
