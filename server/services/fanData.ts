import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import type { Submission, User } from '../db/types';
import { nowIso, parseJson, toBool } from '../db/rows';
import { exportBatches, listSubmissions, logFanDataExport, type ExportRow, type SubmissionFilters, type SubmissionListRow } from '../db/repositories/submissions';
import { FAN_DATA_CSV_COLUMNS, type FanDataExportQuery, type FanDataQuery, type FanDataRow, type SubmittedFields } from '../../src/domain/schemas/fanData';
import { assertFeature, limitsOf } from './planLimits';
import { effectiveDateRange } from './dateRange';
import { assertPageOfAccount } from './pageOwnership';
import { csvLines, neutralizeCell } from './csvCells';
import { accountSlugOf } from './pages';
import { pageTotals } from '../db/repositories/paginate';

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
  const result = await listSubmissions(deps.db, filters, { page: query.page, limit: query.limit, sort: query.sort, order: query.order });
  return { data: result.data.map(fanDataRow), ...pageTotals(result) };
}

/** The consent texts as the capture route stores them: strings, or objects with a text. */
function consentTexts(json: string): string {
  return parseJson<unknown[]>(json, [])
    .map((item) => (typeof item === 'string' ? item : item && typeof item === 'object' && 'text' in item ? String((item as { text: unknown }).text) : ''))
    .filter(Boolean)
    .join('\n');
}

/** Most fans of a page accepted the same texts: each distinct JSON is parsed once per export. */
function consentCache(): (json: string) => string {
  const cache = new Map<string, string>();
  return (json) => {
    let texts = cache.get(json);
    if (texts === undefined) {
      texts = text(consentTexts(json));
      if (cache.size < 1000) cache.set(json, texts);
    }
    return texts;
  };
}

const text = neutralizeCell;
const joined = (a: unknown, b: unknown, separator: string) => (a && b ? `${a}${separator}${b}` : String(a || b || ''));

/** One CSV record from a raw export row (EXPORT_SELECT order), in FAN_DATA_CSV_COLUMNS order; dates stay ISO 8601. */
function csvRecord(row: ExportRow, consents: (json: string) => string): (string | number)[] {
  const [createdAt, firstName, lastName, email, dob, country, city, state, zip, phone, instagram, tiktok, venueCity, song, artist, views, likes, uploadId, marketingConsent, termsAccepted] =
    row as (string | null)[];
  return [
    createdAt ?? '',
    text(joined(firstName, lastName, ' ')),
    text(email),
    text(dob),
    text(country),
    text(joined(city, state, ', ')),
    text(zip),
    text(phone),
    text(instagram),
    text(tiktok),
    text(venueCity),
    text(song),
    text(artist),
    Number(views ?? 0),
    Number(likes ?? 0),
    uploadId ?? '',
    toBool(marketingConsent as unknown as number) ? 'Yes' : 'No',
    consents(termsAccepted ?? '[]'),
  ];
}

/** The CSV text of each batch of rows, the header first. */
async function* csvChunks(batches: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  const consents = consentCache();
  yield csvLines([[...FAN_DATA_CSV_COLUMNS]]);
  for await (const rows of batches) yield csvLines(rows.map((row) => csvRecord(row, consents)));
}

export interface FanDataExport {
  fileName: string;
  stream: NodeJS.ReadableStream;
}

/**
 * The filtered rows as CSV (UTF-8, header row), read from a database cursor a batch at a time
 * and written as they come, so memory stays flat however many rows. Who
 * exported, with which filters, is recorded first.
 */
export async function exportFanData(deps: Deps, accountId: string, query: FanDataExportQuery, caller: Caller, log: FastifyBaseLogger): Promise<FanDataExport> {
  const filters = await effectiveFilters(deps, accountId, query, caller);
  const now = nowIso();
  await logFanDataExport(deps.db, { accountId, userId: caller.id, filters: query }, now);
  const fileName = `${await accountSlugOf(deps.db, accountId)}-fan-data-${now.slice(0, 10)}.csv`;
  const stream = Readable.from(csvChunks(exportBatches(deps.db, filters, query.sort, query.order)), { objectMode: false });
  stream.on('error', (err) => log.error({ err, accountId }, 'fan data export failed'));
  return { fileName, stream };
}
