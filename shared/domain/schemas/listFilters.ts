import { z } from 'zod';
import { MAX_PAGE_SIZE, MIN_FILTER_DATE } from '../constants';
import { M } from './common';

/**
 * Filters shared by Fan Uploads and Fan Data (spec console.md section 5): a date range from
 * 01/01/2020 as YYYY-MM-DD (the console shows mm/dd/yy, jj/mm/aa in French), end not before
 * start. The rule 'a range whose start is not before today is ignored' depends on the day, so the
 * server applies it (effectiveDateRange in shared/domain/dateRange.ts).
 */
const dateField = z
  .string({ error: M.invalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'app.validation.date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'app.validation.date')
  .refine((value) => value >= MIN_FILTER_DATE, 'app.validation.minDate');

export const dateRangeShape = {
  startDate: dateField.optional(),
  endDate: dateField.optional(),
};

/** endDate must not be before startDate (both given). */
export const dateOrderRule = {
  check: (value: { startDate?: string; endDate?: string }) => !value.startDate || !value.endDate || value.endDate >= value.startDate,
  params: { message: 'app.validation.dateOrder', path: ['endDate'] },
};

/** page and limit of a server-side list, with the screen's page size as default. */
export const pagingShape = (defaultLimit: number) => ({
  page: z.coerce.number({ error: M.invalid }).int(M.invalid).min(1).default(1),
  limit: z.coerce.number({ error: M.invalid }).int(M.invalid).min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
  order: z.enum(['asc', 'desc'], { error: M.invalid }).default('desc'),
});

/**
 * The answer of a list that can grow to millions (Fan Uploads, Fan Data): a page of rows, a total
 * exact up to the list's count cap and past it a lower bound (totalCapped), and whether another
 * page follows (react-admin's pageInfo). The server's PageResult.
 */
export const cappedPageShape = <Row extends z.ZodType>(row: Row) => ({
  data: z.array(row),
  total: z.number(),
  totalCapped: z.boolean().optional(),
  hasNextPage: z.boolean().optional(),
});

/** A free-text filter value (venue, song, artist, tag). */
export const filterText = (max: number) => z.string({ error: M.invalid }).trim().min(1, M.required).max(max, M.tooLong);

/** An id in a path or a filter. */
export const idValue = z.string({ error: M.invalid }).min(1, M.required).max(64, M.tooLong);
