import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '..';
import { countRows } from './paginate';

/**
 * The statements of the insights benchmark (bench/insights.ts): millions of raw visits generated
 * by the database itself, and the naive counts over them that the roll-ups are measured against.
 * Never run by the product.
 */

export interface GeneratedVisits {
  accountId: string;
  /** Visit i lands on page i % pageIds.length. */
  pageIds: string[];
  visits: number;
  /** Visit i's visitor: i * 2654435761 mod visitors. */
  visitors: number;
  /** Visit i's country: countries[(i * 7) % countries.length]. */
  countries: string[];
  /** Visits spread evenly over spanSeconds from this day's midnight (UTC). */
  firstDay: string;
  spanSeconds: number;
}

/**
 * The raw visits in one statement (a recursive CTE on SQLite, generate_series on PostgreSQL),
 * row i fully determined by i, so the benchmark computes the same rows' roll-ups itself. Ids are
 * zero-padded so that they arrive in key order (appends, not page splits). The counts are
 * written into the statement (they are numbers); ids, countries and the day are bound.
 */
export async function insertGeneratedVisits(db: Db, run: GeneratedVisits): Promise<void> {
  const { accountId, pageIds, visits, visitors, countries, firstDay, spanSeconds } = run;
  const n = (value: number) => sql.lit(Math.trunc(value));
  const choose = (of: RawBuilder<unknown>, values: string[]) =>
    sql`CASE ${of} ${sql.join(
      values.map((value, k) => sql`WHEN ${n(k)} THEN ${value}`),
      sql` `,
    )} END`;
  if (isPostgres(db)) {
    await sql`
      INSERT INTO visits (id, account_id, page_id, visitor_id, country, created_at)
      SELECT 'bv' || lpad(i::text, 9, '0'), ${accountId}, ${choose(sql`i % ${n(pageIds.length)}`, pageIds)}, 'v' || ((i::numeric * 2654435761) % ${n(visitors)}),
             ${choose(sql`(i * 7) % ${n(countries.length)}`, countries)},
             to_char(CAST(${firstDay} AS timestamp) + ((i::bigint * ${n(spanSeconds)}) / ${n(visits)}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      FROM generate_series(0, ${n(visits - 1)}) AS i`.execute(db);
  } else {
    await sql`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${n(visits - 1)})
      INSERT INTO visits (id, account_id, page_id, visitor_id, country, created_at)
      SELECT printf('bv%09d', i), ${accountId}, ${choose(sql`i % ${n(pageIds.length)}`, pageIds)}, 'v' || ((i * 2654435761) % ${n(visitors)}),
             ${choose(sql`(i * 7) % ${n(countries.length)}`, countries)},
             strftime('%Y-%m-%dT%H:%M:%fZ', ${firstDay}, '+' || ((i * ${n(spanSeconds)}) / ${n(visits)}) || ' seconds')
      FROM n`.execute(db);
  }
}

/**
 * After a bulk load: fresh planner statistics; on PostgreSQL a VACUUM too (autovacuum would
 * otherwise run during the timings) and a checkpoint (so the writing back of the load's pages
 * does not either).
 */
export async function settleAfterBulkLoad(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`VACUUM ANALYZE`.execute(db);
    await sql`CHECKPOINT`.execute(db);
  } else {
    await sql`ANALYZE`.execute(db);
  }
}

/** What the stats would cost counted from the raw events: visits and distinct visitors of an account or a page, since a time. */
export function naiveVisitCounts(db: Db, where: { accountId: string } | { pageId: string }, since?: string) {
  let query = db.selectFrom('visits').select((eb) => [eb.fn.countAll().as('visits'), eb.fn.count('visitorId').distinct().as('visitors')]);
  query = 'accountId' in where ? query.where('accountId', '=', where.accountId) : query.where('pageId', '=', where.pageId);
  if (since) query = query.where('createdAt', '>=', since);
  return query.execute();
}

export function naiveViewCount(db: Db, accountId: string) {
  return db
    .selectFrom('views')
    .select((eb) => eb.fn.countAll().as('views'))
    .where('accountId', '=', accountId)
    .execute();
}

export function naiveVisitsPerPage(db: Db, accountId: string) {
  return db
    .selectFrom('visits')
    .select((eb) => ['pageId', eb.fn.countAll().as('visits')])
    .where('accountId', '=', accountId)
    .groupBy('pageId')
    .execute();
}

export function naiveVisitsPerDay(db: Db, accountId: string) {
  return db
    .selectFrom('visits')
    .select((eb) => [
      sql<string>`substr(${sql.ref('createdAt')}, 1, 10)`.as('day'),
      eb.fn.countAll().as('visits'),
      eb.fn.count('visitorId').distinct().as('visitors'),
    ])
    .where('accountId', '=', accountId)
    .groupBy('day')
    .execute();
}

export function countAllVisits(db: Db): Promise<number> {
  return countRows(db.selectFrom('visits'));
}
