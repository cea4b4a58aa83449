import { pipeline, Transform } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { nowIso, parseJson, toBool } from '../db/rows';
import { exportBatches, logFanDataExport, type ExportRow } from '../db/repositories/submissions';
import { FAN_DATA_CSV_COLUMNS, type FanDataExportQuery } from '#shared/domain/schemas/fanData';
import { accountSlug } from '../db/repositories/accounts';
import { countryName, usStateName } from '#shared/domain/regions';
import { effectiveFilters, type Caller } from './fanData';

/** The fan data CSV export (spec console.md section 7). */

/** The consent texts as the capture route stores them: strings, or objects with a text. */
function consentTexts(json: string): string {
  return parseJson<unknown[]>(json, [])
    .map((item) => (typeof item === 'string' ? item : item && typeof item === 'object' && 'text' in item ? String((item as { text: unknown }).text) : ''))
    .filter(Boolean)
    .join('\n');
}

/**
 * A cell made from a stored value, made once per distinct value in an export: most fans of a page
 * accepted the same texts and come from a few countries (Intl names a country in about a microsecond).
 */
function onceEach(make: (value: string) => string): (value: string) => string {
  const cache = new Map<string, string>();
  return (value) => {
    let cell = cache.get(value);
    if (cell === undefined) {
      cell = make(value);
      if (cache.size < 1000) cache.set(value, cell);
    }
    return cell;
  };
}

/** An export row as a CSV record (FAN_DATA_CSV_COLUMNS): counters as numbers, consent as Yes or No, the consents as their texts. */
function csvRecords(): (row: ExportRow) => unknown[] {
  const consents = onceEach(consentTexts);
  const countries = onceEach((code) => countryName(code));
  return (row) => {
    const record: unknown[] = row;
    // Countries and US states are stored as codes: the CSV names them (in English).
    const country = row[4];
    record[4] = country ? countries(country) : '';
    if (country === 'US' && typeof row[5] === 'string') {
      const parts = row[5].split(', ');
      parts[parts.length - 1] = usStateName(parts[parts.length - 1]);
      record[5] = parts.join(', ');
    }
    record[13] = Number(row[13] ?? 0);
    record[14] = Number(row[14] ?? 0);
    record[16] = toBool(row[16]) ? 'Yes' : 'No';
    record[17] = consents(row[17] ?? '[]');
    return record;
  };
}

/**
 * CSV as the export writes it: a header line, every text field quoted (numbers not), lines ended
 * by \n, and each text cell that begins like a formula (=, +, -, @, tab, carriage return, or their
 * full-width forms) neutralised with a leading apostrophe, which spreadsheets show as text
 * (csv-stringify's `escape_formulas`; OWASP's CSV injection). A batch of
 * records is written by csv-stringify's synchronous API at once: through its stream, each record
 * was a write of its own and then a chunk of its own.
 */
function csvWriter(): Transform {
  const options = { columns: [...FAN_DATA_CSV_COLUMNS], quoted_string: true, escape_formulas: true };
  let header = true;
  const write = (records: unknown[][]) => {
    const text = stringify(records, { ...options, header });
    header = false;
    return text;
  };
  return new Transform({
    writableObjectMode: true,
    transform(records: unknown[][], _encoding, done) {
      done(null, write(records));
    },
    // No rows at all: the file is still the header line.
    flush(done) {
      done(null, header ? write([]) : undefined);
    },
  });
}

interface FanDataExport {
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
  const fileName = `${await accountSlug(deps.db, accountId)}-fan-data-${now.slice(0, 10)}.csv`;
  const stream = pipeline(exportBatches(deps.db, filters, query.sort, query.order, csvRecords()), csvWriter(), (err) => {
    // A client that leaves mid-download is no failure of the export.
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') log.error({ err, accountId }, 'fan data export failed');
  });
  return { fileName, stream };
}
