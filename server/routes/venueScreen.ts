import { capturePageParams } from '#shared/domain/schemas/capture';
import { screenFeedSchema, screenQuery } from '#shared/domain/schemas/venueScreen';
import { SCREEN_POLL_MS, SCREEN_STREAM_CHECK_MS, SCREEN_STREAM_RETRY_MS } from '#shared/domain/venueScreen';
import { screenFeed } from '../services/venueScreen';
import { contentAnswer } from './answers';
import { route, type RouteDef } from './define';
import { perAddress } from './limits';

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
    rateLimit: perAddress('screen', SCREENS_PER_ADDRESS * Math.ceil(60_000 / SCREEN_POLL_MS)),
    async handler(request, reply) {
      const feed = await screenFeed(request.server.deps, request.params.accountSlug, request.params.pageSlug, request.query.token);
      // A hidden upload must leave the screen at its next question: no cache may answer for us.
      reply.header('cache-control', 'no-store');
      return feed;
    },
  }),
  route({
    method: 'GET',
    url: '/api/public/pages/:accountSlug/:pageSlug/screen/events',
    access: 'public',
    summary:
      'The venue screen’s feed as server-sent events: a `feed` event with the same answer as the feed at once, then again ' +
      `whenever it changes (checked every ${SCREEN_STREAM_CHECK_MS / 1000} s per page, whatever the number of screens), a comment line ` +
      'on a quiet stream, and a `gone` event before the stream ends when the token was rotated or the page closed. ' +
      '404 without the page’s current token. Counts no visit.',
    tags: ['venue screen'],
    schema: {
      params: capturePageParams,
      querystring: screenQuery,
      response: { 200: contentAnswer('A stream of `feed` events (data: the feed’s answer) and a last `gone` event.', 'text/event-stream') },
    },
    // A screen opens one stream, and again after a failure at most every retry period.
    rateLimit: perAddress('screen-events', SCREENS_PER_ADDRESS * Math.ceil(60_000 / SCREEN_STREAM_RETRY_MS) * 4),
    async handler(request, reply) {
      const address = { accountSlug: request.params.accountSlug, pageSlug: request.params.pageSlug, token: request.query.token };
      // Before the stream starts: a wrong token is the feed's plain 404.
      const start = await request.server.screenStreams.start(address);
      reply.hijack();
      // Our headers (security, no-store) as every answer has them, then the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies such as nginx would otherwise hold the events back.
        'x-accel-buffering': 'no',
      });
      request.server.screenStreams.follow(address, reply.raw, start);
      return reply;
    },
  }),
];
