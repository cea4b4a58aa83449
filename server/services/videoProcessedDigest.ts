import { VIDEO_PROCESSED_DIGEST_JOB } from '#shared/domain/constants';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { nowIso } from '../db/rows';

/** How long after the first upload of a quiet spell its digest waits, so a burst goes in one mail. */
export const DIGEST_GATHER_MS = 60_000;

type DigestDeps = Pick<Deps, 'queue' | 'config'>;

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * An upload of the account was processed: each of the account's users who opted in to
 * 'video processed' mails gets a notice, and a digest job is queued for them unless one is
 * already due. The digest goes no sooner than the window after their last one. Idempotent:
 * a notice is noted once per user and upload, a digest queued once until it runs.
 */
export async function noteUploadProcessed(deps: DigestDeps, db: Db, upload: { id: string; accountId: string }): Promise<void> {
  const users = await db
    .selectFrom('accountUsers')
    .innerJoin('users', 'users.id', 'accountUsers.userId')
    .select('users.id')
    .where('accountUsers.accountId', '=', upload.accountId)
    .where('users.videoProcessedEmails', '=', 1)
    .where('users.status', '=', 'enabled')
    .execute();
  if (!users.length) return;
  const now = nowIso();
  await db
    .insertInto('uploadNotices')
    .values(users.map((user) => ({ userId: user.id, uploadId: upload.id, createdAt: now, mailedAt: null })))
    .onConflict((oc) => oc.columns(['userId', 'uploadId']).doNothing())
    .execute();
  for (const user of users) await scheduleDigest(deps, db, user.id, new Date(Date.now() + DIGEST_GATHER_MS));
}

/** Queues the user's digest for `earliest` or the end of their window, unless one is already queued. */
export async function scheduleDigest(deps: DigestDeps, db: Db, userId: string, earliest: Date): Promise<void> {
  await db.insertInto('mailDigests').values({ userId, lastSentAt: null, scheduledFor: null }).onConflict((oc) => oc.column('userId').doNothing()).execute();
  const digest = await db.selectFrom('mailDigests').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
  if (digest.scheduledFor) return;
  const windowEnd = digest.lastSentAt ? new Date(Date.parse(digest.lastSentAt) + deps.config.videoProcessedDigestMs).toISOString() : earliest.toISOString();
  const runAt = later(earliest.toISOString(), windowEnd);
  const claimed = await db.updateTable('mailDigests').set({ scheduledFor: runAt }).where('userId', '=', userId).where('scheduledFor', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 1) await deps.queue.enqueue(VIDEO_PROCESSED_DIGEST_JOB, { userId }, { db, runAt: new Date(runAt) });
}
