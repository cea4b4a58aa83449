import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { KindStats } from './adapters/queue';

/**
 * The process's Prometheus metrics (served at /metrics, server/routes/health.ts). One registry
 * per process: what a process did (requests, encodes, uploads) is counted wherever it happens,
 * and the queue's backlog, which is the database's, is read at each scrape.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'fcc_' });

const httpDurations = new Histogram({
  name: 'fcc_http_request_duration_seconds',
  help: 'HTTP request durations by route pattern, method and status class',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const uploadsReceived = new Counter({
  name: 'fcc_uploads_received_total',
  help: 'Fan submissions accepted (each an upload with its form, consent record and processing job)',
  registers: [metricsRegistry],
});

const encodeDurations = new Histogram({
  name: 'fcc_encode_duration_seconds',
  help: 'ffmpeg runs of the media pipeline by output (mp4, webm, thumbnail) and result (ok, failed, aborted)',
  labelNames: ['output', 'result'] as const,
  buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
  registers: [metricsRegistry],
});

const encodeFailures = new Counter({
  name: 'fcc_encode_failures_total',
  help: 'ffmpeg runs of the media pipeline that failed (the file could not be made), by output',
  labelNames: ['output'] as const,
  registers: [metricsRegistry],
});

const queueJobs = new Gauge({
  name: 'fcc_queue_jobs',
  help: 'Background jobs waiting (queued, due or backing off) and running (active), by job kind',
  labelNames: ['kind', 'state'] as const,
  registers: [metricsRegistry],
});

const queueOldestAge = new Gauge({
  name: 'fcc_queue_oldest_due_age_seconds',
  help: 'How long the longest-waiting due job of a kind has been due (0 when none is waiting)',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** One answered request; `route` is the route's pattern (never the raw URL, so ids do not make new series). */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  // The status class ('2xx', '4xx'...), not the code.
  httpDurations.observe({ route, method, status: `${Math.floor(status / 100)}xx` }, seconds);
}

export function countUploadReceived(): void {
  uploadsReceived.inc();
}

/** Times one ffmpeg run of the media pipeline and answers its result as it is. */
export async function measureEncode<T>(output: string, run: Promise<T>): Promise<T> {
  const end = encodeDurations.startTimer({ output });
  try {
    const result = await run;
    end({ result: 'ok' });
    return result;
  } catch (error) {
    const aborted = error instanceof Error && error.name === 'AbortError';
    end({ result: aborted ? 'aborted' : 'failed' });
    if (!aborted) encodeFailures.inc({ output });
    throw error;
  }
}

const seenKinds = new Set<string>();

/** Sets the backlog gauges from the queue's stats; a kind seen before with nothing waiting or running reads 0. */
export function setQueueStats(stats: KindStats[], now = Date.now()): void {
  const current = new Map(stats.map((kind) => [kind.kind, kind]));
  for (const kind of current.keys()) seenKinds.add(kind);
  for (const kind of seenKinds) {
    const stat = current.get(kind);
    queueJobs.set({ kind, state: 'queued' }, stat?.queued ?? 0);
    queueJobs.set({ kind, state: 'active' }, stat?.active ?? 0);
    queueOldestAge.set({ kind }, stat?.oldestDueAt ? Math.max(0, (now - stat.oldestDueAt.getTime()) / 1000) : 0);
  }
}
