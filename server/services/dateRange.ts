/** The date range rule lives in shared/domain/dateRange.ts, shared with the console. */
export { effectiveDateRange } from '#shared/domain/dateRange';
