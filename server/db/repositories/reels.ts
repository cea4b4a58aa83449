import type { Db } from '..';
import type { Updateable } from 'kysely';
import type { Reel, ReelsTable } from '../types';
import { isPublic } from './publicUploads';
import { uploadsWithPage, uploadsWithPageAndAccount } from './uploadRows';

/** Queries of highlight reels beyond their declared list and reads (server/services/reels.ts, server/jobs/renderReel.ts). */

/** What a reel's check needs of each upload named, among the account's. */
export function clipCandidates(db: Db, accountId: string, uploadIds: string[]) {
  return uploadsWithPageAndAccount(db)
    .select([
      'uploads.id',
      'uploads.type',
      'uploads.encodingStatus',
      'uploads.mp4',
      'uploads.isHidden',
      'uploads.isAllowed',
      'uploads.moderationStatus',
      'uploads.approvedAt',
      'uploads.rightsStatus',
      'pages.requireApproval',
      'accounts.rightsRequired',
    ])
    .where('uploads.accountId', '=', accountId)
    .where('uploads.id', 'in', uploadIds)
    .execute();
}

/**
 * The account's uploads among these that may be in a reel now (a processed video shown in
 * public: the wall's rule), with their reviewable mp4 and the handles their fan gave.
 */
export function renderableClips(db: Db, accountId: string, uploadIds: string[]) {
  return uploadsWithPage(db)
    .leftJoin('submissions', 'submissions.uploadId', 'uploads.id')
    .select(['uploads.id', 'uploads.mp4', 'submissions.instagram', 'submissions.tiktok'])
    .where('uploads.accountId', '=', accountId)
    .where('uploads.id', 'in', uploadIds)
    .where('uploads.type', '=', 'video')
    .where('uploads.mp4', 'is not', null)
    .where(isPublic)
    .execute();
}

/**
 * A rule's clips: the page's videos that may be in a reel now (the wall's rule), sent in
 * [from, before), with the tag, most liked, most viewed or newest first.
 */
export function bestClips(
  db: Db,
  accountId: string,
  rule: { pageId: string; from?: string; before?: string; tag?: string; by: 'likes' | 'views' | 'newest'; count: number },
): Promise<{ id: string }[]> {
  let query = uploadsWithPage(db)
    .select('uploads.id')
    .where('uploads.accountId', '=', accountId)
    .where('uploads.pageId', '=', rule.pageId)
    .where('uploads.type', '=', 'video')
    .where('uploads.mp4', 'is not', null)
    .where(isPublic);
  if (rule.from) query = query.where('uploads.createdAt', '>=', rule.from);
  if (rule.before) query = query.where('uploads.createdAt', '<', rule.before);
  if (rule.tag) {
    const tag = rule.tag;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('uploadTags').select('uploadTags.uploadId').whereRef('uploadTags.uploadId', '=', 'uploads.id').where('uploadTags.tag', '=', tag)),
    );
  }
  if (rule.by === 'likes') query = query.orderBy('uploads.likeCount', 'desc');
  if (rule.by === 'views') query = query.orderBy('uploads.viewCount', 'desc');
  return query.orderBy('uploads.createdAt', 'desc').orderBy('uploads.id', 'desc').limit(rule.count).execute();
}

export function findReelById(db: Db, id: string): Promise<Reel | undefined> {
  return db.selectFrom('reels').selectAll().where('id', '=', id).executeTakeFirst();
}

type ReelChange = Pick<Updateable<ReelsTable>, 'clips' | 'status' | 'progress' | 'error' | 'duration' | 'verticalKey' | 'squareKey' | 'landscapeKey'>;

/** False when the reel is gone. */
export async function updateReel(db: Db, id: string, change: ReelChange, now: string): Promise<boolean> {
  const result = await db
    .updateTable('reels')
    .set({ ...change, updatedAt: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A finished render recorded, only if the reel is still rendering the clips it started from: a
 * clip dropped meanwhile (hidden, deleted, erased) or a delete wins, and the caller removes what
 * it wrote. False then.
 */
export async function finishReelRender(db: Db, id: string, clips: string, change: ReelChange, now: string): Promise<boolean> {
  const result = await db
    .updateTable('reels')
    .set({ ...change, updatedAt: now })
    .where('id', '=', id)
    .where('clips', '=', clips)
    .where('status', '=', 'rendering')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The render's progress, written only while the reel is rendering (a delete or a newer queueing wins). */
export async function updateReelProgress(db: Db, id: string, progress: number, now: string): Promise<void> {
  await db.updateTable('reels').set({ progress, updatedAt: now }).where('id', '=', id).where('status', '=', 'rendering').execute();
}

/**
 * The account's reels naming any of these uploads among their clips. Clips are JSON texts, the
 * id alone ("id") or with its cut ("id@2-8"); an account has few reels, so their clips are read
 * and the caller keeps those naming one.
 */
export function reelsOfAccount(db: Db, accountId: string): Promise<Pick<Reel, 'id' | 'clips' | 'verticalKey' | 'squareKey' | 'landscapeKey'>[]> {
  return db.selectFrom('reels').select(['id', 'clips', 'verticalKey', 'squareKey', 'landscapeKey']).where('accountId', '=', accountId).execute();
}

export async function deleteReel(db: Db, id: string): Promise<void> {
  await db.deleteFrom('reels').where('id', '=', id).execute();
}

/** What a reel's cards show of its account: its name, logo and colours. */
export function reelBranding(db: Db, accountId: string) {
  return db.selectFrom('accounts').select(['name', 'headerImage', 'primaryColor', 'secondaryColor']).where('id', '=', accountId).executeTakeFirst();
}

/** A shared reel with outputs, of an enabled account, by its share token: what its public page shows. */
export function sharedReelByToken(db: Db, shareToken: string) {
  return db
    .selectFrom('reels')
    .innerJoin('accounts', 'accounts.id', 'reels.accountId')
    .select([
      'reels.id',
      'reels.accountId',
      'reels.name',
      'reels.clips',
      'reels.verticalKey',
      'reels.landscapeKey',
      'accounts.name as accountName',
      'accounts.favicon',
    ])
    .where('reels.shareToken', '=', shareToken)
    .where('reels.landscapeKey', 'is not', null)
    .where('reels.verticalKey', 'is not', null)
    .where('accounts.status', '=', 'enabled')
    .executeTakeFirst();
}

/** The newest reel staff put on the page's wall that has outputs to show (an out-of-date one has none). */
export function wallReel(db: Db, pageId: string) {
  return db
    .selectFrom('reels')
    .select(['id', 'name', 'squareKey', 'duration'])
    .where('pageId', '=', pageId)
    .where('onWall', '=', 1)
    .where('squareKey', 'is not', null)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The one page all these uploads of the account were sent to, if they share one. */
export async function commonPageOf(db: Db, accountId: string, uploadIds: string[]): Promise<string | undefined> {
  const rows = await db.selectFrom('uploads').select('pageId').distinct().where('accountId', '=', accountId).where('id', 'in', uploadIds).limit(2).execute();
  return rows.length === 1 ? rows[0].pageId : undefined;
}

/** The thumbnail of one of the account's public uploads (a shared reel's poster is its first clip's). */
export function publicThumbnail(db: Db, accountId: string, uploadId: string) {
  return uploadsWithPage(db)
    .select(['uploads.thumbnail', 'uploads.customThumbnail'])
    .where('uploads.accountId', '=', accountId)
    .where('uploads.id', '=', uploadId)
    .where(isPublic)
    .executeTakeFirst();
}
