import { z } from 'zod';
import { dateOrderRule, dateRangeShape, idValue } from './listFilters';

/**
 * Insights (spec console.md sections 2, 3, 7): GET /api/account-stats/{id} and its
 * companions. Dates are the account's local days (its time zone), YYYY-MM-DD, end included.
 * A range whose start is not before today is ignored (all time). Filters are a plan feature
 * (402 insight-filter on plans without them; platform admins bypass).
 */
export const statsQuery = z
  .object({ pageId: idValue.optional(), ...dateRangeShape })
  .strict()
  .refine(dateOrderRule.check, dateOrderRule.params);
export type StatsQuery = z.output<typeof statsQuery>;

const count = z.number().int().min(0);
/** Percent change against the previous period of the same length; null when that had nothing or the range is all time. */
const change = z.number().nullable();
const day = z.string().describe("YYYY-MM-DD, the account's local day");

const statsRangeSchema = z.object({
  startDate: day,
  endDate: day,
  timeZone: z.string(),
  allTime: z.boolean(),
});

const dailyCountSchema = z.object({ date: day, count });

const statCountsSchema = z.object({
  totalVisitors: count,
  uniqueVisitors: count.describe('Distinct visitors over the whole range (HyperLogLog, within about 1%)'),
  totalUploads: count,
  totalLinkClicks: count,
});
export type StatCounts = z.infer<typeof statCountsSchema>;

const watchedVideoSchema = z.object({
  id: z.string(),
  pageId: z.string(),
  pageName: z.string(),
  type: z.string(),
  thumbnail: z.string().nullable(),
  views: count,
});
export type WatchedVideo = z.infer<typeof watchedVideoSchema>;

export const accountStatsSchema = z.object({
  range: statsRangeSchema,
  previousRange: z.object({ startDate: day, endDate: day }).nullable(),
  counts: statCountsSchema,
  previousCounts: statCountsSchema.nullable(),
  change: z.object({ totalVisitors: change, uniqueVisitors: change, totalUploads: change, totalLinkClicks: change }),
  accountDailyVisits: z.array(dailyCountSchema).describe('One entry per day of the range, zero-filled (all time: from the first day with data)'),
  accountDailyUploads: z.array(dailyCountSchema),
  visitorCountries: z.array(z.object({ country: z.string().describe('ISO 3166-1 alpha-2'), count })),
  topLinkClicks: z.array(z.object({ label: z.string(), toUrl: z.string(), clicks: count })),
  topWatchedVideos: z.array(watchedVideoSchema),
  requiresApprovalCount: count.describe('Uploads waiting for approval in the scope, counted up to 1,000 (the console shows 1,000+)'),
  imageCount: count,
});
export type AccountStats = z.infer<typeof accountStatsSchema>;

export const videoStatsSchema = z.object({
  range: statsRangeSchema,
  totalViews: count,
  previousTotalViews: count.nullable(),
  change,
  dailyViews: z.array(dailyCountSchema),
  topWatchedVideos: z.array(watchedVideoSchema),
});
export type VideoStats = z.infer<typeof videoStatsSchema>;

export const userStatsSchema = z.object({
  total: count,
  byRole: z.array(z.object({ role: z.string(), count })),
  pendingInvites: count,
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const activePagesSchema = z.object({
  range: statsRangeSchema,
  enabledPages: count,
  totalPages: count,
  pages: z.array(z.object({ pageId: z.string(), name: z.string(), status: z.string(), visits: count, uploads: count, linkClicks: count })),
});
export type ActivePages = z.infer<typeof activePagesSchema>;

export const tagStatsSchema = z.object({
  range: statsRangeSchema,
  tags: z.array(z.object({ tag: z.string(), count })),
});
export type TagStats = z.infer<typeof tagStatsSchema>;

const valueCounts = z.array(z.object({ value: z.string(), count }));
export const dynamicDataSchema = z.object({
  range: statsRangeSchema,
  venues: valueCounts,
  songs: valueCounts,
  artists: valueCounts,
  countries: valueCounts,
});
export type DynamicData = z.infer<typeof dynamicDataSchema>;
