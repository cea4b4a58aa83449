import { sql } from 'kysely';
import type { Db } from '..';
import type { AdminUsersQuery } from '#shared/domain/schemas/adminUsers';
import { paginate, searchAny, type SortAllowList } from './paginate';

const SORTS: SortAllowList<AdminUsersQuery['sort']> = {
  name: [sql`lower(first_name)`, sql`lower(last_name)`, sql`id`],
  type: [sql`type`, sql`id`],
  status: [sql`status`, sql`id`],
  // '' before any date in both databases, so never-signed-in users sort the same everywhere.
  lastLogin: [sql`coalesce(last_login, '')`, sql`id`],
  createdAt: [sql`created_at`, sql`id`],
};

/** Platform Users: every user, searched by full name, filtered by status, one page of them. */
export function userRows(db: Db, query: AdminUsersQuery) {
  let rows = db.selectFrom('users').selectAll();
  if (query.q) rows = rows.where(searchAny([sql`first_name || ' ' || last_name`], query.q));
  if (query.status?.length) rows = rows.where('status', 'in', query.status);
  return paginate(rows, query, SORTS);
}

