import { z } from 'zod';
import type { Deps } from '../deps';
import { nowIso } from '../db/rows';
import type { JobHandler } from '../adapters/queue';
import { staffMails } from '../mail/staffMails';
import { scheduleDigest } from '../services/videoProcessedDigest';

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
    const pending = await db
      .selectFrom('uploadNotices')
      .innerJoin('uploads', 'uploads.id', 'uploadNotices.uploadId')
      .innerJoin('pages', 'pages.id', 'uploads.pageId')
      .innerJoin('accounts', 'accounts.id', 'uploads.accountId')
      .select(['uploadNotices.uploadId', 'pages.name as page', 'accounts.name as account'])
      .where('uploadNotices.userId', '=', userId)
      .where('uploadNotices.mailedAt', 'is', null)
      .orderBy('uploadNotices.createdAt')
      .execute();
    const digest = await db.selectFrom('mailDigests').selectAll().where('userId', '=', userId).executeTakeFirst();
    if (!pending.length) {
      await db.updateTable('mailDigests').set({ scheduledFor: null }).where('userId', '=', userId).execute();
      return;
    }
    const windowEnd = digest?.lastSentAt ? Date.parse(digest.lastSentAt) + deps.config.videoProcessedDigestMs : 0;
    if (windowEnd > Date.now()) {
      // Too early (a retry, or queued by hand): the digest waits for the end of the window.
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('mailDigests').set({ scheduledFor: null }).where('userId', '=', userId).execute();
        await scheduleDigest(deps, trx, userId, new Date(windowEnd));
      });
      return;
    }
    const user = await db.selectFrom('users').select(['email', 'firstName', 'lastName', 'videoProcessedEmails', 'status', 'locale']).where('id', '=', userId).executeTakeFirst();
    const wanted = user && user.videoProcessedEmails === 1 && user.status === 'enabled';
    if (wanted) {
      const name = `${user.firstName} ${user.lastName}`.trim();
      await deps.mailer.send(staffMails(user.locale).videoProcessed(user.email, name, pending, `${deps.config.baseUrl}/uploads`));
    }
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('uploadNotices')
        .set({ mailedAt: now })
        .where('userId', '=', userId)
        .where('uploadId', 'in', pending.map((p) => p.uploadId))
        .execute();
      await trx.updateTable('mailDigests').set({ scheduledFor: null, ...(wanted ? { lastSentAt: now } : {}) }).where('userId', '=', userId).execute();
      // Uploads processed while this mail was going wait for the next window.
      const more = await trx.selectFrom('uploadNotices').select('uploadId').where('userId', '=', userId).where('mailedAt', 'is', null).executeTakeFirst();
      if (more) await scheduleDigest(deps, trx, userId, new Date());
    });
  };
}
