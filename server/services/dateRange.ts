/** The date range rule lives in src/domain/dateRange.ts, shared with the console. */
export { effectiveDateRange, type DateBounds } from '../../src/domain/dateRange';
