import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';

/**
 * Which of a case's slowest calls had a garbage collection pause in them: what the list benches
 * print beside each p99, so a p99 says whether it is a young collection (a scavenge), the old
 * space's (marking or a mark-compact), or neither (the machine: another process had the core).
 */

interface Pause {
  start: number;
  end: number;
  old: boolean;
}

const pauses: Pause[] = [];
const OLD_SPACE_KINDS = constants.NODE_PERFORMANCE_GC_MAJOR | constants.NODE_PERFORMANCE_GC_INCREMENTAL;

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as PerformanceEntry & { detail?: { kind: number } }).detail?.kind ?? 0;
    pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration, old: (kind & OLD_SPACE_KINDS) !== 0 });
  }
}).observe({ entryTypes: ['gc'] });

export interface SlowCallPauses {
  /** The calls looked at: those at or above the p99. */
  calls: number;
  young: number;
  old: number;
}

/**
 * Of the calls whose time is at least `threshold` ms, how many overlapped a young or an old-space
 * pause. Calls are given as their starts (on performance.now()'s clock, the one perf_hooks gives
 * its entries in) and times, in ms. perf_hooks hands its entries over asynchronously: call after an
 * event loop turn once the calls are done.
 */
export function pausesInSlowCalls(starts: number[], times: number[], threshold: number): SlowCallPauses {
  const slow = starts.flatMap((start, index) => (times[index] >= threshold ? [{ start, end: start + times[index] }] : []));
  const during = (call: { start: number; end: number }, old: boolean) =>
    pauses.some((pause) => pause.old === old && pause.start < call.end && pause.end > call.start);
  const figure = { calls: slow.length, young: slow.filter((call) => during(call, false)).length, old: slow.filter((call) => during(call, true)).length };
  // Only pauses after the last call can matter to the next case's calls.
  const last = starts.reduce((end, start, index) => Math.max(end, start + times[index]), 0);
  const later = pauses.filter((pause) => pause.end > last);
  pauses.length = 0;
  pauses.push(...later);
  return figure;
}
