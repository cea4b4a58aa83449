import { spawnSync } from 'node:child_process';

/**
 * `npm run bench`: every benchmark, one after the other (they share two cores), each in a process
 * of its own that loads only its own modules. In one process, the list benches ran on a heap of
 * ~105 MB (every benchmark's modules and the earlier ones' leftovers) where the server's is ~50,
 * and each old-space collection marked all of it while their calls were timed.
 */
const benchmarks: Record<string, () => Promise<void>> = {
  'auth-context': async () => (await import('./authContext')).benchAuthContext(),
  'bundle-size': async () => (await import('./bundleSize')).benchBundleSize(),
  'tus-upload': async () => (await import('./tusUpload')).benchTusUpload(),
  'capture-page': async () => (await import('./capturePage')).benchCapturePage(),
  queue: async () => (await import('./queue')).benchQueue(),
  media: async () => (await import('./media')).benchMedia(),
  'upload-list': async () => (await import('./uploadList')).benchUploadList(),
  'fan-data-list': async () => (await import('./fanDataList')).benchFanDataList(),
  'fan-data-export': async () => (await import('./fanDataExport')).benchFanDataExport(),
  insights: async () => (await import('./insights')).benchInsights(),
};

const only = process.argv[2];
if (only) {
  const run = benchmarks[only];
  if (!run) {
    console.error(`No benchmark named '${only}'. The benchmarks: ${Object.keys(benchmarks).join(', ')}.`);
    process.exit(2);
  }
  await run();
} else {
  let failed = 0;
  for (const name of Object.keys(benchmarks)) {
    const { status } = spawnSync(process.execPath, [...process.execArgv, process.argv[1], name], { stdio: 'inherit' });
    if (status !== 0) failed += 1;
  }
  process.exitCode = failed ? 1 : 0;
}
