import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { nowIso, parseJson, toBool } from '../db/rows';
import { exportBatches, logFanDataExport, type ExportRow, type SubmissionFilters } from '../db/repositories/submissions';
import { FAN_DATA_CSV_COLUMNS, type FanDataExportQuery } from '../../src/domain/schemas/fanData';
import { csvField, csvLine, csvLines, neutralizeCell } from './csvCells';
import { accountSlugOf } from './pages';
import { effectiveFilters, type Caller } from './fanData';

/** The fan data CSV export (spec console.md section 7, issue 13). */

/** The consent texts as the capture route stores them: strings, or objects with a text. */
function consentTexts(json: string): string {
  return parseJson<unknown[]>(json, [])
    .map((item) => (typeof item === 'string' ? item : item && typeof item === 'object' && 'text' in item ? String((item as { text: unknown }).text) : ''))
    .filter(Boolean)
    .join('\n');
}

/** Most fans of a page accepted the same texts: each distinct JSON becomes its CSV field once per export. */
function consentFields(): (json: string | null) => string {
  const cache = new Map<string, string>();
  return (json) => {
    const key = json ?? '[]';
    let field = cache.get(key);
    if (field === undefined) {
      field = csvField(neutralizeCell(consentTexts(key)));
      if (cache.size < 1000) cache.set(key, field);
    }
    return field;
  };
}

const text = neutralizeCell;
const joined = (a: unknown, b: unknown, separator: string) => (a && b ? `${a}${separator}${b}` : String(a || b || ''));

/** The record of a raw export row (EXPORT_SELECT order) but its consents, in FAN_DATA_CSV_COLUMNS order; dates stay ISO 8601. */
function csvRecord(row: ExportRow): (string | number)[] {
  const [createdAt, firstName, lastName, email, dob, country, city, state, zip, phone, instagram, tiktok, venueCity, song, artist, views, likes, uploadId, marketingConsent] =
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
  ];
}

/** The CSV text of each batch of rows, the header first. */
async function* csvChunks(deps: Deps, filters: SubmissionFilters, query: FanDataExportQuery): AsyncGenerator<string> {
  const consents = consentFields();
  yield csvLines([[...FAN_DATA_CSV_COLUMNS]]);
  for await (const rows of exportBatches(deps.db, filters, query.sort, query.order)) {
    let out = '';
    for (const row of rows) out += `${csvLine(csvRecord(row))},${consents(row[row.length - 1] as string | null)}\n`;
    yield out;
  }
}

export interface FanDataExport {
  fileName: string;
  stream: NodeJS.ReadableStream;
}

/**
 * The filtered rows as CSV (UTF-8, header row), read from a database cursor a batch at a time
 * and written as they come, so memory stays flat however many rows. Who exported, with which
 * filters, is recorded first.
 */
export async function exportFanData(deps: Deps, accountId: string, query: FanDataExportQuery, caller: Caller, log: FastifyBaseLogger): Promise<FanDataExport> {
  const filters = await effectiveFilters(deps, accountId, query, caller);
  const now = nowIso();
  await logFanDataExport(deps.db, { accountId, userId: caller.id, filters: query }, now);
  const fileName = `${await accountSlugOf(deps.db, accountId)}-fan-data-${now.slice(0, 10)}.csv`;
  const stream = Readable.from(csvChunks(deps, filters, query), { objectMode: false });
  stream.on('error', (err) => log.error({ err, accountId }, 'fan data export failed'));
  return { fileName, stream };
}
