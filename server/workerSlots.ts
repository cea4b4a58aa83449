/**
 * Which process reads the configuration, for WORKERS' default: `npm start` (web and jobs in one
 * process), `npm run worker` (jobs only), or the demo. Tests, scripts and benches read it as the
 * demo does, so they run the same on any machine.
 */
export type ProcessKind = 'all-in-one' | 'worker' | 'demo';

/**
 * With web and jobs in one process, a core is left to the web side (encodes are niced, but the
 * moderation model and the jobs' own JavaScript run in the process that answers fans); past a
 * few slots such a box is better split into web and worker processes anyway.
 */
const ALL_IN_ONE_MOST = 4;

/**
 * Jobs a process runs at once when WORKERS is not set, from the cores it may use. A worker-only
 * process takes one slot a core: its encodes run niced, and the remux path's jobs are mostly
 * waiting on files, so a slot a core keeps the cores busy without a web side to protect. The
 * demo stays light, whatever the machine.
 */
export function defaultWorkers(kind: ProcessKind, cores: number): number {
  const usable = Number.isFinite(cores) && cores >= 1 ? Math.floor(cores) : 1;
  if (kind === 'worker') return usable;
  if (kind === 'all-in-one') return Math.min(ALL_IN_ONE_MOST, Math.max(1, usable - 1));
  return 1;
}
