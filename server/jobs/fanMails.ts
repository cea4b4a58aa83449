import { z } from 'zod';
import type { Deps } from '../deps';
import { nowIso } from '../db/rows';
import type { JobHandler } from '../adapters/queue';
import { mailTemplates } from '../services/mailTemplates';
import { fanMailFacts, recordMailSent, wasMailSent } from '../db/repositories/fanMails';

const payloadSchema = z.object({ uploadId: z.string().min(1) });

/**
 * A mail to the fan who sent an upload (when they gave an email), in the language they sent it
 * in (submissions.locale). Sent once: the mail is recorded in sent_mails under its key
 * (`<kind>:<uploadId>`), and a later run finds it there. `when` says whether the upload is still
 * in the state the mail tells of.
 */
function fanMailHandler(
  deps: Pick<Deps, 'db' | 'mailer'>,
  template: 'fanReceived' | 'fanApproved',
  kind: 'upload-received' | 'upload-approved',
  when: (row: { approvedAt: string | null }) => boolean,
): JobHandler {
  return async (payload) => {
    const { uploadId } = payloadSchema.parse(payload);
    const key = `${kind}:${uploadId}`;
    if (await wasMailSent(deps.db, key)) return;
    const row = await fanMailFacts(deps.db, uploadId);
    // Deleted, no longer in that state, or the fan gave no email: nothing to tell.
    if (!row?.email || !when(row)) return;
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
    await deps.mailer.send(mailTemplates[template](row.email, name, row.account, row.page, row.locale));
    await recordMailSent(deps.db, key, nowIso());
  };
}

/** 'fan-received-mail': tells the fan their upload arrived. */
export const fanReceivedMailHandler = (deps: Pick<Deps, 'db' | 'mailer'>): JobHandler => fanMailHandler(deps, 'fanReceived', 'upload-received', () => true);

/** 'fan-approved-mail': tells the fan their upload was approved. */
export const fanApprovedMailHandler = (deps: Pick<Deps, 'db' | 'mailer'>): JobHandler =>
  fanMailHandler(deps, 'fanApproved', 'upload-approved', (row) => Boolean(row.approvedAt));
