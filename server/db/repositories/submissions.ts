import { sql, type Insertable } from 'kysely';
import SQLite from 'better-sqlite3';
import { isPostgres, sqliteFileOf, type Db } from '..';
import type { Submission, SubmissionsTable } from '../types';
import { newId } from '../rows';
import type { FanDataSort } from '../../../src/domain/schemas/fanData';
import { keyedPageQueries, type PageBounds, type PageRequest, type PageResult, type SortAllowList } from './paginate';
import { compiledPages } from './compiledPages';

/** Queries on fan submissions (fan data): the table, the export's cursor, one fan by email, the logs. */

export interface SubmissionListRow extends Submission {
  views: number | null;
  likes: number | null;
}

/**
 * A fan's submission; with an upload, the fan's venue, song and artist are copied onto the upload
 * too, where the Fan Uploads filters read them from an index (migration UploadFanAnswers).
 */
export async function insertSubmission(db: Db, row: Insertable<SubmissionsTable>): Promise<void> {
  await db.insertInto('submissions').values(row).execute();
  if (row.uploadId) {
    await db
      .updateTable('uploads')
      .set({ venueCity: row.venueCity ?? null, song: row.song ?? null, artist: row.artist ?? null })
      .where('id', '=', row.uploadId)
      .where('accountId', '=', row.accountId)
      .execute();
  }
}

/** Each sort is the leading columns of an index on (account_id, column, ...). */
const SORTS: SortAllowList<FanDataSort> = {
  createdAt: [sql`submissions.created_at`, sql`submissions.id`],
  name: [sql`submissions.last_name`, sql`submissions.first_name`, sql`submissions.id`],
  email: [sql`submissions.email`, sql`submissions.id`],
  country: [sql`submissions.country`, sql`submissions.created_at`, sql`submissions.id`],
  venueCity: [sql`submissions.venue_city`, sql`submissions.created_at`, sql`submissions.id`],
  song: [sql`submissions.song`, sql`submissions.created_at`, sql`submissions.id`],
  artist: [sql`submissions.artist`, sql`submissions.created_at`, sql`submissions.id`],
  marketingConsent: [sql`submissions.marketing_consent`, sql`submissions.created_at`, sql`submissions.id`],
};

export interface SubmissionFilters {
  accountId: string;
  pageId?: string;
  venue?: string;
  song?: string;
  artist?: string;
  marketingConsent?: boolean;
  /** Inclusive and exclusive ISO bounds (the service applies the date range rule). */
  startDate?: string;
  endDate?: string;
}

/** The account's submissions under the filters, no columns chosen (the count reads only this). */
function matchingSubmissions(db: Db, filters: SubmissionFilters) {
  let query = db.selectFrom('submissions').where('submissions.accountId', '=', filters.accountId);
  if (filters.pageId) query = query.where('submissions.pageId', '=', filters.pageId);
  if (filters.venue) query = query.where('submissions.venueCity', '=', filters.venue);
  if (filters.song) query = query.where('submissions.song', '=', filters.song);
  if (filters.artist) query = query.where('submissions.artist', '=', filters.artist);
  if (filters.marketingConsent !== undefined) query = query.where('submissions.marketingConsent', '=', filters.marketingConsent ? 1 : 0);
  if (filters.startDate) query = query.where('submissions.createdAt', '>=', filters.startDate);
  if (filters.endDate) query = query.where('submissions.createdAt', '<', filters.endDate);
  return query;
}

/** The rows with their upload's views and likes: one join, not a subquery per counter. */
function withCounters<Q extends ReturnType<typeof matchingSubmissions>>(query: Q) {
  return query.leftJoin('uploads', 'uploads.id', 'submissions.uploadId').selectAll('submissions').select(['uploads.viewCount as views', 'uploads.likeCount as likes']);
}

export function filteredSubmissions(db: Db, filters: SubmissionFilters) {
  return withCounters(matchingSubmissions(db, filters));
}

/**
 * The Fan Data table counts at most this many rows past the page, as the uploads list does (an
 * exact count of a million submissions reads every index entry on every call).
 */
export const SUBMISSION_COUNT_CAP = 2000;

/**
 * The page's ids from the filters and sort alone (an index walk), then those rows with the join;
 * the count is a capped index-only count of the submissions alone.
 */
export function submissionListQueries(db: Db, filters: SubmissionFilters, request: PageRequest<FanDataSort>, bounds?: PageBounds) {
  return keyedPageQueries(
    matchingSubmissions(db, filters),
    sql<string>`submissions.id`,
    (ids) => withCounters(db.selectFrom('submissions').where('submissions.id', 'in', ids)),
    request,
    SORTS,
    { countCap: { rows: SUBMISSION_COUNT_CAP, db } },
    bounds,
  );
}

/** The Fan Data table's page and total, compiled once per filter shape (the text and date filters are bound values). */
export const listSubmissions: (db: Db, filters: SubmissionFilters, request: PageRequest<FanDataSort>) => Promise<PageResult<SubmissionListRow>> = compiledPages(submissionListQueries, {
  bound: ['accountId', 'pageId', 'venue', 'song', 'artist', 'startDate', 'endDate'],
  countCapRows: SUBMISSION_COUNT_CAP,
});

/**
 * The export's text cells (spec columns Submitted On to Artist), as SQL: the name and the city
 * with its state joined as the table shows them, a missing value as ''.
 */
const joinedCells = (first: string, second: string, separator: string) =>
  sql<string>`coalesce(nullif(${sql.ref(first)}, '') || ${separator} || nullif(${sql.ref(second)}, ''), nullif(${sql.ref(first)}, ''), nullif(${sql.ref(second)}, ''), '')`;
const textCell = (column: string) => sql<string>`coalesce(${sql.ref(column)}, '')`;
const EXPORT_TEXT_CELLS = [
  textCell('submissions.created_at'),
  joinedCells('submissions.first_name', 'submissions.last_name', ' '),
  textCell('submissions.email'),
  textCell('submissions.dob'),
  textCell('submissions.country'),
  joinedCells('submissions.city', 'submissions.state', ', '),
  textCell('submissions.zip'),
  textCell('submissions.phone'),
  textCell('submissions.instagram'),
  textCell('submissions.tiktok'),
  textCell('submissions.venue_city'),
  textCell('submissions.song'),
  textCell('submissions.artist'),
];
export const EXPORT_TEXT_CELL_COUNT = EXPORT_TEXT_CELLS.length;

/**
 * The text cells of an export row as one string, each cell in double quotes and the cells
 * joined by commas: one string a row crosses from SQLite into JavaScript instead of thirteen
 * (that crossing was most of a large export's time), already CSV when no cell holds a quote or
 * a line break. A row whose cells do is read again cell by cell (exportCells).
 */
const quotedTextCells = sql<string>`${sql.lit('"')} || ${sql.join(EXPORT_TEXT_CELLS, sql`|| ${sql.lit('","')} ||`)} || ${sql.lit('"')}`;

/** The export's columns, in the order of each raw row `exportBatches` yields. */
export const EXPORT_SELECT = [
  quotedTextCells.as('textCells'),
  sql<number | null>`case when submissions.upload_id is null then null else (select uploads.view_count from uploads where uploads.id = submissions.upload_id) end`.as('views'),
  sql<number | null>`case when submissions.upload_id is null then null else (select uploads.like_count from uploads where uploads.id = submissions.upload_id) end`.as('likes'),
  'submissions.uploadId',
  'submissions.marketingConsent',
  'submissions.termsAccepted',
  'submissions.id',
] as const;
/** [textCells, views, likes, uploadId, marketingConsent, termsAccepted, id] */
export type ExportRow = unknown[];

/**
 * Every matching row as arrays (EXPORT_SELECT order), `batch` at a time (large enough that the
 * generator and stream steps between batches cost little next to the rows). On SQLite a read-only
 * connection of its own iterates the statement, so a long export never holds the app's
 * connection (WAL lets it read beside the writers) and builds no row objects; between batches
 * the event loop serves other requests. PostgreSQL (and in-memory SQLite) read through a cursor.
 */
export async function* exportBatches(db: Db, filters: SubmissionFilters, sort: FanDataSort, order: 'asc' | 'desc', batch = 2000): AsyncGenerator<ExportRow[]> {
  // The upload's counters by subquery only where there is an upload (most fans send none): a join would probe uploads for every row.
  let query = matchingSubmissions(db, filters).select([...EXPORT_SELECT]);
  for (const column of SORTS[sort]) query = query.orderBy(column, order);
  const file = sqliteFileOf(db);
  if (!file && !isPostgres(db)) {
    // In-memory SQLite: its rows are in memory already, and a stream would hold the one connection
    // that a row read again cell by cell (exportCells) waits for.
    const rows = await query.execute();
    for (let at = 0; at < rows.length; at += batch) yield rows.slice(at, at + batch).map((row) => Object.values(row));
    return;
  }
  if (!file) {
    let rows: ExportRow[] = [];
    for await (const row of query.stream(batch)) {
      rows.push(Object.values(row));
      if (rows.length >= batch) {
        yield rows;
        rows = [];
      }
    }
    if (rows.length) yield rows;
    return;
  }
  const { sql: text, parameters } = query.compile();
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const iterator = reader.prepare(text).raw(true).iterate(...parameters) as IterableIterator<ExportRow>;
    let rows: ExportRow[] = [];
    for (const row of iterator) {
      rows.push(row);
      if (rows.length >= batch) {
        yield rows;
        rows = [];
      }
    }
    if (rows.length) yield rows;
  } finally {
    reader.close();
  }
}

/** One export row's text cells, each on its own (for a row whose text holds quotes or line breaks); undefined once erased. */
export async function exportCells(db: Db, id: string): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('submissions')
    .select(EXPORT_TEXT_CELLS.map((cell, index) => cell.as(`c${index}`)))
    .where('id', '=', id)
    .executeTakeFirst();
  return row && Object.values(row).map(String);
}

export function submissionOfUpload(db: Db, uploadId: string): Promise<Submission | undefined> {
  return db.selectFrom('submissions').selectAll().where('uploadId', '=', uploadId).orderBy('createdAt').limit(1).executeTakeFirst();
}

/** Everything the account holds under this email, newest first. */
export function submissionsByEmail(db: Db, accountId: string, email: string): Promise<SubmissionListRow[]> {
  return filteredSubmissions(db, { accountId }).where('submissions.email', '=', email).orderBy('submissions.createdAt', 'desc').execute();
}

export async function deleteSubmissions(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('submissions').where('id', 'in', ids).execute();
}

/** The consent records kept for these submissions (what the fan agreed to, when). */
export async function countConsentRecords(db: Db, submissionIds: string[]): Promise<number> {
  if (!submissionIds.length) return 0;
  const row = await db.selectFrom('consentRecords').select((eb) => eb.fn.countAll<number>().as('total')).where('submissionId', 'in', submissionIds).executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function deleteConsentRecords(db: Db, submissionIds: string[]): Promise<void> {
  if (submissionIds.length) await db.deleteFrom('consentRecords').where('submissionId', 'in', submissionIds).execute();
}

export async function logFanDataExport(db: Db, entry: { accountId: string; userId: string; filters: unknown }, now: string): Promise<void> {
  await db.insertInto('fanDataExports').values({ id: newId(), accountId: entry.accountId, userId: entry.userId, filters: JSON.stringify(entry.filters), createdAt: now }).execute();
}

/** That an erasure happened and when; never whose data it was. */
export async function logFanErasure(db: Db, entry: { accountId: string; userId: string }, now: string): Promise<void> {
  await db.insertInto('fanErasures').values({ id: newId(), accountId: entry.accountId, userId: entry.userId, createdAt: now }).execute();
}

/** The account's erasure log, newest first: when, and which staff member erased (never whose data). */
export async function listFanErasures(db: Db, accountId: string, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('fanErasures')
      .leftJoin('users', 'users.id', 'fanErasures.userId')
      .select(['fanErasures.id', 'fanErasures.createdAt', 'users.firstName', 'users.lastName', 'users.email'])
      .where('fanErasures.accountId', '=', accountId)
      .orderBy('fanErasures.createdAt', 'desc')
      .orderBy('fanErasures.id', 'desc')
      .limit(limit)
      .execute(),
    db.selectFrom('fanErasures').select((eb) => eb.fn.countAll<number>().as('n')).where('accountId', '=', accountId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
