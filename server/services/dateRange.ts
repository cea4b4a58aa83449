import { isIgnoredRange } from '../../src/domain/dateRange';

/**
 * The date range rule of spec console.md section 5: a range whose start is not before today is
 * ignored. Days are UTC calendar days; the end day is included (the bound answered is exclusive).
 */
export interface DateBounds {
  /** Inclusive ISO timestamp. */
  startDate?: string;
  /** Exclusive ISO timestamp: the day after the end date. */
  endDate?: string;
}

export function effectiveDateRange(range: { startDate?: string; endDate?: string }, now = new Date()): DateBounds {
  if (isIgnoredRange(range, now)) return {};
  const bounds: DateBounds = {};
  if (range.startDate) bounds.startDate = `${range.startDate}T00:00:00.000Z`;
  if (range.endDate) {
    const next = new Date(`${range.endDate}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    bounds.endDate = next.toISOString();
  }
  return bounds;
}
