import { RIGHTS_STATUSES } from '../rights';
import { z } from 'zod';
import { LIMITS, TABLE_PAGE_SIZE } from '../constants';
import { emailField, M } from './common';
import { cappedPageShape, dateOrderRule, dateRangeShape, filterText, idValue, pagingShape } from './listFilters';

/**
 * Fan Data (spec console.md sections 2, 3, 5, 7): the table, its CSV export, and a fan's
 * data found by email and erased.
 */

/** Sortable columns: each is served by an index (migration 20261123060000). */
export const FAN_DATA_SORTS = ['createdAt', 'name', 'email', 'country', 'venueCity', 'song', 'artist', 'marketingConsent'] as const;
export type FanDataSort = (typeof FAN_DATA_SORTS)[number];

const filterShape = {
  pageId: idValue.optional(),
  venue: filterText(LIMITS.shortText).optional(),
  song: filterText(LIMITS.shortText).optional(),
  artist: filterText(LIMITS.shortText).optional(),
  marketingConsent: z
    .enum(['true', 'false'], { error: M.invalid })
    .transform((value) => value === 'true')
    .optional(),
  ...dateRangeShape,
  sort: z.enum(FAN_DATA_SORTS, { error: M.invalid }).default('createdAt'),
};

/** GET /api/accounts/{id}/data: 50 a page; unknown filters are refused. */
export const fanDataQuery = z
  .object({ ...pagingShape(TABLE_PAGE_SIZE), ...filterShape })
  .strict()
  .refine(dateOrderRule.check, dateOrderRule.params);
export type FanDataQuery = z.output<typeof fanDataQuery>;

/** GET /api/accounts/{id}/export-submissions: the table's filters and sort, every matching row. */
export const fanDataExportQuery = z
  .object({ ...filterShape, order: z.enum(['asc', 'desc'], { error: M.invalid }).default('desc') })
  .strict()
  .refine(dateOrderRule.check, dateOrderRule.params);
export type FanDataExportQuery = z.output<typeof fanDataExportQuery>;

/** What a fan typed into the capture form. */
export const submittedFieldsSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  dob: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
  instagram: z.string().nullable(),
  tiktok: z.string().nullable(),
  venueCity: z.string().nullable(),
  song: z.string().nullable(),
  artist: z.string().nullable(),
});
export type SubmittedFields = z.infer<typeof submittedFieldsSchema>;

/** One row of the table (spec section 3, Fan data row). */
export const fanDataRowSchema = submittedFieldsSchema.extend({
  id: z.string(),
  pageId: z.string(),
  createdAt: z.string(),
  views: z.number(),
  likes: z.number(),
  uploadVideoId: z.string().nullable(),
  marketingConsent: z.boolean(),
  /** The rights to use the upload its fan granted or not; null without an upload. */
  rights: z.enum(RIGHTS_STATUSES).nullable(),
});
export type FanDataRow = z.infer<typeof fanDataRowSchema>;

export const fanDataListSchema = z.object(cappedPageShape(fanDataRowSchema));

/** The export's columns: the table's, in its order, plus the consent texts the fan accepted and the rights to use the upload. */
export const FAN_DATA_CSV_COLUMNS = [
  'Submitted On',
  'Name',
  'Email',
  'DOB',
  'Country',
  'City/State',
  'Zip',
  'Phone',
  'Instagram',
  'TikTok',
  'Venue City',
  'Song Title',
  'Artist',
  'Views',
  'Likes',
  'Upload',
  'Marketing Consent',
  'Consents Accepted',
  'Rights',
] as const;

/** A fan, found by email (GET) or erased (POST). */
export const fanEmailQuery = z.object({ email: emailField() }).strict();
export const fanEraseBody = z.object({ email: emailField() }).strict();

export const fanLookupSchema = z.object({
  email: z.string(),
  submissions: z.array(fanDataRowSchema),
  uploadIds: z.array(z.string()),
  consentRecords: z.number(),
});
export type FanLookup = z.infer<typeof fanLookupSchema>;

export const fanErasureSchema = z.object({ submissions: z.number(), consentRecords: z.number(), uploads: z.number(), erasedAt: z.string() });
export type FanErasure = z.infer<typeof fanErasureSchema>;

/** The erasure log (GET /api/accounts/{id}/fan-erasures): when, and who asked for it; never the fan. */
export const FAN_ERASURES_SHOWN = 20;
export const fanErasureLogSchema = z.object({
  data: z.array(z.object({ id: z.string(), erasedAt: z.string(), requestedBy: z.string().nullable() })),
  total: z.number(),
});
export type FanErasureLog = z.infer<typeof fanErasureLogSchema>;
