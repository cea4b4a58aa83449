import type { FastifyRequest } from 'fastify';
import { capturePageParams } from '#shared/domain/schemas/capture';
import { screenFeedSchema, screenQuery } from '#shared/domain/schemas/venueScreen';
import { SCREEN_POLL_MS } from '#shared/domain/venueScreen';
import { screenFeed } from '../services/venueScreen';
import { clientKeysFor } from '../services/clientKeys';
import { route, type RouteDef } from './define';

/** A few screens behind one venue address each ask every few seconds, for hours. */
const SCREENS_PER_ADDRESS = 8;

export const venueScreenRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/public/pages/:accountSlug/:pageSlug/screen',
    access: 'public',
    summary:
      `What the page's venue screen plays now (asked every ${SCREEN_POLL_MS / 1000} s): its newest uploads that are processed, approved ` +
      'where the page requires approval, not hidden and allowed. 404 without the page’s current screen token. Counts no visit. No data about the fan.',
    tags: ['venue screen'],
    schema: { params: capturePageParams, querystring: screenQuery, response: { 200: screenFeedSchema } },
    rateLimit: {
      max: SCREENS_PER_ADDRESS * Math.ceil(60_000 / SCREEN_POLL_MS),
      timeWindow: 60_000,
      key: (request: FastifyRequest) => `screen:${clientKeysFor(request.server.deps.config).address(request.ip)}`,
    },
    async handler(request, reply) {
      const feed = await screenFeed(request.server.deps, request.params.accountSlug, request.params.pageSlug, request.query.token);
      // A hidden upload must leave the screen at its next question: no cache may answer for us.
      reply.header('cache-control', 'no-store');
      return feed;
    },
  }),
];
