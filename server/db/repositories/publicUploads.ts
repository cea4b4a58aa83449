import { sql, type SqlBool, type Expression, type ExpressionBuilder } from 'kysely';
import type { Db } from '..';
import type { Database, Upload } from '../types';
import { uploadsWithPage, uploadsWithPageAndAccount } from './uploadRows';

/** Queries of the public side: the wall, the share page, likes and views. */

/**
 * Shown in public: processed, approved where the page requires approval, not hidden, checked
 * and allowed by moderation, and granted by its fan where the account uses only clips with rights
 * granted. One rule for every public place (wall, embed, share page, likes, views, reels).
 */
export function isPublic(eb: ExpressionBuilder<Database, 'uploads' | 'pages'>): Expression<SqlBool> {
  const requiringRights = eb.selectFrom('accounts as rightsAccount').select('rightsAccount.id').where('rightsAccount.rightsRequired', '=', 1);
  return eb.and([
    eb.or([eb('uploads.rightsStatus', '=', 'granted'), eb('uploads.accountId', 'not in', requiringRights)]),
    eb('uploads.encodingStatus', '=', 'processed'),
    eb('uploads.isHidden', '=', 0),
    eb('uploads.isAllowed', '=', 1),
    eb('uploads.moderationStatus', '=', 'processed'),
    eb.or([eb('pages.requireApproval', '=', 0), eb('uploads.approvedAt', 'is not', null)]),
  ]);
}

function publicUploads(db: Db) {
  return uploadsWithPageAndAccount(db)
    .selectAll('uploads')
    .select(['pages.likingStatus', 'pages.status as pageStatus', 'accounts.status as accountStatus'])
    .where(isPublic);
}

/** One page of the wall, newest first, after the cursor: an index range of uploads_page_created_idx (page_id, created_at, id), read in order. */
export function wallUploads(db: Db, pageId: string, after: { createdAt: string; id: string } | undefined, limit: number): Promise<Upload[]> {
  let query = uploadsWithPage(db).selectAll('uploads').where('uploads.pageId', '=', pageId).where(isPublic);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('uploads.createdAt', '<', after.createdAt), eb.and([eb('uploads.createdAt', '=', after.createdAt), eb('uploads.id', '<', after.id)])]),
    );
  }
  return query.orderBy('uploads.createdAt', 'desc').orderBy('uploads.id', 'desc').limit(limit).execute();
}

/**
 * The version of a page's shown uploads (what changes whenever they do: how many there are, their
 * latest change and approval), read by the venue screen's stream every second or two per page:
 * one aggregate over the page's index range, so a change made by any process shows. A hide, a
 * deletion or an erasure lowers the count; an approval or an edit moves a maximum.
 */
export async function shownUploadsVersion(db: Db, pageId: string) {
  const row = await uploadsWithPage(db)
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('uploads.updatedAt').as('updatedAt'), eb.fn.max('uploads.approvedAt').as('approvedAt')])
    .where('uploads.pageId', '=', pageId)
    .where(isPublic)
    .executeTakeFirstOrThrow();
  const text = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value));
  return { count: Number(row.count), updatedAt: text(row.updatedAt), approvedAt: text(row.approvedAt) };
}

export function publicUploadById(db: Db, id: string) {
  return publicUploads(db).where('uploads.id', '=', id).executeTakeFirst();
}

export function publicUploadByShareToken(db: Db, shareToken: string) {
  return publicUploads(db).where('uploads.shareToken', '=', shareToken).executeTakeFirst();
}

export type PublicUploadRow = NonNullable<Awaited<ReturnType<typeof publicUploadById>>>;

const inserted = (result: { numInsertedOrUpdatedRows?: bigint }) => Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;

async function countOf(db: Db, uploadId: string, column: 'likeCount' | 'viewCount'): Promise<number> {
  const row = await db.selectFrom('uploads').select(column).where('id', '=', uploadId).executeTakeFirstOrThrow();
  return Number(row[column]);
}

/** Whether this visitor (or staff user, see services/uploadLikes.ts) likes the upload. */
export async function hasLike(db: Db, uploadId: string, visitorId: string): Promise<boolean> {
  const row = await db.selectFrom('likes').select('uploadId').where('uploadId', '=', uploadId).where('visitorId', '=', visitorId).executeTakeFirst();
  return !!row;
}

/**
 * A like (one per visitor): the likes row and the upload's like_count change in one
 * transaction, so the console's list reads the count from the row, never by counting likes.
 */
export function addLike(db: Db, uploadId: string, visitorId: string, now: string): Promise<{ liked: boolean; likeCount: number }> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('likes')
      .values({ uploadId, visitorId, createdAt: now })
      .onConflict((oc) => oc.columns(['uploadId', 'visitorId']).doNothing())
      .executeTakeFirst();
    if (inserted(result)) {
      await trx
        .updateTable('uploads')
        .set({ likeCount: sql`like_count + 1` })
        .where('id', '=', uploadId)
        .execute();
    }
    return { liked: true, likeCount: await countOf(trx, uploadId, 'likeCount') };
  });
}

export function removeLike(db: Db, uploadId: string, visitorId: string): Promise<{ liked: boolean; likeCount: number }> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('likes').where('uploadId', '=', uploadId).where('visitorId', '=', visitorId).executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) {
      await trx
        .updateTable('uploads')
        .set({ likeCount: sql`case when like_count > 0 then like_count - 1 else 0 end` })
        .where('id', '=', uploadId)
        .execute();
    }
    return { liked: false, likeCount: await countOf(trx, uploadId, 'likeCount') };
  });
}

/**
 * A view, once per visitor and day: the row's id is derived from (upload, visitor, day), so a
 * second play that day is a primary-key conflict and changes nothing (also across processes).
 */
export function addView(
  db: Db,
  view: { id: string; accountId: string; uploadId: string; visitorId: string },
  now: string,
  /** Runs in the transaction when the view counts (the stats roll-ups). */
  onCounted: (trx: Db) => Promise<void> = async () => {},
): Promise<{ counted: boolean; viewCount: number }> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('views')
      .values({ ...view, createdAt: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    const counted = inserted(result);
    if (counted) {
      await trx
        .updateTable('uploads')
        .set({ viewCount: sql`view_count + 1` })
        .where('id', '=', view.uploadId)
        .execute();
      await onCounted(trx);
    }
    return { counted, viewCount: await countOf(trx, view.uploadId, 'viewCount') };
  });
}
