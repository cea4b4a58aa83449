import type { QueueTimings } from './types';

/** The wait before retry number `attempt` (1 after the first failure): doubling, capped. */
export function backoffMs(attempt: number, timings: Pick<QueueTimings, 'retryDelayMs' | 'maxRetryDelayMs'>): number {
  return Math.min(timings.retryDelayMs * 2 ** Math.max(0, attempt - 1), timings.maxRetryDelayMs);
}
