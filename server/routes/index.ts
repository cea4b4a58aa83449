import type { FastifyInstance } from 'fastify';
import { authorize, type RouteDef, type RouteRateLimit } from './define';
import { authRoutes } from './auth';
import { authFlowRoutes } from './authFlows';
import { meRoutes } from './me';
import { accountUserRoutes } from './accountUsers';
import { accountRoutes } from './accounts';
import { pageRoutes } from './pages';
import { adminMusicianRoutes } from './adminMusicians';
import { adminUserRoutes } from './adminUsers';
import { adminAccountRoutes } from './adminAccounts';
import { fileRoutes } from './files';
import { captureRoutes } from './capture';
import { uploadRoutes } from './uploads';
import { adminUploadRoutes } from './adminUploads';
import { fanDataRoutes } from './fanData';
import { statsRoutes } from './stats';
import { mapRoutes } from './maps';

/**
 * The route table: every API route with its method, path and access. Tests walk this list,
 * so a route added here is covered by the role walk the day it is added.
 */
export const routes: RouteDef[] = [...authRoutes, ...authFlowRoutes, ...meRoutes, ...accountRoutes, ...accountUserRoutes, ...pageRoutes, ...adminMusicianRoutes, ...adminUserRoutes, ...adminAccountRoutes, ...fileRoutes, ...captureRoutes, ...uploadRoutes, ...adminUploadRoutes, ...fanDataRoutes, ...statsRoutes, ...mapRoutes];

/**
 * The route's `config.rateLimit` for @fastify/rate-limit (registered in app.ts), counted after
 * authorization and validation: refused input is cheap, and the key may read body and session.
 */
function rateLimitConfig({ max, timeWindow, key }: RouteRateLimit) {
  return { max, timeWindow, hook: 'preHandler' as const, ...(key ? { keyGenerator: key } : {}) };
}

export function registerRoutes(app: FastifyInstance, table: RouteDef[] = routes): void {
  for (const def of table) {
    app.route({
      method: def.method,
      url: def.url,
      bodyLimit: def.bodyLimit,
      config: { sameOriginOnly: def.sameOriginOnly, ...(def.rateLimit ? { rateLimit: rateLimitConfig(def.rateLimit) } : {}) },
      schema: { summary: def.summary, tags: def.tags, ...def.schema },
      preValidation: async (request) => {
        // The console's cache-buster (`_` on every GET) is not part of any route's query.
        if (request.query && typeof request.query === 'object') delete (request.query as Record<string, unknown>)._;
        await authorize(app.deps.db, request, def.access);
      },
      handler: def.handler,
    });
  }
}
