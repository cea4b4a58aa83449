import type { FastifyInstance } from 'fastify';

/** What the process may take beyond the jobs' grace time to close the database and the rest. */
const CLOSE_MARGIN_MS = 10_000;

/**
 * SIGINT/SIGTERM close the app gracefully: no new requests (the listener closes, requests on
 * open connections are answered 503) and no new jobs; answers under way and running jobs finish
 * within SHUTDOWN_GRACE_SECONDS, after which running jobs are stopped and handed back to the
 * queue. The process exits once closed, and at the latest a margin after the grace time,
 * whatever is left. A second signal exits at once.
 */
export function closeOnSignals(app: FastifyInstance): void {
  const graceMs = app.deps.config.shutdownGraceSeconds * 1000;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.once(signal, () => process.exit(1));
      app.log.info(`${signal}: closing (running jobs get ${graceMs / 1000} s)`);
      setTimeout(() => {
        app.log.error(`still closing ${(graceMs + CLOSE_MARGIN_MS) / 1000} s after ${signal}: exiting now`);
        process.exit(1);
      }, graceMs + CLOSE_MARGIN_MS).unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'closing failed');
          process.exit(1);
        },
      );
    });
  }
}
