import { capturePageParams } from '#shared/domain/schemas/capture';
import { likeResultSchema, viewResultSchema, WALL_MAX_AGE_SECONDS, wallPageSchema, wallQuery, wallUploadParams } from '#shared/domain/schemas/wall';
import { findWallPage, likeUpload, viewUpload, wallPage } from '../services/publicWall';
import { taggedRoute, type RouteDef } from './define';
import { perAddress } from './limits';

/** The public side of uploads: the wall of a capture page, likes and views. */
const route = taggedRoute('public wall');

/** POST likes an upload, DELETE takes the like back: one URL, one rate limit for both. */
const likeRoute = (method: 'POST' | 'DELETE', summary: string): RouteDef =>
  route({
    method,
    url: '/api/public/wall/:uploadId/like',
    access: 'public',
    summary,
    schema: { params: wallUploadParams, response: { 200: likeResultSchema } },
    rateLimit: perAddress('like', 60),
    async handler(request) {
      return likeUpload(request.server.deps, request, request.params.uploadId, method === 'POST');
    },
  });

export const wallRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/public/pages/:accountSlug/:pageSlug/wall',
    access: 'public',
    summary:
      "The page's wall, newest first: uploads that are processed, approved where the page requires approval, not hidden and allowed " +
      `by moderation. Cursor pagination (nextCursor, null at the end); cacheable for ${WALL_MAX_AGE_SECONDS} s. No data about the fan.`,
    schema: { params: capturePageParams, querystring: wallQuery, response: { 200: wallPageSchema } },
    rateLimit: perAddress('wall', 240),
    async handler(request, reply) {
      const { deps } = request.server;
      const target = await findWallPage(deps.db, request.params.accountSlug, request.params.pageSlug);
      const page = await wallPage(deps, target, request.query);
      reply.header('cache-control', `public, max-age=${WALL_MAX_AGE_SECONDS}`);
      return page;
    },
  }),
  likeRoute('POST', 'A like from the visitor (no sign-in; one per visitor, a second changes nothing). 403 when the page has liking turned off'),
  likeRoute('DELETE', "Takes back the visitor's like"),
  route({
    method: 'POST',
    url: '/api/public/wall/:uploadId/views',
    access: 'public',
    summary: 'Playback started: one view per visitor and UTC day (counted: false for a repeat or a crawler)',
    schema: { params: wallUploadParams, response: { 200: viewResultSchema } },
    rateLimit: perAddress('view', 120),
    async handler(request) {
      return viewUpload(request.server.deps, request, request.params.uploadId);
    },
  }),
];
