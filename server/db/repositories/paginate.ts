import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/**
 * The one paging helper of every server-side list (ARCHITECTURE.md 'Lists').
 *
 * - Sorting goes through an allow-list: each sort name the API accepts maps to SQL written here
 *   (the leading columns of an index), never to a string from the request.
 * - The page and the total come together: `{data, total}`; the total is a second query on the
 *   same filters (an index-only count), not `count(*) over ()`, which would read every row.
 * - Every sort ends with a unique tie-break (usually the id, the last column of the sort index), so
 *   pages never repeat or skip rows.
 */

export interface PageRequest<S extends string> {
  page: number;
  limit: number;
  sort: S;
  order: 'asc' | 'desc';
}

export interface PageResult<T> {
  data: T[];
  total: number;
}

/** Sort name -> the SQL expressions to order by (the tie-break last). */
export type SortAllowList<S extends string> = Record<S, RawBuilder<unknown>[]>;

/** The page query and the count query of a list, built but not run (EXPLAIN and benches read them). */
export function pageQueries<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest<S>,
  sorts: SortAllowList<S>,
) {
  const columns = sorts[request.sort];
  if (!columns) throw new Error(`No sort named ${request.sort}`);
  let rows = query;
  for (const column of columns) rows = rows.orderBy(column, request.order);
  return {
    rows: rows.limit(request.limit).offset((request.page - 1) * request.limit),
    count: query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('total')),
  };
}

export async function paginate<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest<S>,
  sorts: SortAllowList<S>,
): Promise<PageResult<O>> {
  const { rows, count } = pageQueries(query, request, sorts);
  const [data, total] = await Promise.all([rows.execute(), count.executeTakeFirstOrThrow()]);
  return { data, total: Number((total as { total: number }).total) };
}

/** `%text%` with LIKE's wildcards (and the escape character) escaped, for `likeEscaped`. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive search of `text` in any of `columns` (column references, or SQL such as a
 * full name), wildcards in the text taken literally.
 */
export function searchAny(columns: (string | RawBuilder<unknown>)[], text: string): Expression<SqlBool> {
  const pattern = containsPattern(text);
  const parts = columns.map((column) => {
    const value = typeof column === 'string' ? sql.ref(column) : column;
    return sql<SqlBool>`lower(${value}) like ${pattern} escape '\\'`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
