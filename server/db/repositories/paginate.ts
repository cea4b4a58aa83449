import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/**
 * The one paging helper of every server-side list (docs/ARCHITECTURE.md, 'Lists').
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
  /** The total is a lower bound: counting stopped at the list's cap (see PageOptions.countCap). */
  totalCapped?: boolean;
  hasNextPage?: boolean;
}

interface PageOptions {
  /**
   * Count at most this many rows past the page's offset (a LIMIT inside the count), for lists
   * that grow to millions: an exact count(*) reads every matching index entry on every call.
   * The total is exact up to offset + cap; `totalCapped` says when it is only a lower bound.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database: the count only selects from the list's own query
  countCap?: { rows: number; db: Kysely<any> };
  /**
   * The same rows as the list's filters, from a smaller index that counts them faster (keyedPageQueries).
   * It must match exactly the rows the filters match, once each.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- any table: only counted
  counted?: SelectQueryBuilder<any, any, {}>;
}

/** The rows a page reads: LIMIT, OFFSET, and the count's cap (PageOptions.countCap). */
export function pageBounds(request: { page: number; limit: number }, countCapRows: number | undefined) {
  const offset = (request.page - 1) * request.limit;
  return { limit: request.limit, offset, cap: countCapRows === undefined ? undefined : offset + countCapRows };
}

/** Sort name -> the SQL expressions to order by (the tie-break last). */
export type SortAllowList<S extends string> = Record<S, RawBuilder<unknown>[]>;

/** The capped count (PageOptions.countCap) or the exact count of the rows a list's filters match. */
function countQuery<DB, TB extends keyof DB, O>(filtered: SelectQueryBuilder<DB, TB, O>, cap: number | undefined, options: PageOptions) {
  if (!options.countCap) return filtered.select(sql<number>`count(*)`.as('total'));
  const capped = filtered
    .select(sql<number>`1`.as('one'))
    .limit(cap!)
    .as('capped');
  return options.countCap.db.selectFrom(capped).select(sql<number>`count(*)`.as('total'));
}

/** The page query and the count query of a list, built but not run (EXPLAIN and benches read them). */
export function pageQueries<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest<S>,
  sorts: SortAllowList<S>,
  options: PageOptions = {},
) {
  const columns = sorts[request.sort];
  if (!columns) throw new Error(`No sort named ${request.sort}`);
  let rows = query;
  for (const column of columns) rows = rows.orderBy(column, request.order);
  const { limit, offset, cap } = pageBounds(request, options.countCap?.rows);
  const count = countQuery(query.clearSelect().clearOrderBy(), cap, options);
  return { rows: rows.limit(limit).offset(offset), count, cap };
}

/**
 * A page in two steps, for lists whose rows are costly to build (subqueries or joins per row):
 * the keys of the page come from the filters and the sort alone (`matching`, no columns chosen:
 * an index walk that touches no row it does not return), then `rowsOf` builds the full rows of
 * those keys only. Without this, a sort the index cannot give builds every matching row before
 * the sorter keeps the page. The count reads `matching` as pageQueries does.
 */
export function keyedPageQueries<DB, TB extends keyof DB, S extends string, R>(
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no columns chosen yet
  matching: SelectQueryBuilder<DB, TB, {}>,
  key: RawBuilder<string>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the key subquery goes into an `in` of any query
  rowsOf: (keys: SelectQueryBuilder<DB, TB, { key: string }>) => SelectQueryBuilder<any, any, R>,
  request: PageRequest<S>,
  sorts: SortAllowList<S>,
  options: PageOptions = {},
) {
  const bounds = pageBounds(request, options.countCap?.rows);
  const columns = sorts[request.sort];
  if (!columns) throw new Error(`No sort named ${request.sort}`);
  let keys = matching.select(key.as('key')) as unknown as SelectQueryBuilder<DB, TB, { key: string }>;
  for (const column of columns) keys = keys.orderBy(column, request.order);
  keys = keys.limit(bounds.limit).offset(bounds.offset);
  let rows = rowsOf(keys);
  for (const column of columns) rows = rows.orderBy(column, request.order);
  const count = countQuery(options.counted ?? matching, bounds.cap, options);
  return { rows, keys, count, cap: bounds.cap };
}

/** Runs a list's page and count queries (from pageQueries or keyedPageQueries) together. */
export async function runPage<R>(
  queries: { rows: { execute(): Promise<R[]> }; count: { executeTakeFirstOrThrow(): Promise<unknown> }; cap: number | undefined },
  request: { page: number; limit: number },
): Promise<PageResult<R>> {
  const { rows, count, cap } = queries;
  const [data, row] = await Promise.all([rows.execute(), count.executeTakeFirstOrThrow()]);
  return pageResult(data, row, cap, request);
}

/** The page with its total, from the rows and the count query's row. */
function pageResult<R>(data: R[], countRow: unknown, cap: number | undefined, request: { page: number; limit: number }): PageResult<R> {
  const total = Number((countRow as { total: number }).total);
  if (cap === undefined) return { data, total };
  return { data, total, totalCapped: total >= cap, hasNextPage: request.page * request.limit < total };
}

/** `total` (a lower bound when capped) with what a pager needs to know it is one, as the API answers it. */
export function pageTotals(result: Pick<PageResult<unknown>, 'total' | 'totalCapped' | 'hasNextPage'>) {
  return { total: result.total, totalCapped: result.totalCapped ?? false, hasNextPage: result.hasNextPage ?? false };
}

export function paginate<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest<S>,
  sorts: SortAllowList<S>,
  options: PageOptions = {},
): Promise<PageResult<O>> {
  return runPage(pageQueries(query, request, sorts, options), request);
}

/** How many rows a select's filters match: count(*), read as a number (a driver may answer a bigint as a string). */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // The row's type is lost on a generic query (as in pageResult): it is { n }.
  const row = (await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as unknown as { n: number | string };
  return Number(row.n);
}

/** `%text%` with LIKE's wildcards (and the escape character) escaped, for `likeEscaped`. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive search of `text` in any of `columns` (column references, or SQL such as a full name), wildcards in the text taken literally. */
export function searchAny(columns: (string | RawBuilder<unknown>)[], text: string): Expression<SqlBool> {
  const pattern = containsPattern(text);
  const parts = columns.map((column) => {
    const value = typeof column === 'string' ? sql.ref(column) : column;
    return sql<SqlBool>`lower(${value}) like ${pattern} escape '\\'`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
