import type { FastifyInstance } from 'fastify';
import { renderTermsHtml } from '../http/termsHtml';

/**
 * GET /terms: the platform's terms of service (TERMS_FILE, TERMS_TEXT or the default), linked
 * from the console's footer and from capture pages whose account names no terms of its own.
 * A real route, so the console's catch-all never answers it. Server-written HTML, not an API
 * route, so not in the route table.
 */
export function registerTermsPage(app: FastifyInstance, termsText: string): void {
  const html = renderTermsHtml(termsText);
  app.get('/terms', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
  );
}
