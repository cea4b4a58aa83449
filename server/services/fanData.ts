import { Readable, Transform, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import type { Submission, User } from '../db/types';
import { nowIso, parseJson, toBool } from '../db/rows';
import { listSubmissions, logFanDataExport, streamSubmissions, type SubmissionFilters, type SubmissionListRow } from '../db/repositories/submissions';
import { FAN_DATA_CSV_COLUMNS, type FanDataExportQuery, type FanDataQuery, type FanDataRow, type SubmittedFields } from '../../src/domain/schemas/fanData';
import { assertFeature, limitsOf } from './planLimits';
import { effectiveDateRange } from './dateRange';
import { assertPageOfAccount } from './pageOwnership';
import { neutralizeCell } from './csvCells';
import { accountSlugOf } from './pages';

/** Fan Data: the server-side table and its CSV export (spec console.md sections 2, 3, 7). */

type Caller = Pick<User, 'id' | 'type'>;
type Filters = Pick<FanDataQuery, 'pageId' | 'venue' | 'song' | 'artist' | 'marketingConsent' | 'startDate' | 'endDate'>;

/** Filters are a plan feature (data-filter upgrade on Free; platform admins bypass); sorting is not. */
async function effectiveFilters(deps: Deps, accountId: string, query: Filters, caller: Caller): Promise<SubmissionFilters> {
  const { pageId, venue, song, artist, marketingConsent, startDate, endDate } = query;
  if (pageId || venue || song || artist || marketingConsent !== undefined || startDate || endDate) {
    assertFeature(await limitsOf(deps.db, accountId), 'filters', 'data-filter', caller);
  }
  if (pageId) await assertPageOfAccount(deps.db, accountId, pageId);
  return { accountId, pageId, venue, song, artist, marketingConsent, ...effectiveDateRange({ startDate, endDate }) };
}

/** The form fields of a submission, as the table and the content dialog show them. */
export function submittedFields(row: Submission): SubmittedFields {
  const { firstName, lastName, email, dob, country, city, state, zip, phone, instagram, tiktok, venueCity, song, artist } = row;
  return { firstName, lastName, email, dob, country, city, state, zip, phone, instagram, tiktok, venueCity, song, artist };
}

export function fanDataRow(row: SubmissionListRow): FanDataRow {
  return {
    id: row.id,
    pageId: row.pageId,
    createdAt: row.createdAt,
    ...submittedFields(row),
    views: Number(row.views ?? 0),
    likes: Number(row.likes ?? 0),
    uploadVideoId: row.uploadId,
    marketingConsent: toBool(row.marketingConsent),
  };
}

export async function listFanData(deps: Deps, accountId: string, query: FanDataQuery, caller: Caller) {
  const filters = await effectiveFilters(deps, accountId, query, caller);
  const { data, total } = await listSubmissions(deps.db, filters, { page: query.page, limit: query.limit, sort: query.sort, order: query.order });
  return { data: data.map(fanDataRow), total };
}

/** The consent texts as the capture route stores them: strings, or objects with a text. */
function consentTexts(json: string): string {
  return parseJson<unknown[]>(json, [])
    .map((item) => (typeof item === 'string' ? item : item && typeof item === 'object' && 'text' in item ? String((item as { text: unknown }).text) : ''))
    .filter(Boolean)
    .join('\n');
}

const text = neutralizeCell;

/** One CSV record, in FAN_DATA_CSV_COLUMNS order; dates stay ISO 8601. */
function csvRecord(row: SubmissionListRow): (string | number)[] {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const cityState = [row.city, row.state].filter(Boolean).join(', ');
  return [
    row.createdAt,
    text(name),
    text(row.email),
    text(row.dob),
    text(row.country),
    text(cityState),
    text(row.zip),
    text(row.phone),
    text(row.instagram),
    text(row.tiktok),
    text(row.venueCity),
    text(row.song),
    text(row.artist),
    Number(row.views ?? 0),
    Number(row.likes ?? 0),
    row.uploadId ?? '',
    toBool(row.marketingConsent) ? 'Yes' : 'No',
    text(consentTexts(row.termsAccepted)),
  ];
}

export interface FanDataExport {
  fileName: string;
  stream: NodeJS.ReadableStream;
}

/**
 * The filtered rows as CSV (UTF-8, header row), read from a database cursor and written as they
 * come, so memory stays flat however many rows. Who exported, with which filters, is recorded first.
 */
export async function exportFanData(deps: Deps, accountId: string, query: FanDataExportQuery, caller: Caller, log: FastifyBaseLogger): Promise<FanDataExport> {
  const filters = await effectiveFilters(deps, accountId, query, caller);
  const now = nowIso();
  await logFanDataExport(deps.db, { accountId, userId: caller.id, filters: query }, now);
  const fileName = `${await accountSlugOf(deps.db, accountId)}-fan-data-${now.slice(0, 10)}.csv`;
  const rows = Readable.from(streamSubmissions(deps.db, filters, query.sort, query.order));
  const toRecord = new Transform({
    objectMode: true,
    transform(row: SubmissionListRow, _encoding, done) {
      done(null, csvRecord(row));
    },
  });
  const csv = stringify({ header: true, columns: [...FAN_DATA_CSV_COLUMNS] });
  pipeline(rows, toRecord, csv, (err) => {
    if (err) log.error({ err, accountId }, 'fan data export failed');
  });
  return { fileName, stream: csv };
}
