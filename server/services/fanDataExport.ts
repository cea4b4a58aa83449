import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { nowIso, parseJson, toBool } from '../db/rows';
import { EXPORT_TEXT_CELL_COUNT, exportBatches, exportCells, logFanDataExport, type SubmissionFilters } from '../db/repositories/submissions';
import { FAN_DATA_CSV_COLUMNS, type FanDataExportQuery } from '../../src/domain/schemas/fanData';
import { neutralizeCell, neutralizeQuotedCells, quotedField } from './csvCells';
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
      field = quotedField(neutralizeCell(consentTexts(key)));
      if (cache.size < 1000) cache.set(key, field);
    }
    return field;
  };
}

/** Quoted text cells that are CSV as they are: no quote inside a cell, no line break, the expected number of cells. */
const PLAIN_CELLS = new RegExp(`^"(?:[^"\\r\\n]*","){${EXPORT_TEXT_CELL_COUNT - 1}}[^"\\r\\n]*"$`);
/** A row with quotes or line breaks in its text, read again cell by cell; undefined when the fan was erased since. */
async function textFieldsReadAgain(deps: Deps, id: string): Promise<string | undefined> {
  const cells = await exportCells(deps.db, id);
  return cells?.map((cell) => quotedField(neutralizeCell(cell))).join(',');
}

/** The CSV text of each batch of rows, the header first; every text field quoted, numbers not. */
async function* csvChunks(deps: Deps, filters: SubmissionFilters, query: FanDataExportQuery): AsyncGenerator<string> {
  const consents = consentFields();
  yield `${FAN_DATA_CSV_COLUMNS.map(quotedField).join(',')}\n`;
  for await (const rows of exportBatches(deps.db, filters, query.sort, query.order)) {
    let out = '';
    for (const [textCells, views, likes, uploadId, marketingConsent, termsAccepted, id] of rows) {
      const text = PLAIN_CELLS.test(textCells as string) ? neutralizeQuotedCells(textCells as string) : await textFieldsReadAgain(deps, id as string);
      if (text === undefined) continue;
      const consent = toBool(marketingConsent as number) ? '"Yes"' : '"No"';
      // Upload ids are ours (letters and digits): quoted as they are.
      out += `${text},${Number(views ?? 0)},${Number(likes ?? 0)},"${(uploadId as string | null) ?? ''}",${consent},${consents(termsAccepted as string | null)}\n`;
    }
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
