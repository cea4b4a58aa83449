import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '..';
import type { Database, Upload } from '../types';
import type { UploadListQuery, UploadSort } from '#shared/domain/schemas/uploads';
import { REQUIRES_APPROVAL_COUNT_CAP } from '#shared/domain/constants';
import { keyedPageQueries, runPage, type PageRequest, type PageResult, type SortAllowList } from './paginate';
import type { UploadChanges } from './uploadRows';

/** Queries on uploads: the review lists, one upload, the rows a bulk call names, changes. */

/** The upload's columns a card shows (services/uploadCards.ts): the list reads no others. */
const CARD_COLUMNS = [
  'uploads.id',
  'uploads.accountId',
  'uploads.pageId',
  'uploads.type',
  'uploads.status',
  'uploads.encodingStatus',
  'uploads.encodingError',
  'uploads.original',
  'uploads.mp4',
  'uploads.mp4Proxy',
  'uploads.webm',
  'uploads.thumbnail',
  'uploads.image',
  'uploads.customThumbnail',
  'uploads.posterCandidates',
  'uploads.duration',
  'uploads.createdAt',
  'uploads.approvedAt',
  'uploads.approvedAutomatically',
  'uploads.isHidden',
  'uploads.isAllowed',
  'uploads.moderationStatus',
  'uploads.moderationLabels',
  'uploads.viewCount',
  'uploads.likeCount',
  'uploads.shareToken',
  'uploads.tags',
  'uploads.rightsStatus',
] as const;

/** Each sort is the leading columns of an index ending in id (migration 20261123060000). */
const SORTS: SortAllowList<UploadSort> = {
  createdAt: [sql`uploads.created_at`, sql`uploads.id`],
  viewCount: [sql`uploads.view_count`, sql`uploads.id`],
  likeCount: [sql`uploads.like_count`, sql`uploads.id`],
};

/** The filters of both lists (the date range already made effective by the service). */
export type UploadFilters = Omit<UploadListQuery, 'page' | 'limit' | 'sort' | 'order'>;

/**
 * Uploads as cards: the page's and account's names joined by key, the fan's handles from the
 * submission, and the earliest upload of the account this one shows the same footage as.
 */
function selectUploads(db: Db) {
  return db
    .selectFrom('uploads')
    .leftJoin('pages', 'pages.id', 'uploads.pageId')
    .leftJoin('accounts', 'accounts.id', 'uploads.accountId')
    .select(CARD_COLUMNS)
    .select(['pages.name as pageName', 'pages.requireApproval as pageRequiresApproval', 'pages.likingStatus', 'accounts.name as accountName'])
    .select((eb) => [
      eb.selectFrom('submissions').select('submissions.email').whereRef('submissions.uploadId', '=', 'uploads.id').limit(1).as('fanEmail'),
      eb.selectFrom('submissions').select('submissions.instagram').whereRef('submissions.uploadId', '=', 'uploads.id').limit(1).as('fanInstagram'),
      eb.selectFrom('submissions').select('submissions.tiktok').whereRef('submissions.uploadId', '=', 'uploads.id').limit(1).as('fanTiktok'),
      firstOriginal(eb).select('original.id').as('duplicateOfId'),
      firstOriginal(eb).select('original.createdAt').as('duplicateOfCreatedAt'),
    ]);
}

/** The earliest upload a row is a possible duplicate of (found by the pairs' primary key), a column to choose. */
function firstOriginal(eb: ExpressionBuilder<Database, 'uploads'>) {
  return eb
    .selectFrom('uploadDuplicates')
    .innerJoin('uploads as original', 'original.id', 'uploadDuplicates.duplicateOf')
    .whereRef('uploadDuplicates.uploadId', '=', 'uploads.id')
    .orderBy('original.createdAt')
    .orderBy('original.id')
    .limit(1);
}

/**
 * The status filters as SQL with their constants written in (from the allow-list of statuses,
 * never from the request): each matches the WHERE of a partial index (migration
 * 20261125020000), which a planner only uses when the query states the same constants.
 */
const STATUS_CONDITIONS = {
  pending: sql<SqlBool>`uploads.encoding_status = 'pending'`,
  failed: sql<SqlBool>`uploads.encoding_status = 'failed'`,
  hidden: sql<SqlBool>`uploads.is_hidden = 1`,
  'content-flagged': sql<SqlBool>`uploads.is_allowed = 0 and uploads.moderation_status = 'processed'`,
  /** Waiting for approval wherever the page requires it (the page is checked beside). */
  unapproved: sql<SqlBool>`uploads.encoding_status = 'processed' and uploads.approved_at is null`,
};

/**
 * Processed, not approved, on a page that requires approval: an ordered walk of a partial index
 * holding only processed uploads without approval, the page checked from the index.
 */
function requiresApproval(db: Db, accountId: string | undefined): Expression<SqlBool> {
  let pages = db.selectFrom('pages').select('pages.id').where('pages.requireApproval', '=', 1);
  if (accountId) pages = pages.where('pages.accountId', '=', accountId);
  return sql<SqlBool>`(${STATUS_CONDITIONS.unapproved} and uploads.page_id in (${pages}))`;
}

/** The uploads the filters match, no columns chosen (the page's keys and the count read this). */
export function matchingUploads(db: Db, filters: UploadFilters) {
  let query = db.selectFrom('uploads');
  const { accountId } = filters;
  if (accountId) query = query.where('uploads.accountId', '=', accountId);
  if (filters.pageId) query = query.where('uploads.pageId', '=', filters.pageId);
  if (filters.type) query = query.where('uploads.type', '=', filters.type);
  switch (filters.status) {
    case 'processed':
      query = query.where('uploads.encodingStatus', '=', filters.status);
      break;
    case 'pending':
    case 'failed':
    case 'hidden':
    case 'content-flagged':
      query = query.where(STATUS_CONDITIONS[filters.status]);
      break;
    case 'requires-approval':
      query = query.where(requiresApproval(db, accountId));
      break;
  }
  if (filters.status === 'possible-duplicate') {
    let duplicates = db.selectFrom('uploadDuplicates').select('uploadDuplicates.uploadId');
    if (accountId) duplicates = duplicates.where('uploadDuplicates.accountId', '=', accountId);
    query = query.where('uploads.id', 'in', duplicates);
  }
  if (filters.status === 'has-angles') {
    let angled = db.selectFrom('uploadAngles').select('uploadAngles.uploadId');
    if (accountId) angled = angled.where('uploadAngles.accountId', '=', accountId);
    query = query.where('uploads.id', 'in', angled);
  }
  if (filters.moment) {
    const { moment } = filters;
    const angles = db.selectFrom('uploadAngles').select('uploadAngles.angleId').where('uploadAngles.uploadId', '=', moment);
    query = query.where((eb) => eb.or([eb('uploads.id', '=', moment), eb('uploads.id', 'in', angles)]));
  }
  if (filters.startDate) query = query.where('uploads.createdAt', '>=', filters.startDate);
  if (filters.endDate) query = query.where('uploads.createdAt', '<', filters.endDate);
  if (filters.tag && accountId) {
    const tagged = db
      .selectFrom('uploadTags')
      .select('uploadTags.uploadId')
      .where('uploadTags.accountId', '=', accountId)
      .where('uploadTags.tag', '=', filters.tag);
    query = query.where('uploads.id', 'in', tagged);
  }
  // The fan's answers, as copied onto the upload from its submission (insertSubmission).
  if (filters.venue) query = query.where('uploads.venueCity', '=', filters.venue);
  if (filters.song) query = query.where('uploads.song', '=', filters.song);
  if (filters.artist) query = query.where('uploads.artist', '=', filters.artist);
  if (filters.rights) query = query.where('uploads.rightsStatus', '=', filters.rights);
  return query;
}

/**
 * The uploads list counts at most this many rows past the page (an exact count
 * over a million uploads took seconds); the pager shows the pages up to there and "more".
 */
const UPLOAD_COUNT_CAP = 2000;

/** The page's uploads found by their ids, then built with the card's names (see keyedPageQueries). */
export function uploadListQueries(db: Db, filters: UploadFilters, request: PageRequest<UploadSort>) {
  return keyedPageQueries(matchingUploads(db, filters), sql<string>`uploads.id`, (ids) => selectUploads(db).where('uploads.id', 'in', ids), request, SORTS, {
    countCap: { rows: UPLOAD_COUNT_CAP, db },
    counted: taggedOnly(db, filters),
  });
}

/**
 * With the tag as the account's only filter, its own index counts the uploads: a tag row is one
 * upload of the account (one row per upload and tag, gone with the upload). The list's filters
 * would probe the uploads of each tag row for the account (5 ms at a million uploads; this, 0.2).
 */
function taggedOnly(db: Db, filters: UploadFilters) {
  const { accountId, tag, ...others } = filters;
  if (!accountId || !tag || Object.values(others).some((value) => value !== undefined && value !== '')) return undefined;
  return db.selectFrom('uploadTags').where('uploadTags.accountId', '=', accountId).where('uploadTags.tag', '=', tag);
}

/** Both review lists' page and total. */
export function listUploads(db: Db, filters: UploadFilters, request: PageRequest<UploadSort>): Promise<PageResult<UploadListRow>> {
  return runPage(uploadListQueries(db, filters, request), request);
}

/** Uploads waiting for approval in the account (or one of its pages), counted up to REQUIRES_APPROVAL_COUNT_CAP; built, not run (the list bench runs it too). */
export function waitingForApproval(db: Db, accountId: string, pageId?: string) {
  let waiting = db
    .selectFrom('uploads')
    .select(sql<number>`1`.as('one'))
    .where(requiresApproval(db, accountId));
  if (pageId) waiting = waiting.where('uploads.pageId', '=', pageId);
  return db.selectFrom(waiting.limit(REQUIRES_APPROVAL_COUNT_CAP).as('waiting')).select(sql<number>`count(*)`.as('n'));
}
export async function countRequiringApproval(db: Db, accountId: string, pageId?: string): Promise<number> {
  const row = await waitingForApproval(db, accountId, pageId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findUploadRow(db: Db, id: string) {
  return selectUploads(db).where('uploads.id', '=', id).executeTakeFirst();
}

/** What a list row carries: the upload's card columns, the names the card shows, the fan's handles. */
export type UploadListRow = NonNullable<Awaited<ReturnType<typeof findUploadRow>>>;

/** The rows of these ids that belong to the account (a bulk call checks it has them all). */
export function uploadsOfAccount(db: Db, accountId: string, ids: string[]): Promise<Upload[]> {
  return db.selectFrom('uploads').selectAll().where('accountId', '=', accountId).where('id', 'in', ids).execute();
}

export async function uploadsByIds(db: Db, ids: string[]): Promise<Upload[]> {
  // `in ()` is an error on PostgreSQL.
  if (!ids.length) return [];
  return db.selectFrom('uploads').selectAll().where('id', 'in', ids).execute();
}

/** Changes the same columns of several uploads; stamps updatedAt with `now`. */
export async function updateUploads(db: Db, ids: string[], changes: UploadChanges, now: string): Promise<void> {
  // `in ()` is an error on PostgreSQL.
  if (!ids.length) return;
  await db
    .updateTable('uploads')
    .set({ ...changes, updatedAt: now })
    .where('id', 'in', ids)
    .execute();
}

/** The upload's tags: the list on the row for display and one row each for the tag filter. */
export async function replaceTags(db: Db, upload: Pick<Upload, 'id' | 'accountId'>, tags: string[], now: string): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ tags: JSON.stringify(tags), updatedAt: now })
    .where('id', '=', upload.id)
    .execute();
  await db.deleteFrom('uploadTags').where('uploadId', '=', upload.id).execute();
  if (tags.length)
    await db
      .insertInto('uploadTags')
      .values(tags.map((tag) => ({ uploadId: upload.id, accountId: upload.accountId, tag })))
      .execute();
}

/**
 * Rows only (history, tags, views and likes go by cascade; the fan's submission stays, without
 * its upload); the caller removes the files once the transaction has committed.
 */
export async function deleteUploads(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('uploads').where('id', 'in', ids).execute();
}
