import { z } from 'zod';
import { idParam } from '@shared/domain/schemas/common';
import { accountStatsSchema, activePagesSchema, dynamicDataSchema, statsQuery, tagStatsSchema, userStatsSchema, videoStatsSchema } from '@shared/domain/schemas/stats';
import { accountStats, activePages, dynamicData, statsCsv, tagStats, userStats, videoStats } from '../services/stats';
import { route, type RouteDef } from './define';
import { contentAnswer } from './answers';

/**
 * Insights (spec console.md sections 2, 3, 7; issue 14). Every stat is read from the roll-ups
 * kept as events arrive; days are the account's days (its time zone setting).
 */
const tags = ['insights'];
const access = { resource: 'insights' as const, action: 'list' as const };
const filters = 'Filters pageId, startDate, endDate (YYYY-MM-DD, the account\'s local days, end included; a start not before today is ignored); filters are a plan feature (402 insight-filter)';

export const statsRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/account-stats/:id',
    access,
    summary: `The Insights home: visitor, unique visitor, upload and link click counts with the change against the previous period of the same length, daily visits and uploads (zero-filled), visitors by country, top link clicks, most watched videos, uploads waiting for approval. ${filters}`,
    tags,
    schema: { params: idParam, querystring: statsQuery, response: { 200: accountStatsSchema } },
    async handler(request) {
      return accountStats(request.server.deps, request.params.id, request.query, request.auth!.user);
    },
  }),
  route({
    method: 'GET',
    url: '/api/account-stats/:id/video-stats',
    access,
    summary: `Views of fan uploads: total with change, daily views (zero-filled), the most watched. ${filters}`,
    tags,
    schema: { params: idParam, querystring: statsQuery, response: { 200: videoStatsSchema } },
    async handler(request) {
      return videoStats(request.server.deps, request.params.id, request.query, request.auth!.user);
    },
  }),
  route({
    method: 'GET',
    url: '/api/account-stats/:id/users',
    access,
    summary: 'Account users by role and pending invitations',
    tags,
    schema: { params: idParam, querystring: z.object({}).strict(), response: { 200: userStatsSchema } },
    async handler(request) {
      return userStats(request.server.deps, request.params.id);
    },
  }),
  route({
    method: 'GET',
    url: '/api/account-stats/:id/active-pages',
    access,
    summary: `The account's pages (archived left out) with their visits, uploads and link clicks over the range, most visited first; enabled and total page counts. ${filters}`,
    tags,
    schema: { params: idParam, querystring: statsQuery, response: { 200: activePagesSchema } },
    async handler(request) {
      return activePages(request.server.deps, request.params.id, request.query, request.auth!.user);
    },
  }),
  route({
    method: 'GET',
    url: '/api/account-stats/:id/tags',
    access,
    summary: `Tags of the uploads made in the range, most used first (at most 50). ${filters}`,
    tags,
    schema: { params: idParam, querystring: statsQuery, response: { 200: tagStatsSchema } },
    async handler(request) {
      return tagStats(request.server.deps, request.params.id, request.query, request.auth!.user);
    },
  }),
  route({
    method: 'GET',
    url: '/api/account-stats/:id/dynamic-data',
    access,
    summary: `What fans typed in the range: the top 10 venues, songs, artists and countries of the submissions. ${filters}`,
    tags,
    schema: { params: idParam, querystring: statsQuery, response: { 200: dynamicDataSchema } },
    async handler(request) {
      return dynamicData(request.server.deps, request.params.id, request.query, request.auth!.user);
    },
  }),
  route({
    method: 'GET',
    url: '/api/account-stats/:id/export',
    access,
    summary: `The analytics CSV: one row per day of the range (Date, Total Visitors, Unique Visitors, Fan Uploads, Links Clicked, Video Views). ${filters}`,
    tags,
    schema: { params: idParam, querystring: statsQuery, response: { 200: contentAnswer('One CSV row per day of the range, a header row first', 'text/csv') } },
    async handler(request, reply) {
      const { fileName, body } = await statsCsv(request.server.deps, request.params.id, request.query, request.auth!.user);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(body);
    },
  }),
];
