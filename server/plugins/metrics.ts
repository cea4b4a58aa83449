import type { FastifyInstance } from 'fastify';
import { countUploadReceived, observeRequest } from '../metrics';

/** The capture submission route: each 201 is one fan upload received. */
const SUBMISSION_ROUTE = '/api/public/pages/:accountSlug/:pageSlug/submissions';

/** Times every answered request by its route pattern for /metrics ('unmatched' for 404s no route took). */
export function registerMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    if (route === SUBMISSION_ROUTE && request.method === 'POST' && reply.statusCode === 201) countUploadReceived();
    done();
  });
}
