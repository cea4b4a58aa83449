import type { Db } from '../index';
import { nowIso } from '../rows';

/** Saving moves a temporary upload into place once: false when it was saved already (or never handed out). */
export async function claimPromotion(db: Db, key: string, userId: string, bytes: number): Promise<boolean> {
  const result = await db
    .updateTable('temporaryUploads')
    .set({ promotedAt: nowIso(), bytes })
    .where('key', '=', key)
    .where('userId', '=', userId)
    .where('promotedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A single-use form handed out, counted at `bytes` (its limit) until its real size is known. */
export async function insertTemporaryUpload(db: Db, row: { key: string; userId: string; bytes: number; createdAt: string }): Promise<void> {
  await db.insertInto('temporaryUploads').values(row).execute();
}

/** The bytes of the forms the user took since `since`. */
export async function temporaryBytesSince(db: Db, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('temporaryUploads')
    .select((eb) => eb.fn.sum<number | string>('bytes').as('total'))
    .where('userId', '=', userId)
    .where('createdAt', '>', since)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Marks the form used, once: false when it was used already (or never handed out). */
export async function markUploadFormUsed(db: Db, key: string, now: string): Promise<boolean> {
  const result = await db.updateTable('temporaryUploads').set({ uploadedAt: now }).where('key', '=', key).where('uploadedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The real size of a posted upload replaces the form's limit in the quota. */
export async function setTemporaryUploadBytes(db: Db, key: string, bytes: number): Promise<void> {
  await db.updateTable('temporaryUploads').set({ bytes }).where('key', '=', key).execute();
}

/** Forgets the forms handed out before `before`: answers how many. */
export async function deleteTemporaryUploadsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('temporaryUploads').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
