/** The date range rule lives in shared/domain/dateRange.ts, shared with the console. */
export { effectiveDateRange, type DateBounds } from '#shared/domain/dateRange';
