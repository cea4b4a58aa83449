import { pipeline, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { nowIso, parseJson, toBool } from '../db/rows';
import { exportRows, logFanDataExport, type ExportRow } from '../db/repositories/submissions';
import { FAN_DATA_CSV_COLUMNS, type FanDataExportQuery } from '#shared/domain/schemas/fanData';
import { neutralizeCell } from './csvCells';
import { accountSlugOf } from './pages';
import { countryName, usStateName } from '#shared/domain/regions';
import { effectiveFilters, type Caller } from './fanData';

/** The fan data CSV export (spec console.md section 7, issue 13). */

/** The consent texts as the capture route stores them: strings, or objects with a text. */
function consentTexts(json: string): string {
  return parseJson<unknown[]>(json, [])
    .map((item) => (typeof item === 'string' ? item : item && typeof item === 'object' && 'text' in item ? String((item as { text: unknown }).text) : ''))
    .filter(Boolean)
    .join('\n');
}

/** Most fans of a page accepted the same texts: each distinct JSON is read once per export. */
function consentCells(): (json: string | null) => string {
  const cache = new Map<string, string>();
  return (json) => {
    const key = json ?? '[]';
    let cell = cache.get(key);
    if (cell === undefined) {
      cell = consentTexts(key);
      if (cache.size < 1000) cache.set(key, cell);
    }
    return cell;
  };
}

/** An export row as a CSV record (FAN_DATA_CSV_COLUMNS): counters as numbers, consent as Yes or No, the consents as their texts. */
function csvRecords(): (row: ExportRow) => unknown[] {
  const consents = consentCells();
  return (row) => {
    const record: unknown[] = row;
    // Countries and US states are stored as codes: the CSV names them (in English).
    const country = row[4];
    record[4] = countryName(country);
    if (country === 'US' && typeof row[5] === 'string') {
      const parts = row[5].split(', ');
      parts[parts.length - 1] = usStateName(parts[parts.length - 1]);
      record[5] = parts.join(', ');
    }
    record[13] = Number(row[13] ?? 0);
    record[14] = Number(row[14] ?? 0);
    record[16] = toBool(row[16]) ? 'Yes' : 'No';
    record[17] = consents(row[17]);
    return record;
  };
}

/**
 * CSV as the export writes it: a header line, every text field quoted (numbers not), lines ended
 * by \n, and each text cell that begins like a formula neutralised (csvCells.ts).
 */
const csvWriter = () => stringify({ header: true, columns: [...FAN_DATA_CSV_COLUMNS], quoted_string: true, cast: { string: neutralizeCell }, encoding: 'utf8' });

/** The CSV's lines gathered into chunks of about 16 KB: the reply then writes once per hundred rows or so, not once per row. */
function chunksOfLines(): Transform {
  let pending = '';
  return new Transform({
    decodeStrings: false,
    transform(lines: string, _encoding, done) {
      pending += lines;
      if (pending.length < 16384) return done();
      const chunk = pending;
      pending = '';
      done(null, chunk);
    },
    flush(done) {
      done(null, pending || undefined);
    },
  });
}

export interface FanDataExport {
  fileName: string;
  stream: NodeJS.ReadableStream;
}

/**
 * The filtered rows as CSV (UTF-8, header row), streamed from a database cursor: rows are read
 * only as fast as the client takes the CSV, so memory stays flat however many rows. Who
 * exported, with which filters, is recorded first.
 */
export async function exportFanData(deps: Deps, accountId: string, query: FanDataExportQuery, caller: Caller, log: FastifyBaseLogger): Promise<FanDataExport> {
  const filters = await effectiveFilters(deps, accountId, query, caller);
  const now = nowIso();
  await logFanDataExport(deps.db, { accountId, userId: caller.id, filters: query }, now);
  const fileName = `${await accountSlugOf(deps.db, accountId)}-fan-data-${now.slice(0, 10)}.csv`;
  const stream = pipeline(exportRows(deps.db, filters, query.sort, query.order, csvRecords()), csvWriter(), chunksOfLines(), (err) => {
    // A client that leaves mid-download is no failure of the export.
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') log.error({ err, accountId }, 'fan data export failed');
  });
  return { fileName, stream };
}
