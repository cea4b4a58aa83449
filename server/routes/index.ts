import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { FILE_KINDS } from '#shared/domain/files';
import { apiErrorSchema } from '#shared/domain/schemas/apiError';
import { authorize, type RouteDef, type RouteRateLimit } from './define';
import { authRoutes } from './auth';
import { authFlowRoutes } from './authFlows';
import { meRoutes } from './me';
import { accountUserRoutes } from './accountUsers';
import { pageRoutes } from './pages';
import { adminMusicianRoutes } from './adminMusicians';
import { fileRoutes } from './files';
import { captureRoutes } from './capture';
import { uploadRoutes } from './uploads';
import { fanDataRoutes } from './fanData';
import { billingRoutes } from './billing';
import { integrationRoutes } from './integrations';
import { webhookRoutes } from './webhooks';
import { adminJobRoutes } from './adminJobs';
import { wallRoutes } from './wall';
import { venueScreenRoutes } from './venueScreen';
import { statsRoutes } from './stats';
import { mapRoutes } from './maps';
import { healthRoutes } from './health';
import { resources } from '#shared/resources/index';
import type { PermissionTable } from '#shared/domain/permissions';
import type { AnyResource } from '#shared/resources/define';
import { declaredRoutes } from '../resources/routes';
import { behaviours } from '../resources/behaviours';

/**
 * The route table: every API route with its method, path and access. Tests walk this list,
 * so a route added here is covered by the role walk the day it is added.
 */
export const routes: RouteDef[] = [
  ...authRoutes,
  ...authFlowRoutes,
  ...meRoutes,
  ...accountUserRoutes,
  ...pageRoutes,
  ...adminMusicianRoutes,
  ...fileRoutes,
  ...captureRoutes,
  ...uploadRoutes,
  ...fanDataRoutes,
  ...wallRoutes,
  ...venueScreenRoutes,
  ...billingRoutes,
  ...integrationRoutes,
  ...webhookRoutes,
  ...adminJobRoutes,
  ...statsRoutes,
  ...mapRoutes,
  ...healthRoutes,
  // Declared resources (shared/resources/index.ts): five routes each, derived from the declaration.
  ...declaredRoutes(resources, behaviours),
];

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes this app serves (the walks read it: tests add declared resources of their own). */
    routeTable: readonly RouteDef[];
    /** The declared resources this app serves, the product's and a test's. */
    resources: readonly AnyResource[];
    /** Who may take each action (PERMISSIONS and the declarations), read by every route's guard. */
    permissions: PermissionTable;
  }
}

/**
 * The route's `config.rateLimit` for @fastify/rate-limit (registered in app.ts), counted after
 * authorization and validation: refused input is cheap, and the key may read body and session.
 */
function rateLimitConfig({ max, timeWindow, key }: RouteRateLimit) {
  return { max, timeWindow, hook: 'preHandler' as const, ...(key ? { keyGenerator: key } : {}) };
}

/** Keeps the body's exact text for signature checks, then hands the same bytes to the JSON parser. */
async function keepRawBody(request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const body = Buffer.concat(chunks);
  request.rawBody = body.toString('utf8');
  return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });
}

/**
 * Every route of the table on the app. The multipart form routes get @fastify/multipart in a
 * scope of their own: registered on the app, its two hooks ran on every request.
 */
export function registerRoutes(app: FastifyInstance, table: RouteDef[], declared: { resources: readonly AnyResource[]; permissions: PermissionTable }): void {
  app.decorate('routeTable', table);
  app.decorate('resources', declared.resources);
  app.decorate('permissions', declared.permissions);
  for (const def of table) if (!def.multipart) addRoute(app, app, def);
  const formRoutes = table.filter((def) => def.multipart);
  if (!formRoutes.length) return;
  void app.register(async (scope) => {
    // Their own limits are checked as the file streams in (server/files/local.ts).
    await scope.register(multipart, { limits: { fileSize: FILE_KINDS.video.maxBytes + 1, files: 1, fields: 20 } });
    for (const def of formRoutes) addRoute(app, scope, def);
  });
}

function addRoute(app: FastifyInstance, scope: FastifyInstance, def: RouteDef): void {
  scope.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit,
    ...(def.rawBody ? { preParsing: keepRawBody } : {}),
    config: { sameOriginOnly: def.sameOriginOnly, ...(def.rateLimit ? { rateLimit: rateLimitConfig(def.rateLimit) } : {}) },
    // Every refusal is the shared error shape (server/plugins/errors.ts).
    schema: { summary: def.summary, tags: def.tags, ...def.schema, response: { '4xx': apiErrorSchema, ...def.schema?.response } },
    preValidation: async (request) => {
      // The console's cache-buster (`_` on every GET) is not part of any route's query.
      if (request.query && typeof request.query === 'object') delete (request.query as Record<string, unknown>)._;
      await authorize(app.deps.db, app.permissions, request, def.access);
    },
    handler: def.handler,
  });
}
