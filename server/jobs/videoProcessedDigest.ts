import { z } from 'zod';
import type { Deps } from '../deps';
import { nowIso } from '../db/rows';
import type { JobHandler } from '../adapters/queue';
import { staffMails } from '../mail/staffMails';
import { scheduleDigest } from '../services/videoProcessedDigest';
import { clearDigestSchedule, digestRecipient, findMailDigest, hasUnmailedNotice, markNoticesMailed, unmailedNotices } from '../db/repositories/mailDigests';

const payloadSchema = z.object({ userId: z.string().min(1) });

/**
 * 'video-processed-digest': one mail to the user listing the uploads processed since their last
 * one. The uploads are marked mailed once it went, so a second run of the job finds nothing to
 * send; run before the end of the user's window it queues itself for then.
 */
export function videoProcessedDigestHandler(deps: Pick<Deps, 'db' | 'queue' | 'config' | 'mailer'>): JobHandler {
  return async (payload) => {
    const { userId } = payloadSchema.parse(payload);
    const { db } = deps;
    const pending = await unmailedNotices(db, userId);
    const digest = await findMailDigest(db, userId);
    if (!pending.length) {
      await clearDigestSchedule(db, userId);
      return;
    }
    const windowEnd = digest?.lastSentAt ? Date.parse(digest.lastSentAt) + deps.config.videoProcessedDigestMs : 0;
    if (windowEnd > Date.now()) {
      // Too early (a retry, or queued by hand): the digest waits for the end of the window.
      await db.transaction().execute(async (trx) => {
        await clearDigestSchedule(trx, userId);
        await scheduleDigest(deps, trx, userId, new Date(windowEnd));
      });
      return;
    }
    const user = await digestRecipient(db, userId);
    const wanted = user && user.videoProcessedEmails === 1 && user.status === 'enabled';
    if (wanted) {
      const name = `${user.firstName} ${user.lastName}`.trim();
      await deps.mailer.send(staffMails(user.locale).videoProcessed(user.email, name, pending, `${deps.config.baseUrl}/uploads`));
    }
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await markNoticesMailed(
        trx,
        userId,
        pending.map((p) => p.uploadId),
        now,
      );
      await clearDigestSchedule(trx, userId, wanted ? now : undefined);
      // Uploads processed while this mail was going wait for the next window.
      if (await hasUnmailedNotice(trx, userId)) await scheduleDigest(deps, trx, userId, new Date());
    });
  };
}
