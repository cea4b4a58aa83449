import type { Config } from './config';
import type { Db } from './db';
import type { Mailer } from './adapters/mail';
import type { FileStore } from './files';

/** What handlers and services reach through request.server.deps. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  files: FileStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
