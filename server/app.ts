import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDb, migrate, type Db } from './db';
import { createMailer, type Mailer } from './adapters/mail';
import { createFileStore } from './files';
import { createBackground } from './background';
import { createQueue, type QueueTimings } from './adapters/queue';
import { registerJobHandlers } from './jobs';
import { stopModerationModel } from './adapters/moderation';
import { createBilling } from './adapters/billing';
import { zodValidatorCompiler } from './http/validation';
import { serializerCompiler } from './http/serializer';
import { handleError, registerErrorHandler } from './plugins/errors';
import { registerSecurity, securityHeaders } from './plugins/security';
import { staticCacheControl } from './http/caching';
import { registerRateLimit } from './plugins/rateLimit';
import { registerSession } from './plugins/session';
import { registerMetrics } from './plugins/metrics';
import { registerRoutes, routes } from './routes';
import { declaredRoutes } from './resources/routes';
import { permissionTable } from '#shared/domain/permissions';
import { resources as productResources } from '#shared/resources/index';
import type { AnyResource } from '#shared/resources/define';
import type { ResourceBehaviour } from './resources/behaviour';
import { registerCapturePage } from './routes/capturePage';
import { registerPublicPages } from './routes/publicPages';
import { registerTermsPage } from './routes/termsPage';
import { registerRightsPage } from './routes/rightsPage';
import { registerTusUploads } from './plugins/tusUploads';
import { registerScreenStreams } from './plugins/screenStreams';
import { notFound } from './errors';
import { sweepTemporaryUploads } from './services/temporaryUploads';
import { applyDuePlanChanges } from './services/planChanges';
import './deps';

interface AppOptions {
  /** An existing database (tests share one per file); otherwise one is opened from config. */
  db?: Db;
  mailer?: Mailer;
  logger?: boolean;
  /** Shorter leases and retry waits in tests. */
  queueTimings?: Partial<QueueTimings>;
  /** Declared resources beyond the product's (tests: a resource under tests/, its table migrated by the caller). */
  resources?: readonly AnyResource[];
  /** Their server behaviours, by name (hooks, derived reads). */
  behaviours?: Readonly<Record<string, ResourceBehaviour>>;
}

/** The Fastify instance: plugins for external parts first, then ours, then routes. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const files = createFileStore(config);
  const securityHeaderSet = securityHeaders(config, files.origins);
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The queue is prepared in onReady, which Fastify bounds like a plugin (10 s by default): on
    // a fresh PostgreSQL database pg-boss makes its schema and a queue per job kind, and processes
    // starting together wait on each other's locks, which took longer on a cold, busy machine.
    pluginTimeout: 120_000,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // Malformed URLs are answered before any hook runs: our headers and our error shape all the same.
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeaderSet).header('cache-control', 'no-store');
      return handleError(error, request, reply);
    },
  });
  const db = options.db ?? createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'app.sqlite') });
  if (!options.db) await migrate(db);
  const mailer = options.mailer ?? createMailer(config, (line) => app.log.info(line));
  const background = createBackground((err, what) => app.log.error({ err }, `${what} failed`));
  const queue = createQueue(db, { leaseMs: config.jobLeaseSeconds * 1000, ...options.queueTimings }, { error: (line) => app.log.error(line) });
  const billing = createBilling(db, config);
  const deps = { config, db, mailer, files, background, queue, billing };
  registerJobHandlers(deps);
  app.decorate('deps', deps);
  // Forms older than a day no longer count against the quota (the store sweeps their files).
  const formSweeper = setInterval(
    () => {
      void sweepTemporaryUploads(db).catch((err) => app.log.warn({ err }, 'form sweep failed'));
      // Offline downgrades whose billing period has ended take effect.
      void applyDuePlanChanges(db).catch((err) => app.log.warn({ err }, 'plan change sweep failed'));
    },
    60 * 60 * 1000,
  );
  formSweeper.unref();
  // Closing stops taking jobs at once, while the HTTP server stops taking connections and lets
  // answers under way finish; running jobs get SHUTDOWN_GRACE_SECONDS, then are handed back.
  // The workers are started by server/main.ts or server/worker.ts.
  let jobsStopped: Promise<void> | undefined;
  const stopJobs = () => (jobsStopped ??= queue.stop(config.shutdownGraceSeconds * 1000));
  app.addHook('onReady', () => queue.prepare());
  app.addHook('preClose', (done) => {
    stopJobs().catch(() => undefined);
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(formSweeper);
    await stopJobs();
    // After the jobs: none still waits on the model.
    await stopModerationModel();
    await background.idle();
    mailer.close();
    files.close();
    if (!options.db) await db.destroy();
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerMetrics(app);

  await app.register(cookie);
  await registerSecurity(app, config, securityHeaderSet);
  await registerRateLimit(app, config);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fan Content Console API', version: config.appVersion },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerSession(app, db);
  registerScreenStreams(app);
  // The table in force: the product's declarations and any a test adds, built once for this app.
  const declared = [...productResources, ...(options.resources ?? [])];
  registerRoutes(app, options.resources?.length ? [...routes, ...declaredRoutes(options.resources, options.behaviours)] : routes, {
    resources: declared,
    permissions: permissionTable(declared),
  });
  registerTermsPage(app, config.termsText);
  registerRightsPage(app);
  await registerTusUploads(app, config);

  const staticDir = config.staticDir;
  const hasConsole = !!staticDir && fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', staticCacheControl(path.relative(staticDir, filePath))),
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
    registerCapturePage(app, staticDir);
    registerPublicPages(app, staticDir);
  }
  app.setNotFoundHandler((request, reply) => {
    const lastSegment = request.url.split('?')[0].split('/').pop() ?? '';
    // API paths and missing files (anything with an extension) are real 404s.
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasConsole || lastSegment.includes('.')) {
      throw notFound('route');
    }
    // Any other path is a console route: answer the app and let it route.
    return reply.sendFile('index.html');
  });
  return app;
}
