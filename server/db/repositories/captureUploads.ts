import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '..';
import type { CaptureUploadsTable } from '../types';
import { uploadExists } from './uploadRows';
import { suspectedSpamExists } from './suspectedSpam';
import { countRows } from './paginate';

/** Fans' tus uploads before and while they are submitted: the quotas, the submission's claim, the sweeps. */

export type CaptureUpload = Selectable<CaptureUploadsTable>;

export function findCaptureUpload(db: Db, id: string): Promise<CaptureUpload | undefined> {
  return db.selectFrom('captureUploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCaptureUpload(db: Db, row: Insertable<CaptureUploadsTable>): Promise<void> {
  await db.insertInto('captureUploads').values(row).execute();
}

/** Changes columns of one fan upload (the table has no updatedAt). Undefined fields are left as they are. */
export async function updateCaptureUpload(db: Db, id: string, changes: Omit<Updateable<CaptureUploadsTable>, 'id' | 'createdAt'>): Promise<void> {
  await db.updateTable('captureUploads').set(changes).where('id', '=', id).execute();
}

export async function deleteCaptureUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('captureUploads').where('id', '=', id).execute();
}

/** Deletes the upload unless a submission has claimed it. */
export async function deleteUnclaimedCaptureUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('captureUploads').where('id', '=', id).where('uploadId', 'is', null).execute();
}

/** Uploads not submitted yet and not expired at `now`. */
function unsubmitted(db: Db, now: string) {
  return db.selectFrom('captureUploads').where('uploadId', 'is', null).where('expiresAt', '>', now);
}

/** How many unsubmitted uploads a browser holds (by its token), or clients without a token behind this address. */
export function countUnsubmittedOf(db: Db, now: string, who: { clientKey?: string; addressKey: string }): Promise<number> {
  const held = unsubmitted(db, now);
  // A browser counts its own; clients without a token count together per address (not the tokens' uploads behind it).
  return countRows(who.clientKey ? held.where('clientKey', '=', who.clientKey) : held.where('addressKey', '=', who.addressKey).where('clientKey', 'is', null));
}

/** The declared bytes of every unsubmitted upload: in total, on this page, and from this address. */
export async function unsubmittedBytes(db: Db, now: string, pageId: string, addressKey: string): Promise<{ total: number; page: number; address: number }> {
  const bytes = await unsubmitted(db, now)
    .select((eb) => {
      const sumWhere = (column: 'pageId' | 'addressKey', value: string) =>
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when(column, '=', value).then(eb.ref('size')).else(0).end()), eb.lit(0));
      return [
        eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('total'),
        sumWhere('pageId', pageId).as('page'),
        sumWhere('addressKey', addressKey).as('address'),
      ];
    })
    .executeTakeFirstOrThrow();
  return { total: Number(bytes.total), page: Number(bytes.page), address: Number(bytes.address) };
}

/** Rows past their time, at most `limit` (the sweep's batch). */
export function expiredCaptureUploads(db: Db, now: string, limit: number) {
  return db.selectFrom('captureUploads').select(['id', 'uploadId']).where('expiresAt', '<', now).limit(limit).execute();
}

/** Submitted already: the upload row, or a held suspected-spam submission, exists. */
export async function isUploadWritten(db: Db, uploadId: string): Promise<boolean> {
  const [upload, held] = await Promise.all([uploadExists(db, uploadId), suspectedSpamExists(db, uploadId)]);
  return upload || held;
}

/** The upload ids among `ids` that a row still names: an upload, a claimed fan upload or a held suspected-spam submission. */
export async function namedUploadIds(db: Db, ids: string[]): Promise<Set<string>> {
  const [uploads, claimed, held] = await Promise.all([
    db.selectFrom('uploads').select('id').where('id', 'in', ids).execute(),
    db.selectFrom('captureUploads').select('uploadId as id').where('uploadId', 'in', ids).execute(),
    db.selectFrom('suspectedSpam').select('id').where('id', 'in', ids).execute(),
  ]);
  return new Set([...uploads, ...claimed, ...held].map((row) => row.id).filter((id): id is string => Boolean(id)));
}

/**
 * Claims the upload, compare and set: only while no live lease holds it (none, or one started
 * before `staleBefore`) and its upload id is still the one read. False when another holds it.
 */
export async function claimCaptureUpload(
  db: Db,
  claim: { id: string; readUploadId: string | null; uploadId: string; original: string; claimedAt: string; staleBefore: string },
): Promise<boolean> {
  let query = db
    .updateTable('captureUploads')
    .set({ uploadId: claim.uploadId, original: claim.original, claimedAt: claim.claimedAt })
    .where('id', '=', claim.id)
    .where((eb) => eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', claim.staleBefore)]));
  query = claim.readUploadId ? query.where('uploadId', '=', claim.readUploadId) : query.where('uploadId', 'is', null);
  const claimed = await query.executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The claim whose lease started at `claimedAt`: a claim taken over since is not touched. */
function claimAsWritten(db: Db, id: string, claimedAt: string) {
  return db.updateTable('captureUploads').where('id', '=', id).where('claimedAt', '=', claimedAt);
}

/** Renews the claim's lease to `next`: false when another submission took it over. */
export async function renewCaptureClaim(db: Db, id: string, claimedAt: string, next: string): Promise<boolean> {
  const result = await claimAsWritten(db, id, claimedAt).set({ claimedAt: next }).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the claim up (its upload id and key stay), so a retry may take it over at once. */
export async function releaseCaptureClaim(db: Db, id: string, claimedAt: string): Promise<void> {
  await claimAsWritten(db, id, claimedAt).set({ claimedAt: null }).execute();
}

/**
 * Claimed uploads past their time whose claim is not live and whose upload was never written (no
 * uploads row, no held suspected-spam submission), at most `limit`.
 */
export function abandonedCaptureClaims(db: Db, now: string, staleBefore: string, limit: number) {
  return db
    .selectFrom('captureUploads')
    .select(['id', 'uploadId', 'original'])
    .where('expiresAt', '<', now)
    .where('uploadId', 'is not', null)
    .where((eb) => eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', staleBefore)]))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('uploads').select('uploads.id').whereRef('uploads.id', '=', 'captureUploads.uploadId'))))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('suspectedSpam').select('suspectedSpam.id').whereRef('suspectedSpam.id', '=', 'captureUploads.uploadId'))),
    )
    .limit(limit)
    .execute();
}
