import { spawnSync } from 'node:child_process';

/**
 * `npm run bench [name]`: every benchmark (or the one named), one after the other (they share two
 * cores), each in a process of its own that loads only its own modules, so it measures the server
 * as it runs. In one process, the list benches ran on a heap of ~98 MB (every benchmark's modules
 * and the earlier ones' leftovers) where the server's is ~47, and each old-space collection marked
 * all of it while their calls were timed.
 */
const benchmarks: Record<string, () => Promise<void>> = {
  'auth-context': async () => (await import('./authContext')).benchAuthContext(),
  'bundle-size': async () => (await import('./bundleSize')).benchBundleSize(),
  'tus-upload': async () => (await import('./tusUpload')).benchTusUpload(),
  'capture-page': async () => (await import('./capturePage')).benchCapturePage(),
  queue: async () => (await import('./queue')).benchQueue(),
  media: async () => (await import('./media')).benchMedia(),
  burst: async () => (await import('./burst')).benchBurst(),
  soak: async () => (await import('./soak')).benchSoak(),
  reel: async () => (await import('./reel')).benchReel(),
  'moderation-loop': async () => (await import('./moderationLoop')).benchModerationLoop(),
  'upload-list': async () => (await import('./uploadList')).benchUploadList(),
  'fan-data-list': async () => (await import('./fanDataList')).benchFanDataList(),
  'fan-data-export': async () => (await import('./fanDataExport')).benchFanDataExport(),
  insights: async () => (await import('./insights')).benchInsights(),
  duplicates: async () => (await import('./duplicates')).benchDuplicates(),
  'fingerprint-cpu': async () => (await import('./fingerprintCpu')).benchFingerprintCpu(),
  'tool-start': async () => (await import('./toolStart')).benchToolStart(),
};

/** Set in a benchmark's own process. */
const CHILD = 'BENCH_PROCESS';
const only = process.argv[2];
if (only && !benchmarks[only]) {
  console.error(`No benchmark named '${only}'. The benchmarks: ${Object.keys(benchmarks).join(', ')}.`);
  process.exit(2);
}
if (process.env[CHILD]) {
  await benchmarks[only]();
} else {
  let failed = 0;
  for (const name of only ? [only] : Object.keys(benchmarks)) {
    const args = [...process.execArgv, process.argv[1], name];
    const { status } = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, [CHILD]: '1' } });
    if (status !== 0) failed += 1;
  }
  process.exitCode = failed ? 1 : 0;
}
