import type { Config } from './config';
import type { Db } from './db';
import type { Mailer } from './adapters/mail';
import type { FileStore } from './files';
import type { Background } from './background';
import type { Queue } from './adapters/queue';
import type { BillingProvider } from './adapters/billing';

/** What handlers and services reach through request.server.deps. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  files: FileStore;
  background: Background;
  queue: Queue;
  billing: BillingProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
