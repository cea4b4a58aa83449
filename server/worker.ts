import { loadConfig } from './config';
import { buildApp } from './app';
import { closeOnSignals } from './shutdown';
import { startOrphanUploadSweeps } from './services/orphanUploadFiles';
import { sweepDeadWorkersTempDirs } from './jobs/tempDirs';

/** A worker-only process (`npm run worker`): runs jobs, serves no HTTP. WORKERS sets how many at once (at least 1 here; unset, one a core). */
async function main(): Promise<void> {
  const config = loadConfig(process.env, {}, 'worker');
  const app = await buildApp(config);
  await app.ready();
  closeOnSignals(app);
  // Before taking jobs: what workers killed mid-job left (their ffmpeg died with them).
  const swept = await sweepDeadWorkersTempDirs();
  if (swept.length) app.log.info(`removed ${swept.length} scratch folder(s) of stopped workers`);
  const workers = Math.max(1, config.workers);
  await app.deps.queue.start(workers);
  startOrphanUploadSweeps(app.deps, app.log);
  app.log.info(`worker process running ${workers} job(s) at once on the ${app.deps.queue.driver} queue`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
