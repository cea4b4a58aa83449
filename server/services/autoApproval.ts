import type { Deps } from '../deps';
import type { Db } from '../db';
import { nowIso } from '../db/rows';
import { approveAutomatically } from '../db/repositories/autoApproval';
import { appendUploadEvents } from '../db/repositories/uploadEvents';
import { isAllowedBy, type ModerationLabel, type ModerationProvider } from '../adapters/moderation';
import { AUTO_APPROVAL_MARGIN } from '#shared/domain/venueScreen';
import { announceApproved } from './uploadAnnouncements';
import { queueDropboxCopies } from './dropbox';

type AutoApprovalDeps = Pick<Deps, 'db' | 'queue' | 'config'>;

/**
 * Whether the model cleared these labels with a margin: no flagged label reaches the stricter
 * threshold (AUTO_APPROVAL_MARGIN of the one that flags content).
 */
export function clearedWithMargin(provider: Pick<ModerationProvider, 'flaggedLabels'>, labels: ModerationLabel[], flaggedThreshold: number): boolean {
  return isAllowedBy(provider, labels, flaggedThreshold * AUTO_APPROVAL_MARGIN);
}

/**
 * Auto-approval for live screens, once an upload is processed and moderated: when the model
 * cleared it with a margin and its page asks for it, it is approved as a person's approval would
 * be (the fan's mail, the webhook, the Dropbox copy), marked as automatic for staff. Anything else
 * waits for a person. Idempotent: an approved upload is left as it is.
 */
async function autoApprove(deps: AutoApprovalDeps, upload: { id: string; accountId: string }, cleared: boolean): Promise<boolean> {
  if (!cleared) return false;
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

/** Auto-approval on the verdict a job just recorded (a failed moderation approves nothing). */
export async function autoApproveModerated(
  deps: AutoApprovalDeps,
  upload: { id: string; accountId: string },
  provider: Pick<ModerationProvider, 'flaggedLabels'>,
  verdict: { moderationStatus: string; moderationLabels: unknown },
): Promise<boolean> {
  if (verdict.moderationStatus !== 'processed') return false;
  const labels = JSON.parse(String(verdict.moderationLabels)) as ModerationLabel[];
  return autoApprove(deps, upload, clearedWithMargin(provider, labels, deps.config.moderationThreshold));
}
