import type { FastifyInstance } from 'fastify';
import { ScreenStreams } from '../services/screenStreams';

declare module 'fastify' {
  interface FastifyInstance {
    /** The venue screens' event streams of this app (services/screenStreams.ts). */
    screenStreams: ScreenStreams;
  }
}

/**
 * The venue screens' streams, ended before the HTTP server closes: a stream never idles, so the
 * server would otherwise wait for every screen to hang up before the process could exit.
 */
export function registerScreenStreams(app: FastifyInstance): void {
  const streams = new ScreenStreams(app.deps, (err, what) => app.log.warn({ err }, `${what} failed`));
  app.decorate('screenStreams', streams);
  app.addHook('preClose', (done) => {
    streams.close();
    done();
  });
  app.addHook('onClose', async () => streams.close());
}
