import fs from 'node:fs';
import path from 'node:path';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound, unauthenticated } from '../errors';
import { metricsRegistry, setQueueStats } from '../metrics';
import { taggedRoute, type RouteDef } from './define';
import { contentAnswer } from './answers';
import { pingDatabase } from '../db/repositories/health';

/** Liveness, readiness and Prometheus metrics for load balancers, orchestrators and monitoring. No session. */
const route = taggedRoute('operations');

/** A check that takes longer than this counts as failed: a stuck database must not hang the probe. */
const CHECK_TIMEOUT_MS = 3000;

const CHECKS = ['database', 'storage', 'queue'] as const;
type Check = (typeof CHECKS)[number];

const readySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ database: z.enum(['ok', 'failed']), storage: z.enum(['ok', 'failed']), queue: z.enum(['ok', 'failed']) }),
  failed: z.array(z.enum(CHECKS)),
});

async function storageReachable(deps: Deps): Promise<void> {
  // S3: a read of a key that does not exist answers 'no such key' when the bucket is reachable.
  if (deps.config.s3) {
    await deps.files.probe('readyz', 1);
    return;
  }
  // Local: the files folder and the fans' unfinished uploads must be writable (a read-only or missing mount fails).
  for (const dir of ['files', 'tus']) {
    const folder = path.join(deps.config.dataDir, dir);
    if (dir === 'tus' && !fs.existsSync(folder)) continue;
    await fs.promises.access(folder, fs.constants.R_OK | fs.constants.W_OK);
  }
}

const probes: Record<Check, (deps: Deps) => Promise<unknown>> = {
  database: (deps) => pingDatabase(deps.db),
  storage: storageReachable,
  queue: (deps) => deps.queue.stats(),
};

function withinTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Runs every check at once; a failure is logged with its error and answered only by name. */
async function readiness(request: FastifyRequest) {
  const deps = request.server.deps;
  const results = await Promise.all(
    CHECKS.map(async (check) => {
      try {
        await withinTimeout(probes[check](deps));
        return [check, 'ok'] as const;
      } catch (err) {
        request.log.warn({ err }, `readiness: ${check} check failed`);
        return [check, 'failed'] as const;
      }
    }),
  );
  const checks = Object.fromEntries(results) as Record<Check, 'ok' | 'failed'>;
  const failed = CHECKS.filter((check) => checks[check] === 'failed');
  return { status: failed.length ? ('unavailable' as const) : ('ok' as const), checks, failed };
}

/** Compares hashes, so neither the token's length nor its bytes show in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const healthRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/healthz',
    access: 'public',
    summary: 'Liveness: the process is up and answering (checks nothing else)',
    schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    async handler(_request, reply) {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  }),
  route({
    method: 'GET',
    url: '/readyz',
    access: 'public',
    summary: 'Readiness: the database, file storage and job queue answer (503 naming the ones that do not)',
    schema: { response: { 200: readySchema, 503: readySchema } },
    async handler(request, reply) {
      const answer = await readiness(request);
      reply.header('cache-control', 'no-store');
      return reply.status(answer.failed.length ? 503 : 200).send(answer);
    },
  }),
  route({
    method: 'GET',
    url: '/metrics',
    access: 'public',
    summary: 'Prometheus metrics, with `Authorization: Bearer <METRICS_TOKEN>` (404 when METRICS_TOKEN is not set)',
    schema: { response: { 200: contentAnswer('Metrics in the Prometheus text format', 'text/plain') } },
    async handler(request, reply) {
      const token = request.server.deps.config.metricsToken;
      if (!token) throw notFound('route');
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      if (!given || !sameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthenticated();
      }
      setQueueStats(await request.server.deps.queue.stats());
      reply.header('cache-control', 'no-store');
      return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
    },
  }),
];
