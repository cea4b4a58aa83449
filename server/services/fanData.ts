import type { RightsStatus } from '#shared/domain/rights';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { toBool } from '../db/rows';
import { listSubmissions, type SubmissionFilters, type SubmissionListRow } from '../db/repositories/submissions';
import { type FanDataQuery, type FanDataRow, type SubmittedFields } from '#shared/domain/schemas/fanData';
import { assertFeature, limitsOf } from './planLimits';
import { effectiveDateRange } from '#shared/domain/dateRange';
import { assertPageOfAccount } from './pages';
import { pageTotals } from '../db/repositories/paginate';

/** Fan Data: the server-side table and its CSV export (spec console.md sections 2, 3, 7). */

export type Caller = Pick<User, 'id' | 'type'>;
type Filters = Pick<FanDataQuery, 'pageId' | 'venue' | 'song' | 'artist' | 'marketingConsent' | 'startDate' | 'endDate'>;

/** Filters are a plan feature (data-filter upgrade on Free; platform admins bypass); sorting is not. */
export async function effectiveFilters(deps: Deps, accountId: string, query: Filters, caller: Caller): Promise<SubmissionFilters> {
  const { pageId, venue, song, artist, marketingConsent, startDate, endDate } = query;
  if (pageId || venue || song || artist || marketingConsent !== undefined || startDate || endDate) {
    assertFeature(await limitsOf(deps.db, accountId), 'filters', 'data-filter', caller);
  }
  if (pageId) await assertPageOfAccount(deps.db, accountId, pageId);
  return { accountId, pageId, venue, song, artist, marketingConsent, ...effectiveDateRange({ startDate, endDate }) };
}

/** The form fields of a submission, as the table and the content dialog show them. */
export function submittedFields(row: SubmittedFields): SubmittedFields {
  const { firstName, lastName, email, dob, country, city, state, zip, phone, instagram, tiktok, venueCity, song, artist } = row;
  return { firstName, lastName, email, dob, country, city, state, zip, phone, instagram, tiktok, venueCity, song, artist };
}

/** A table row of Fan Data. */
export function fanDataRow(row: SubmissionListRow): FanDataRow {
  return {
    ...submittedFields(row),
    id: row.id,
    pageId: row.pageId,
    createdAt: row.createdAt,
    views: Number(row.views ?? 0),
    likes: Number(row.likes ?? 0),
    uploadVideoId: row.uploadId,
    marketingConsent: toBool(row.marketingConsent),
    rights: row.uploadId ? ((row.rights ?? 'none') as RightsStatus) : null,
  };
}

export async function listFanData(deps: Deps, accountId: string, query: FanDataQuery, caller: Caller) {
  const filters = await effectiveFilters(deps, accountId, query, caller);
  const result = await listSubmissions(deps.db, filters, { page: query.page, limit: query.limit, sort: query.sort, order: query.order });
  return { data: result.data.map(fanDataRow), ...pageTotals(result) };
}
