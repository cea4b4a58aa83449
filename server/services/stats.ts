import { fileUrls } from '../files/signedUrls';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { addDays, dayCount, daysFrom, localDay, statsRange, startOfDay } from '#shared/domain/statsDays';
import type {
  AccountStats,
  ActivePages,
  DynamicData,
  StatCounts,
  StatsQuery,
  TagStats,
  UserStats,
  VideoStats,
  WatchedVideo,
} from '#shared/domain/schemas/stats';
import {
  countriesOver,
  csvDayRows,
  dailyRows,
  perPageOver,
  rollupsOver,
  statsCalendar,
  topLinksOver,
  topWatchedOver,
  totalsOver,
  type Span,
  type SpanRollup,
} from '../db/repositories/stats';
import { assertFeature, limitsOf } from './planLimits';
import { assertPageOfAccount } from './pages';
import { countRequiringApproval } from '../db/repositories/uploads';
import { activePageRows, countImages, countPendingInvites, membersByRole, topAnswers, topTags } from '../db/repositories/statsCounts';

/**
 * Insights (spec console.md sections 2, 3, 7), read from the roll-ups only (except
 * the current-state counts: uploads waiting for approval, images, users, pages, tags, fan data).
 */
type Caller = Pick<User, 'type'>;
const TOP = 10;

/** Filters checked against the plan and the account; the range in the account's days. */
async function resolveStatsRange(deps: Deps, accountId: string, query: StatsQuery, caller: Caller) {
  const { db } = deps;
  if (query.pageId || query.startDate || query.endDate) assertFeature(await limitsOf(db, accountId), 'filters', 'insight-filter', caller);
  if (query.pageId) await assertPageOfAccount(db, accountId, query.pageId);
  const scope = query.pageId ?? '';
  const { timeZone, firstDay } = await statsCalendar(db, accountId, scope);
  const today = localDay(new Date(), timeZone);
  const range = statsRange(query, today);
  // All time starts at the first day with data (a chart from 2020 would be mostly zeros).
  const startDate = range.allTime ? (firstDay ?? today) : range.startDate;
  return {
    accountId,
    scope,
    timeZone,
    startDate: startDate > range.endDate ? range.endDate : startDate,
    endDate: range.endDate,
    allTime: range.allTime,
  };
}

type ResolvedStatsRange = Awaited<ReturnType<typeof resolveStatsRange>>;

const rangeOf = (r: ResolvedStatsRange) => ({ startDate: r.startDate, endDate: r.endDate, timeZone: r.timeZone, allTime: r.allTime });
const spanOf = (r: ResolvedStatsRange): Span => ({ accountId: r.accountId, scope: r.scope, start: r.startDate, end: r.endDate });

/** The period of the same length just before (none for all time). */
function previousSpan(r: ResolvedStatsRange): Span | null {
  if (r.allTime) return null;
  const length = dayCount(r.startDate, r.endDate);
  return { accountId: r.accountId, scope: r.scope, start: addDays(r.startDate, -length), end: addDays(r.startDate, -1) };
}

/** Percent change, two decimals; null when the previous period had none. */
function percentChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 10000) / 100;
}

function countsOf(rollup: SpanRollup): StatCounts {
  return {
    totalVisitors: rollup.totals.visits,
    uniqueVisitors: rollup.uniqueVisitors,
    totalUploads: rollup.totals.uploads,
    totalLinkClicks: rollup.totals.linkClicks,
  };
}

/** One count a day of the range, 0 on the days without a row. */
function zeroFilled(r: ResolvedStatsRange, rows: Awaited<ReturnType<typeof dailyRows>>, count: 'visits' | 'uploads' | 'views') {
  const byDay = new Map(rows.map((row) => [row.day, Number(row[count])]));
  return daysFrom(r.startDate, r.endDate).map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

async function watched(deps: Deps, span: Span): Promise<WatchedVideo[]> {
  const rows = await topWatchedOver(deps.db, span, TOP);
  const keyOf = (row: (typeof rows)[number]) => row.customThumbnail ?? row.thumbnail ?? (row.type === 'image' ? row.original : null);
  const url = await fileUrls(deps.files, rows.map(keyOf), 'staff');
  return rows.map((row) => {
    const key = keyOf(row);
    return { id: row.id, pageId: row.pageId, pageName: row.pageName, type: row.type, thumbnail: key ? url(key) : null, views: row.views };
  });
}

export async function accountStats(deps: Deps, accountId: string, query: StatsQuery, caller: Caller): Promise<AccountStats> {
  const r = await resolveStatsRange(deps, accountId, query, caller);
  const span = spanOf(r);
  const before = previousSpan(r);
  const [[now, previous], daily, visitorCountries, topLinkClicks, topWatchedVideos, requiresApprovalCount, imageCount] = await Promise.all([
    rollupsOver(deps.db, before ? [span, before] : [span]),
    dailyRows(deps.db, span),
    countriesOver(deps.db, span),
    topLinksOver(deps.db, span, TOP),
    watched(deps, span),
    countRequiringApproval(deps.db, r.accountId, r.scope || undefined),
    countImages(deps.db, r.accountId, r.scope),
  ]);
  const counts = countsOf(now);
  const previousCounts = previous ? countsOf(previous) : null;
  return {
    range: rangeOf(r),
    previousRange: before ? { startDate: before.start, endDate: before.end } : null,
    counts,
    previousCounts,
    change: {
      totalVisitors: percentChange(counts.totalVisitors, previousCounts?.totalVisitors),
      uniqueVisitors: percentChange(counts.uniqueVisitors, previousCounts?.uniqueVisitors),
      totalUploads: percentChange(counts.totalUploads, previousCounts?.totalUploads),
      totalLinkClicks: percentChange(counts.totalLinkClicks, previousCounts?.totalLinkClicks),
    },
    accountDailyVisits: zeroFilled(r, daily, 'visits'),
    accountDailyUploads: zeroFilled(r, daily, 'uploads'),
    visitorCountries,
    topLinkClicks,
    topWatchedVideos,
    requiresApprovalCount,
    imageCount,
  };
}

export async function videoStats(deps: Deps, accountId: string, query: StatsQuery, caller: Caller): Promise<VideoStats> {
  const r = await resolveStatsRange(deps, accountId, query, caller);
  const span = spanOf(r);
  const before = previousSpan(r);
  const [previous, daily, topWatchedVideos] = await Promise.all([
    before ? totalsOver(deps.db, before) : Promise.resolve(null),
    dailyRows(deps.db, span),
    watched(deps, span),
  ]);
  // From the daily rows, which the chart reads anyway (one query fewer).
  const totalViews = daily.reduce((sum, row) => sum + Number(row.views), 0);
  return {
    range: rangeOf(r),
    totalViews,
    previousTotalViews: previous?.views ?? null,
    change: percentChange(totalViews, previous?.views),
    dailyViews: zeroFilled(r, daily, 'views'),
    topWatchedVideos,
  };
}

export async function activePages(deps: Deps, accountId: string, query: StatsQuery, caller: Caller): Promise<ActivePages> {
  const r = await resolveStatsRange(deps, accountId, query, caller);
  const [pages, counts] = await Promise.all([activePageRows(deps.db, accountId, r.scope), perPageOver(deps.db, accountId, r.startDate, r.endDate)]);
  const rows = pages
    .map((page) => ({ pageId: page.id, name: page.name, status: page.status, visits: 0, uploads: 0, linkClicks: 0, ...counts.get(page.id) }))
    .sort((a, b) => b.visits - a.visits || b.uploads - a.uploads || a.name.localeCompare(b.name));
  return { range: rangeOf(r), enabledPages: pages.filter((page) => page.status === 'enabled').length, totalPages: pages.length, pages: rows };
}

export async function userStats(deps: Deps, accountId: string): Promise<UserStats> {
  const [roles, pendingInvites] = await Promise.all([membersByRole(deps.db, accountId), countPendingInvites(deps.db, accountId)]);
  const byRole = roles.map((row) => ({ role: row.role, count: Number(row.count) }));
  return { total: byRole.reduce((sum, row) => sum + row.count, 0), byRole, pendingInvites };
}

/** Instants bounding the range's days, for tables without roll-ups (tags, submitted fields). */
function instants(r: ResolvedStatsRange) {
  return { from: startOfDay(r.startDate, r.timeZone), until: startOfDay(addDays(r.endDate, 1), r.timeZone) };
}

export async function tagStats(deps: Deps, accountId: string, query: StatsQuery, caller: Caller): Promise<TagStats> {
  const r = await resolveStatsRange(deps, accountId, query, caller);
  const { from, until } = instants(r);
  const rows = await topTags(deps.db, accountId, r.scope, from, until);
  return { range: rangeOf(r), tags: rows.map((row) => ({ tag: row.tag, count: Number(row.count) })) };
}

export async function dynamicData(deps: Deps, accountId: string, query: StatsQuery, caller: Caller): Promise<DynamicData> {
  const r = await resolveStatsRange(deps, accountId, query, caller);
  const { from, until } = instants(r);
  const top = async (column: 'venueCity' | 'song' | 'artist' | 'country') => {
    const result = await topAnswers(deps.db, accountId, r.scope, column, from, until, TOP);
    return result.map((row) => ({ value: String(row.value), count: Number(row.count) }));
  };
  const [venues, songs, artists, countries] = await Promise.all([top('venueCity'), top('song'), top('artist'), top('country')]);
  return { range: rangeOf(r), venues, songs, artists, countries };
}

/** The analytics CSV: one row per day of the range for the filters in force. */
export async function statsCsv(deps: Deps, accountId: string, query: StatsQuery, caller: Caller): Promise<{ fileName: string; body: string }> {
  const r = await resolveStatsRange(deps, accountId, query, caller);
  const rows = await csvDayRows(deps.db, spanOf(r));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const lines = ['Date,Total Visitors,Unique Visitors,Fan Uploads,Links Clicked,Video Views'];
  for (const day of daysFrom(r.startDate, r.endDate)) {
    const row = byDay.get(day);
    lines.push([day, row?.visits ?? 0, row?.uniqueCount ?? 0, row?.uploads ?? 0, row?.linkClicks ?? 0, row?.views ?? 0].join(','));
  }
  const scope = r.scope ? `-${r.scope}` : '';
  return { fileName: `insights${scope}-${r.startDate}-to-${r.endDate}.csv`, body: `${lines.join('\r\n')}\r\n` };
}
