import { Readable } from 'node:stream';
import { sql, type Insertable } from 'kysely';
import { isPostgres, openSqlite, sqliteFileOf, type Db } from '..';
import type { Submission, SubmissionsTable } from '../types';
import { newId } from '../rows';
import type { FanDataSort } from '#shared/domain/schemas/fanData';
import { countRows, keyedPageQueries, runPage, type PageRequest, type PageResult, type SortAllowList } from './paginate';

/** Queries on fan submissions (fan data): the table, the export's cursor, one fan by email, the logs. */

/** The submission's columns a Fan Data row shows (services/fanData.ts fanDataRow): not the consents it carries. */
const ROW_COLUMNS = [
  'submissions.id',
  'submissions.pageId',
  'submissions.uploadId',
  'submissions.firstName',
  'submissions.lastName',
  'submissions.email',
  'submissions.dob',
  'submissions.country',
  'submissions.city',
  'submissions.state',
  'submissions.zip',
  'submissions.phone',
  'submissions.instagram',
  'submissions.tiktok',
  'submissions.venueCity',
  'submissions.song',
  'submissions.artist',
  'submissions.marketingConsent',
  'submissions.createdAt',
] as const;

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
  return query
    .leftJoin('uploads', 'uploads.id', 'submissions.uploadId')
    .select(ROW_COLUMNS)
    .select(['uploads.viewCount as views', 'uploads.likeCount as likes', 'uploads.rightsStatus as rights']);
}

export function filteredSubmissions(db: Db, filters: SubmissionFilters) {
  return withCounters(matchingSubmissions(db, filters));
}

/**
 * The Fan Data table counts at most this many rows past the page, as the uploads list does (an
 * exact count of a million submissions reads every index entry on every call).
 */
const SUBMISSION_COUNT_CAP = 2000;

/**
 * The page's ids from the filters and sort alone (an index walk), then those rows with the join;
 * the count is a capped index-only count of the submissions alone.
 */
export function submissionListQueries(db: Db, filters: SubmissionFilters, request: PageRequest<FanDataSort>) {
  return keyedPageQueries(
    matchingSubmissions(db, filters),
    sql<string>`submissions.id`,
    (ids) => withCounters(db.selectFrom('submissions').where('submissions.id', 'in', ids)),
    request,
    SORTS,
    { countCap: { rows: SUBMISSION_COUNT_CAP, db } },
  );
}

/** The Fan Data table's page and total. */
export function listSubmissions(db: Db, filters: SubmissionFilters, request: PageRequest<FanDataSort>): Promise<PageResult<SubmissionListRow>> {
  return runPage(submissionListQueries(db, filters, request), request);
}

/**
 * The export's cells, in the CSV's column order: the text cells (spec columns Submitted On to
 * Artist; the name and the city with its state joined as the table shows them, a missing value
 * as ''), then the upload's views and likes, its id, the marketing consent and the consents JSON.
 */
const joinedCells = (first: string, second: string, separator: string) =>
  sql<string>`coalesce(nullif(${sql.ref(first)}, '') || ${separator} || nullif(${sql.ref(second)}, ''), nullif(${sql.ref(first)}, ''), nullif(${sql.ref(second)}, ''), '')`;
const textCell = (column: string) => sql<string>`coalesce(${sql.ref(column)}, '')`;
const EXPORT_SELECT = [
  textCell('submissions.created_at').as('createdAt'),
  joinedCells('submissions.first_name', 'submissions.last_name', ' ').as('name'),
  textCell('submissions.email').as('email'),
  textCell('submissions.dob').as('dob'),
  textCell('submissions.country').as('country'),
  joinedCells('submissions.city', 'submissions.state', ', ').as('cityState'),
  textCell('submissions.zip').as('zip'),
  textCell('submissions.phone').as('phone'),
  textCell('submissions.instagram').as('instagram'),
  textCell('submissions.tiktok').as('tiktok'),
  textCell('submissions.venue_city').as('venueCity'),
  textCell('submissions.song').as('song'),
  textCell('submissions.artist').as('artist'),
  // The upload's counters by subquery only where there is an upload (most fans send none): a join would probe uploads for every row.
  sql<
    number | null
  >`case when submissions.upload_id is null then null else (select uploads.view_count from uploads where uploads.id = submissions.upload_id) end`.as('views'),
  sql<
    number | null
  >`case when submissions.upload_id is null then null else (select uploads.like_count from uploads where uploads.id = submissions.upload_id) end`.as('likes'),
  textCell('submissions.upload_id').as('uploadId'),
  'submissions.marketingConsent',
  'submissions.termsAccepted',
  // The rights to use the upload (none, requested, granted, declined, revoked); '' without an upload.
  sql<string>`case when submissions.upload_id is null then '' else coalesce((select uploads.rights_status from uploads where uploads.id = submissions.upload_id), '') end`.as(
    'rights',
  ),
] as const;

type ExportTextCells = [string, string, string, string, string, string, string, string, string, string, string, string, string];
/** One export row, EXPORT_SELECT's cells in order: the 13 text cells, views, likes, upload id, marketing consent, consents JSON, rights. */
export type ExportRow = [...ExportTextCells, number | null, number | null, string, number, string | null, string];
/** Rows a PostgreSQL cursor reads per round trip. */
const CURSOR_ROWS = 1000;

/**
 * Rows an export batch holds (about 10 KB of CSV): a stream moves one array, not one object, per
 * batch. Bigger batches outlive young collections in the streams' buffers: 200 rows grew the
 * server by 110 MB during a 1M-row export, 50 rows by 48 MB, at the same speed.
 */
const EXPORT_BATCH_ROWS = 50;

/** The rows of a statement on a read-only connection of its own, in batches; the connection closes when they end or the reader stops. */
function* sqliteBatches<T>(file: string, query: { sql: string; parameters: readonly unknown[] }, each: (row: ExportRow) => T): Generator<T[]> {
  const reader = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    let batch: T[] = [];
    for (const row of reader
      .prepare(query.sql)
      .raw(true)
      .iterate(...query.parameters) as IterableIterator<ExportRow>) {
      batch.push(each(row));
      if (batch.length === EXPORT_BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  } finally {
    reader.close();
  }
}

async function* valueBatches<T>(rows: AsyncIterable<object> | Promise<object[]>, each: (row: ExportRow) => T): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const row of await rows) {
    batch.push(each(Object.values(row) as ExportRow));
    if (batch.length === EXPORT_BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Every matching row as an array (EXPORT_SELECT order) passed through `each`, in batches, as a
 * stream that reads rows only as fast as its reader takes them. On SQLite a read-only connection
 * of its own iterates the statement, so a long export never holds the app's connection (WAL lets
 * it read beside the writers) and builds no row objects; PostgreSQL reads through a cursor
 * (Kysely's stream); in-memory SQLite (tests) has its rows in memory already and reads them at once.
 */
export function exportBatches<T>(db: Db, filters: SubmissionFilters, sort: FanDataSort, order: 'asc' | 'desc', each: (row: ExportRow) => T): Readable {
  let query = matchingSubmissions(db, filters).select([...EXPORT_SELECT]);
  for (const column of SORTS[sort]) query = query.orderBy(column, order);
  const file = sqliteFileOf(db);
  // Two batches read ahead at most (a stream of objects holds 16 by default).
  const ahead = { highWaterMark: 2 };
  if (file) return Readable.from(sqliteBatches(file, query.compile(), each), ahead);
  return Readable.from(valueBatches(isPostgres(db) ? query.stream(CURSOR_ROWS) : query.execute(), each), ahead);
}

export function submissionOfUpload(db: Db, uploadId: string): Promise<Submission | undefined> {
  return db.selectFrom('submissions').selectAll().where('uploadId', '=', uploadId).orderBy('createdAt').limit(1).executeTakeFirst();
}

/** Everything the account holds under this email, newest first. */
export function submissionsByEmail(db: Db, accountId: string, email: string) {
  return filteredSubmissions(db, { accountId }).where('submissions.email', '=', email).orderBy('submissions.createdAt', 'desc').execute();
}

/** A Fan Data row: the submission's ROW_COLUMNS with its upload's views, likes and rights. */
export type SubmissionListRow = Awaited<ReturnType<typeof submissionsByEmail>>[number];

export async function deleteSubmissions(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('submissions').where('id', 'in', ids).execute();
}

export async function logFanDataExport(db: Db, entry: { accountId: string; userId: string; filters: unknown }, now: string): Promise<void> {
  await db
    .insertInto('fanDataExports')
    .values({ id: newId(), accountId: entry.accountId, userId: entry.userId, filters: JSON.stringify(entry.filters), createdAt: now })
    .execute();
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
    countRows(db.selectFrom('fanErasures').where('accountId', '=', accountId)),
  ]);
  return { rows, total };
}
