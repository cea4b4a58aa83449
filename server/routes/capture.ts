import { z } from 'zod';
import { capturePageParams } from '../../src/domain/schemas/capture';
import { capturePagePayload, findPublicPage } from '../services/capturePage';
import { followLink, recordVisitLater } from '../services/captureEvents';
import { route, type RouteDef } from './define';

const tags = ['capture'];

export const captureRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/public/pages/:accountSlug/:pageSlug',
    access: 'public',
    summary:
      "What the fan capture page needs (branding, form, lists, consent and terms texts, file limits, tus settings), " +
      'or 404 / 403 with `reason` (src/domain/capture.ts REFUSAL_REASONS); each answer records one visit (bots excluded)',
    tags,
    schema: { params: capturePageParams },
    async handler(request) {
      const { deps } = request.server;
      const found = await findPublicPage(deps.db, request.params.accountSlug, request.params.pageSlug);
      recordVisitLater(deps, request, found.target);
      return capturePagePayload(found, deps.config);
    },
  }),
  route({
    method: 'GET',
    url: '/l/:id',
    access: 'public',
    summary: "A link click on a capture page: counts it and redirects to the account's configured link (404 for anything else)",
    tags,
    schema: { params: z.object({ id: z.string().min(1).max(100) }).strict() },
    async handler(request, reply) {
      const url = await followLink(request.server.deps.db, request.params.id, request.headers['user-agent']);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  }),
];
