import { loadConfig } from './config';
import { buildApp } from './app';
import { ensureFirstAdmin } from './services/bootstrap';
import { closeOnSignals } from './shutdown';
import { startOrphanUploadSweeps } from './services/orphanUploadFiles';
import { sweepDeadWorkersTempDirs } from './jobs/tempDirs';

/** Process entry: `--demo` fills an empty database with the demo; otherwise a first admin from env. */
async function main(): Promise<void> {
  const demo = process.argv.includes('--demo');
  const config = loadConfig(process.env, {}, demo ? 'demo' : 'all-in-one');
  const app = await buildApp(config);
  const { db } = app.deps;
  if (demo) {
    // Loaded only for the demo: a production process never loads the seed and its media tools.
    const { fillDemo } = await import('../scripts/seed/fillDemo');
    await fillDemo(app);
  } else {
    const problem = await ensureFirstAdmin(db, config);
    if (problem) {
      console.error(problem);
      await app.close();
      process.exit(1);
    }
  }
  await app.listen({ port: config.port, host: config.host });
  closeOnSignals(app);
  // The same process runs the jobs too, unless WORKERS=0 (then `npm run worker` processes do).
  if (config.workers > 0) {
    const swept = await sweepDeadWorkersTempDirs();
    if (swept.length) app.log.info(`removed ${swept.length} scratch folder(s) of stopped workers`);
  }
  await app.deps.queue.start(config.workers);
  // A process that runs jobs also removes upload folders no row names (what an erasure racing a job left).
  if (config.workers > 0) startOrphanUploadSweeps(app.deps, app.log);
  const address = `http://localhost:${config.port}`;
  console.log(`\nFan Content Console is running at ${address}`);
  console.log(`API documentation: ${address}/api/docs`);
  if (demo) {
    console.log('\nDemo sign-in (password demo1234 for all):');
    console.log('  admin@example.com     platform admin');
    console.log('  owner@example.com     owner of two accounts');
    console.log('  user@example.com      user in one account');
    console.log('  sam@example.com       admin in one account');
    console.log('  readonly@example.com  read-only in one account\n');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
