import type { Deps } from '../deps';
import type { Db } from '../db';
import { nowIso } from '../db/rows';
import { approveAutomatically } from '../db/repositories/autoApproval';
import { appendUploadEvents } from '../db/repositories/uploadEvents';
import { isAllowedBy, type ModerationLabel, type ModerationProvider } from '../adapters/moderation';
import { AUTO_APPROVAL_MARGIN } from '#shared/domain/venueScreen';
import { announceApproved } from './uploadAnnouncements';
import { queueDropboxCopies } from './dropbox';

/**
 * Auto-approval for live screens, on the verdict a job just recorded once an upload is processed
 * and moderated: when the model cleared it with a margin (no flagged label reaches
 * AUTO_APPROVAL_MARGIN of the threshold that flags content) and its page asks for it, it is
 * approved as a person's approval would be (the fan's mail, the webhook, the Dropbox copy), marked
 * as automatic for staff. Anything else (a failed moderation among it) waits for a person.
 * Idempotent: an approved upload is left as it is.
 */
export async function autoApproveModerated(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  upload: { id: string; accountId: string },
  provider: Pick<ModerationProvider, 'flaggedLabels'>,
  verdict: { moderationStatus: string; moderationLabels: unknown },
): Promise<boolean> {
  if (verdict.moderationStatus !== 'processed') return false;
  const labels = JSON.parse(String(verdict.moderationLabels)) as ModerationLabel[];
  if (!isAllowedBy(provider, labels, deps.config.moderationThreshold * AUTO_APPROVAL_MARGIN)) return false;
  return deps.db.transaction().execute(async (trx: Db) => {
    const now = nowIso();
    if (!(await approveAutomatically(trx, upload.id, now))) return false;
    // By no one: the dialog's history says 'Approved automatically'.
    await appendUploadEvents(trx, [{ uploadId: upload.id, userId: null, action: 'approved' }], now);
    await announceApproved(deps, trx, [upload.id]);
    await queueDropboxCopies(deps, trx, upload.accountId, [upload.id]);
    return true;
  });
}
