import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { fillDemo } from './seed/fillDemo';

/**
 * Fills DATA_DIR with the demo and exits: `npm test` makes it while the server tests run, and the
 * end-to-end server starts from a copy of it (E2E_DEMO_TEMPLATE) instead of seeding at its start.
 */
async function main(): Promise<void> {
  const app = await buildApp(loadConfig());
  try {
    await fillDemo(app);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
