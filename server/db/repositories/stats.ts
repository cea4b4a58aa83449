import { sql } from 'kysely';
import type { Db } from '..';
import { emptyRegisters, estimate, mergeInto } from '../../../src/domain/hll';

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

export interface DayTotals {
  visits: number;
  uploads: number;
  views: number;
  linkClicks: number;
}

function days(db: Db, { accountId, scope, start, end }: Span) {
  return db.selectFrom('statsDays').where('accountId', '=', accountId).where('pageId', '=', scope).where('day', '>=', start).where('day', '<=', end);
}

export async function totalsOver(db: Db, span: Span): Promise<DayTotals> {
  const row = await days(db, span)
    .select([
      sql<number>`coalesce(sum(visits), 0)`.as('visits'),
      sql<number>`coalesce(sum(uploads), 0)`.as('uploads'),
      sql<number>`coalesce(sum(views), 0)`.as('views'),
      sql<number>`coalesce(sum(link_clicks), 0)`.as('linkClicks'),
    ])
    .executeTakeFirstOrThrow();
  return { visits: Number(row.visits), uploads: Number(row.uploads), views: Number(row.views), linkClicks: Number(row.linkClicks) };
}

export function dailyRows(db: Db, span: Span) {
  return days(db, span).select(['day', 'visits', 'uploads', 'views', 'linkClicks']).orderBy('day').execute();
}

export async function firstDay(db: Db, accountId: string, scope: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('statsDays')
    .select('day')
    .where('accountId', '=', accountId)
    .where('pageId', '=', scope)
    .orderBy('day')
    .limit(1)
    .executeTakeFirst();
  return row?.day;
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
 * Distinct visitors over the span: the union of the sketches of the months the span covers
 * whole, and of its days outside them (so two years read 24 month sketches and a few dozen days).
 */
export async function uniquesOver(db: Db, span: Span): Promise<number> {
  const { accountId, scope, start, end } = span;
  const registers = emptyRegisters();
  const firstFull = start.endsWith('-01') ? start.slice(0, 7) : nextMonth(start.slice(0, 7));
  const lastFull = isLastDayOfMonth(end) ? end.slice(0, 7) : previousMonth(end.slice(0, 7));
  const dayParts: Array<[string, string]> = [];
  if (firstFull <= lastFull) {
    const months = await db
      .selectFrom('statsMonths')
      .select('uniques')
      .where('accountId', '=', accountId)
      .where('pageId', '=', scope)
      .where('month', '>=', firstFull)
      .where('month', '<=', lastFull)
      .execute();
    for (const row of months) mergeInto(registers, row.uniques);
    if (start < `${firstFull}-01`) dayParts.push([start, `${previousMonth(firstFull)}-31`]);
    if (end > `${lastFull}-31`) dayParts.push([`${nextMonth(lastFull)}-01`, end]);
  } else {
    dayParts.push([start, end]);
  }
  for (const [from, to] of dayParts) {
    const rows = await days(db, { accountId, scope, start: from, end: to }).select('uniques').execute();
    for (const row of rows) mergeInto(registers, row.uniques);
  }
  return estimate(registers);
}

export async function countriesOver(db: Db, { accountId, scope, start, end }: Span) {
  const rows = await db
    .selectFrom('statsCountries')
    .select(['country', sql<number>`sum(visits)`.as('count')])
    .where('accountId', '=', accountId)
    .where('pageId', '=', scope)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .groupBy('country')
    .orderBy(sql`sum(visits)`, 'desc')
    .orderBy('country')
    .execute();
  return rows.map((row) => ({ country: row.country, count: Number(row.count) }));
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

export async function perPageOver(db: Db, accountId: string, start: string, end: string) {
  const rows = await db
    .selectFrom('statsDays')
    .select(['pageId', sql<number>`sum(visits)`.as('visits'), sql<number>`sum(uploads)`.as('uploads'), sql<number>`sum(link_clicks)`.as('linkClicks')])
    .where('accountId', '=', accountId)
    .where('pageId', '!=', '')
    .where('day', '>=', start)
    .where('day', '<=', end)
    .groupBy('pageId')
    .execute();
  return new Map(rows.map((row) => [row.pageId, { visits: Number(row.visits), uploads: Number(row.uploads), linkClicks: Number(row.linkClicks) }]));
}
