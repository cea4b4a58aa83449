import { z } from 'zod';
import { idParam } from '#shared/domain/schemas/common';
import {
  accountStatsSchema,
  activePagesSchema,
  dynamicDataSchema,
  statsQuery,
  tagStatsSchema,
  userStatsSchema,
  videoStatsSchema,
  type StatsQuery,
} from '#shared/domain/schemas/stats';
import { accountStats, activePages, dynamicData, statsCsv, tagStats, userStats, videoStats } from '../services/stats';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { answerOfPathId, taggedRoute, type RouteDef } from './define';
import { contentAnswer } from './answers';

/**
 * Insights (spec console.md sections 2, 3, 7). Every stat is read from the roll-ups
 * kept as events arrive; days are the account's days (its time zone setting).
 */
const route = taggedRoute('insights');
const access = { resource: 'insights' as const, action: 'list' as const };
const filters =
  "Filters pageId, startDate, endDate (YYYY-MM-DD, the account's local days, end included; a start not before today is ignored); filters are a plan feature (402 insight-filter)";

type StatRead<S extends z.ZodType> = (deps: Deps, accountId: string, query: StatsQuery, caller: User) => Promise<z.output<S>>;

/** GET /api/account-stats/{id}{path}: one stat of the account over the filters. */
const statRoute = <S extends z.ZodType>(path: string, summary: string, response: S, read: StatRead<S>): RouteDef =>
  route({
    method: 'GET',
    url: `/api/account-stats/:id${path}`,
    access,
    summary: `${summary} ${filters}`,
    schema: { params: idParam, querystring: statsQuery, response: { 200: response } },
    async handler(request) {
      // StatRead ties the answer to the schema at each call; TypeScript cannot follow the generic into route().
      return (await read(request.server.deps, request.params.id, request.query, request.auth!.user)) as never;
    },
  });

export const statsRoutes: RouteDef[] = [
  statRoute(
    '',
    'The Insights home: visitor, unique visitor, upload and link click counts with the change against the previous period of the same length, daily visits and uploads (zero-filled), visitors by country, top link clicks, most watched videos, uploads waiting for approval.',
    accountStatsSchema,
    accountStats,
  ),
  statRoute('/video-stats', 'Views of fan uploads: total with change, daily views (zero-filled), the most watched.', videoStatsSchema, videoStats),
  route({
    method: 'GET',
    url: '/api/account-stats/:id/users',
    access,
    summary: 'Account users by role and pending invitations',
    schema: { params: idParam, querystring: z.object({}).strict(), response: { 200: userStatsSchema } },
    handler: answerOfPathId(userStats),
  }),
  statRoute(
    '/active-pages',
    "The account's pages (archived left out) with their visits, uploads and link clicks over the range, most visited first; enabled and total page counts.",
    activePagesSchema,
    activePages,
  ),
  statRoute('/tags', 'Tags of the uploads made in the range, most used first (at most 50).', tagStatsSchema, tagStats),
  statRoute(
    '/dynamic-data',
    'What fans typed in the range: the top 10 venues, songs, artists and countries of the submissions.',
    dynamicDataSchema,
    dynamicData,
  ),
  route({
    method: 'GET',
    url: '/api/account-stats/:id/export',
    access,
    summary: `The analytics CSV: one row per day of the range (Date, Total Visitors, Unique Visitors, Fan Uploads, Links Clicked, Video Views). ${filters}`,
    schema: { params: idParam, querystring: statsQuery, response: { 200: contentAnswer('One CSV row per day of the range, a header row first', 'text/csv') } },
    async handler(request, reply) {
      const { fileName, body } = await statsCsv(request.server.deps, request.params.id, request.query, request.auth!.user);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(body);
    },
  }),
];
