import { sql } from 'kysely';
import type { Db } from '..';
import { emptyRegisters, estimate, mergeInto } from '#shared/domain/hll';

/**
 * Reads of the stats roll-ups (migration 20261124070000). `scope` is a page id, or '' for the
 * whole account; days are the account's local days, `start` and `end` included. Every read is a
 * range of a primary key: (account_id, page_id, day...).
 */
export interface Span {
  accountId: string;
  scope: string;
  start: string;
  end: string;
}

interface DayTotals {
  visits: number;
  uploads: number;
  views: number;
  linkClicks: number;
}

function days(db: Db, { accountId, scope, start, end }: Span) {
  return db.selectFrom('statsDays').where('accountId', '=', accountId).where('pageId', '=', scope).where('day', '>=', start).where('day', '<=', end);
}

export function dailyRows(db: Db, span: Span) {
  return days(db, span).select(['day', 'visits', 'uploads', 'views', 'linkClicks']).orderBy('day').execute();
}

/** The CSV's days with unique visitors too, in no order (the CSV walks the range's days itself). */
export function csvDayRows(db: Db, span: Span) {
  return days(db, span).select(['day', 'visits', 'uniqueCount', 'uploads', 'linkClicks', 'views']).execute();
}

/** The account's time zone and the first day with roll-ups of the scope, in one read. */
export async function statsCalendar(db: Db, accountId: string, scope: string): Promise<{ timeZone: string; firstDay: string | null }> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => [
      'timeZone',
      eb.selectFrom('statsDays').select('day').where('accountId', '=', accountId).where('pageId', '=', scope).orderBy('day').limit(1).as('firstDay'),
    ])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { timeZone: row.timeZone || 'UTC', firstDay: row.firstDay ?? null };
}

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
const isLastDayOfMonth = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.getUTCDate() === 1;
};

/**
 * A span cut in the months it covers whole (read from the month roll-ups) and the days outside
 * them (read from the day roll-ups): two years are 24 months and at most 60 days.
 */
export function partsOf(start: string, end: string): { months: [string, string] | null; days: Array<[string, string]> } {
  const firstFull = start.endsWith('-01') ? start.slice(0, 7) : nextMonth(start.slice(0, 7));
  const lastFull = isLastDayOfMonth(end) ? end.slice(0, 7) : previousMonth(end.slice(0, 7));
  if (firstFull > lastFull) return { months: null, days: [[start, end]] };
  const days: Array<[string, string]> = [];
  if (start < `${firstFull}-01`) days.push([start, `${previousMonth(firstFull)}-31`]);
  if (end > `${lastFull}-31`) days.push([`${nextMonth(lastFull)}-01`, end]);
  return { months: [firstFull, lastFull], days };
}

function months(db: Db, { accountId, scope }: Span, [from, to]: [string, string]) {
  return db.selectFrom('statsMonths').where('accountId', '=', accountId).where('pageId', '=', scope).where('month', '>=', from).where('month', '<=', to);
}

const counterSums = [
  sql<number>`coalesce(sum(visits), 0)`.as('visits'),
  sql<number>`coalesce(sum(uploads), 0)`.as('uploads'),
  sql<number>`coalesce(sum(views), 0)`.as('views'),
  sql<number>`coalesce(sum(link_clicks), 0)`.as('linkClicks'),
];

export async function totalsOver(db: Db, span: Span): Promise<DayTotals> {
  const parts = partsOf(span.start, span.end);
  const reads = parts.days.map(([start, end]) =>
    days(db, { ...span, start, end })
      .select(counterSums)
      .executeTakeFirstOrThrow(),
  );
  if (parts.months) reads.push(months(db, span, parts.months).select(counterSums).executeTakeFirstOrThrow());
  const totals: DayTotals = { visits: 0, uploads: 0, views: 0, linkClicks: 0 };
  for (const row of await Promise.all(reads)) {
    totals.visits += Number(row.visits);
    totals.uploads += Number(row.uploads);
    totals.views += Number(row.views);
    totals.linkClicks += Number(row.linkClicks);
  }
  return totals;
}

const inRanges = (value: string, ranges: Array<[string, string]>) => ranges.some(([from, to]) => value >= from && value <= to);

/** The scope's day roll-ups (or month roll-ups) in any of the ranges, each with its day (or month) as `at`; no read for no range. */
async function rollupsIn(db: Db, { accountId, scope }: Span, table: 'statsDays' | 'statsMonths', ranges: Array<[string, string]>) {
  if (!ranges.length) return [];
  const period = sql.ref<string>(table === 'statsDays' ? 'day' : 'month');
  return db
    .selectFrom(table)
    .select([period.as('at'), 'visits', 'uploads', 'views', 'linkClicks', 'uniques'])
    .where('accountId', '=', accountId)
    .where('pageId', '=', scope)
    .where((eb) => eb.or(ranges.map(([from, to]) => eb.and([eb(period, '>=', from), eb(period, '<=', to)]))))
    .execute();
}

/**
 * Counters and distinct visitors (the union of the sketches) of spans of one scope, in one read
 * of the day roll-ups and one of the month roll-ups however many spans: a span and the period
 * before it cost two round trips, not six.
 */
export async function rollupsOver(db: Db, spans: Span[]) {
  if (spans.length === 0) return [];
  const parts = spans.map((span) => partsOf(span.start, span.end));
  const dayRanges = parts.flatMap((part) => part.days);
  const monthRanges = parts.flatMap((part) => (part.months ? [part.months] : []));
  const [dayRows, monthRows] = await Promise.all([rollupsIn(db, spans[0], 'statsDays', dayRanges), rollupsIn(db, spans[0], 'statsMonths', monthRanges)]);
  return parts.map((part) => {
    const totals: DayTotals = { visits: 0, uploads: 0, views: 0, linkClicks: 0 };
    const registers = emptyRegisters();
    const add = (row: (typeof dayRows)[number]) => {
      totals.visits += Number(row.visits);
      totals.uploads += Number(row.uploads);
      totals.views += Number(row.views);
      totals.linkClicks += Number(row.linkClicks);
      mergeInto(registers, row.uniques);
    };
    for (const row of dayRows) if (inRanges(row.at, part.days)) add(row);
    if (part.months) for (const row of monthRows) if (inRanges(row.at, [part.months])) add(row);
    return { totals, uniqueVisitors: estimate(registers) };
  });
}

export type SpanRollup = Awaited<ReturnType<typeof rollupsOver>>[number];

/** Visits per country in a range of days (the day roll-ups) or of months (the month roll-ups). */
function countriesIn(db: Db, { accountId, scope }: Span, table: 'statsCountries' | 'statsCountryMonths', [from, to]: [string, string]) {
  const column = sql.ref(table === 'statsCountries' ? 'day' : 'month');
  return db
    .selectFrom(table)
    .select(['country', sql<number>`sum(visits)`.as('count')])
    .where('accountId', '=', accountId)
    .where('pageId', '=', scope)
    .where(column, '>=', from)
    .where(column, '<=', to)
    .groupBy('country')
    .execute();
}

export async function countriesOver(db: Db, span: Span) {
  const parts = partsOf(span.start, span.end);
  const reads = parts.days.map((days) => countriesIn(db, span, 'statsCountries', days));
  if (parts.months) reads.push(countriesIn(db, span, 'statsCountryMonths', parts.months));
  const counts = new Map<string, number>();
  for (const rows of await Promise.all(reads)) for (const row of rows) counts.set(row.country, (counts.get(row.country) ?? 0) + Number(row.count));
  return [...counts]
    .map(([country, count]) => ({ country, count }))
    .sort((a, b) => b.count - a.count || (a.country < b.country ? -1 : a.country > b.country ? 1 : 0));
}

export async function topLinksOver(db: Db, { accountId, scope, start, end }: Span, limit: number) {
  const rows = await db
    .selectFrom('statsLinks')
    .select(['label', 'toUrl', sql<number>`sum(clicks)`.as('clicks')])
    .where('accountId', '=', accountId)
    .where('pageId', '=', scope)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .groupBy(['label', 'toUrl'])
    .orderBy(sql`sum(clicks)`, 'desc')
    .orderBy('label')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ label: row.label, toUrl: row.toUrl, clicks: Number(row.clicks) }));
}

export async function topWatchedOver(db: Db, { accountId, scope, start, end }: Span, limit: number) {
  let query = db
    .selectFrom('statsUploadViews')
    .innerJoin('uploads', 'uploads.id', 'statsUploadViews.uploadId')
    .innerJoin('pages', 'pages.id', 'uploads.pageId')
    .select([
      'uploads.id',
      'uploads.pageId',
      'pages.name as pageName',
      'uploads.type',
      'uploads.thumbnail',
      'uploads.customThumbnail',
      'uploads.original',
      sql<number>`sum(stats_upload_views.views)`.as('views'),
    ])
    .where('statsUploadViews.accountId', '=', accountId)
    .where('statsUploadViews.day', '>=', start)
    .where('statsUploadViews.day', '<=', end);
  if (scope) query = query.where('statsUploadViews.pageId', '=', scope);
  const rows = await query
    .groupBy(['uploads.id', 'uploads.pageId', 'pages.name', 'uploads.type', 'uploads.thumbnail', 'uploads.customThumbnail', 'uploads.original'])
    .orderBy(sql`sum(stats_upload_views.views)`, 'desc')
    .orderBy('uploads.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, views: Number(row.views) }));
}

/** Visits, uploads and link clicks per page (not the account's '' rows) in a range of days or of months. */
function perPageIn(db: Db, accountId: string, table: 'statsDays' | 'statsMonths', [from, to]: [string, string]) {
  const period = sql.ref(table === 'statsDays' ? 'day' : 'month');
  return db
    .selectFrom(table)
    .select(['pageId', sql<number>`sum(visits)`.as('visits'), sql<number>`sum(uploads)`.as('uploads'), sql<number>`sum(link_clicks)`.as('linkClicks')])
    .where('accountId', '=', accountId)
    .where('pageId', '!=', '')
    .where(period, '>=', from)
    .where(period, '<=', to)
    .groupBy('pageId')
    .execute();
}

/** Visits, uploads and link clicks per page (not the account's '' rows) over the range. */
export async function perPageOver(db: Db, accountId: string, start: string, end: string) {
  const parts = partsOf(start, end);
  const reads = parts.days.map((days) => perPageIn(db, accountId, 'statsDays', days));
  if (parts.months) reads.push(perPageIn(db, accountId, 'statsMonths', parts.months));
  const pages = new Map<string, { visits: number; uploads: number; linkClicks: number }>();
  for (const rows of await Promise.all(reads)) {
    for (const row of rows) {
      const page = pages.get(row.pageId) ?? { visits: 0, uploads: 0, linkClicks: 0 };
      page.visits += Number(row.visits);
      page.uploads += Number(row.uploads);
      page.linkClicks += Number(row.linkClicks);
      pages.set(row.pageId, page);
    }
  }
  return pages;
}
