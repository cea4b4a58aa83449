import type { Db } from '..';

/**
 * The demo seed's backdating: rows the product writes with the time of the write, moved back to
 * when the demo says they happened, so its lists and stats look lived-in. The product never
 * rewrites a creation time, so these are not among its own writes.
 */

export async function backdateAccount(db: Db, id: string, createdAt: string, updatedAt: string): Promise<void> {
  await db.updateTable('accounts').set({ createdAt, updatedAt }).where('id', '=', id).execute();
}

export async function backdateUser(db: Db, id: string, joined: string, lastLogin: string | null): Promise<void> {
  await db.updateTable('users').set({ createdAt: joined, updatedAt: joined, lastLogin }).where('id', '=', id).execute();
}

/** A fan's upload with its submission, consent record and the tus upload it came from. */
export async function backdateFanUpload(db: Db, rows: { uploadId: string; submissionId: string; captureId: string }, at: string): Promise<void> {
  await db.updateTable('uploads').set({ createdAt: at, updatedAt: at }).where('id', '=', rows.uploadId).execute();
  await db.updateTable('submissions').set({ createdAt: at }).where('id', '=', rows.submissionId).execute();
  await db.updateTable('consentRecords').set({ createdAt: at }).where('submissionId', '=', rows.submissionId).execute();
  await db.updateTable('captureUploads').set({ createdAt: at }).where('id', '=', rows.captureId).execute();
}

/** Staff review of an upload (its history entries, and its approval when it was approved). */
export async function backdateReview(db: Db, uploadId: string, at: string, approved: boolean): Promise<void> {
  await db.updateTable('uploadEvents').set({ createdAt: at }).where('uploadId', '=', uploadId).execute();
  await db
    .updateTable('uploads')
    .set(approved ? { approvedAt: at, updatedAt: at } : { updatedAt: at })
    .where('id', '=', uploadId)
    .execute();
}
