import { z } from 'zod';
import type { Deps } from '../deps';
import { nowIso } from '../db/rows';
import type { JobHandler } from '../adapters/queue';
import { mailTemplates } from '../services/mailTemplates';

const payloadSchema = z.object({ uploadId: z.string().min(1) });

export const fanApprovedMailKey = (uploadId: string) => `upload-approved:${uploadId}`;

/**
 * 'fan-approved-mail': tells the fan who sent the upload (when they gave an email) that it was
 * approved. Sent once: the mail is recorded in sent_mails, and a later run finds it there.
 */
export function fanApprovedMailHandler(deps: Pick<Deps, 'db' | 'mailer'>): JobHandler {
  return async (payload) => {
    const { uploadId } = payloadSchema.parse(payload);
    const key = fanApprovedMailKey(uploadId);
    if (await deps.db.selectFrom('sentMails').select('key').where('key', '=', key).executeTakeFirst()) return;
    const row = await deps.db
      .selectFrom('uploads')
      .innerJoin('submissions', 'submissions.uploadId', 'uploads.id')
      .innerJoin('pages', 'pages.id', 'uploads.pageId')
      .innerJoin('accounts', 'accounts.id', 'uploads.accountId')
      .select(['submissions.email', 'submissions.firstName', 'submissions.lastName', 'pages.name as page', 'accounts.name as account', 'uploads.approvedAt'])
      .where('uploads.id', '=', uploadId)
      .executeTakeFirst();
    // Deleted, un-approved, or the fan gave no email: nothing to tell.
    if (!row?.email || !row.approvedAt) return;
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
    await deps.mailer.send(mailTemplates.fanApproved(row.email, name, row.account, row.page));
    await deps.db.insertInto('sentMails').values({ key, createdAt: nowIso() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  };
}
