import type { Db } from '..';
import { uploadsWithPageAndAccount } from './uploadRows';

/** The 'video processed' digests: a notice per user and processed upload, and each user's digest schedule. */

/** The account's enabled users who opted in to 'video processed' mails. */
export function digestSubscribers(db: Db, accountId: string) {
  return db
    .selectFrom('accountUsers')
    .innerJoin('users', 'users.id', 'accountUsers.userId')
    .select('users.id')
    .where('accountUsers.accountId', '=', accountId)
    .where('users.videoProcessedEmails', '=', 1)
    .where('users.status', '=', 'enabled')
    .execute();
}

/** A notice of the upload for each user, once per user and upload. */
export async function insertUploadNotices(db: Db, userIds: string[], uploadId: string, now: string): Promise<void> {
  await db
    .insertInto('uploadNotices')
    .values(userIds.map((userId) => ({ userId, uploadId, createdAt: now, mailedAt: null })))
    .onConflict((oc) => oc.columns(['userId', 'uploadId']).doNothing())
    .execute();
}

/** The user's notices not mailed yet, oldest first, with the upload's page and account names. */
export function unmailedNotices(db: Db, userId: string) {
  return uploadsWithPageAndAccount(db)
    .innerJoin('uploadNotices', 'uploadNotices.uploadId', 'uploads.id')
    .select(['uploadNotices.uploadId', 'pages.name as page', 'accounts.name as account'])
    .where('uploadNotices.userId', '=', userId)
    .where('uploadNotices.mailedAt', 'is', null)
    .orderBy('uploadNotices.createdAt')
    .execute();
}

/** Whether a notice of the user waits for a mail (checked without the join). */
export async function hasUnmailedNotice(db: Db, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('uploadNotices').select('uploadId').where('userId', '=', userId).where('mailedAt', 'is', null).executeTakeFirst());
}

export async function markNoticesMailed(db: Db, userId: string, uploadIds: string[], now: string): Promise<void> {
  await db.updateTable('uploadNotices').set({ mailedAt: now }).where('userId', '=', userId).where('uploadId', 'in', uploadIds).execute();
}

/** The user's digest row, made (never sent, not scheduled) the first time. */
export async function openMailDigest(db: Db, userId: string) {
  await db
    .insertInto('mailDigests')
    .values({ userId, lastSentAt: null, scheduledFor: null })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
  return db.selectFrom('mailDigests').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
}

export function findMailDigest(db: Db, userId: string) {
  return db.selectFrom('mailDigests').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Schedules the digest for `runAt` unless one is scheduled already: false then. */
export async function claimDigestSchedule(db: Db, userId: string, runAt: string): Promise<boolean> {
  const claimed = await db
    .updateTable('mailDigests')
    .set({ scheduledFor: runAt })
    .where('userId', '=', userId)
    .where('scheduledFor', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** No digest scheduled any more; with `sentAt`, one went then. */
export async function clearDigestSchedule(db: Db, userId: string, sentAt?: string): Promise<void> {
  await db
    .updateTable('mailDigests')
    .set({ scheduledFor: null, ...(sentAt ? { lastSentAt: sentAt } : {}) })
    .where('userId', '=', userId)
    .execute();
}

/** What the digest needs of its user: address, name, language, and whether they still want it. */
export function digestRecipient(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['email', 'firstName', 'lastName', 'videoProcessedEmails', 'status', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
