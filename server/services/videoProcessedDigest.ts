import { VIDEO_PROCESSED_DIGEST_JOB } from '#shared/domain/constants';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { nowIso } from '../db/rows';
import { claimDigestSchedule, digestSubscribers, insertUploadNotices, openMailDigest } from '../db/repositories/mailDigests';

/** How long after the first upload of a quiet spell its digest waits, so a burst goes in one mail. */
const DIGEST_GATHER_MS = 60_000;

type DigestDeps = Pick<Deps, 'queue' | 'config'>;

/**
 * An upload of the account was processed: each of the account's users who opted in to
 * 'video processed' mails gets a notice, and a digest job is queued for them unless one is
 * already due. The digest goes no sooner than the window after their last one. Idempotent:
 * a notice is noted once per user and upload, a digest queued once until it runs.
 */
export async function noteUploadProcessed(deps: DigestDeps, db: Db, upload: { id: string; accountId: string }): Promise<void> {
  const users = await digestSubscribers(db, upload.accountId);
  if (!users.length) return;
  const now = nowIso();
  const userIds = users.map((user) => user.id);
  await insertUploadNotices(db, userIds, upload.id, now);
  for (const user of users) await scheduleDigest(deps, db, user.id, new Date(Date.now() + DIGEST_GATHER_MS));
}

/** Queues the user's digest for `earliest` or the end of their window, unless one is already queued. */
export async function scheduleDigest(deps: DigestDeps, db: Db, userId: string, earliest: Date): Promise<void> {
  const digest = await openMailDigest(db, userId);
  if (digest.scheduledFor) return;
  const windowEnd = digest.lastSentAt ? new Date(Date.parse(digest.lastSentAt) + deps.config.videoProcessedDigestMs).toISOString() : earliest.toISOString();
  const runAt = earliest.toISOString() > windowEnd ? earliest.toISOString() : windowEnd;
  if (await claimDigestSchedule(db, userId, runAt)) await deps.queue.enqueue(VIDEO_PROCESSED_DIGEST_JOB, { userId }, { db, runAt: new Date(runAt) });
}
