import type { FastifyInstance } from 'fastify';

/** SIGINT/SIGTERM close the app gracefully: no new requests or jobs, running jobs finish. A second signal exits at once. */
export function closeOnSignals(app: FastifyInstance): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.once(signal, () => process.exit(1));
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
}
