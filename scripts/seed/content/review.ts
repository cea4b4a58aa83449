import type { Deps } from '../../../server/deps';
import type { User } from '../../../server/db/types';
import { backdateReview } from '../../../server/db/repositories/demoSeedDates';
import { bulkChangeState, setUploadTags } from '../../../server/services/uploadActions';

export interface Reviewed {
  id: string;
  accountId: string;
  createdAt: Date;
  approve: boolean;
  hide: boolean;
  tags: string[];
}

const HOUR = 3_600_000;

/**
 * Staff review the demo's uploads through the upload actions (so the history shows who did
 * what): the account admin approves, hides and tags, then each change and its history entry
 * are moved back to a few hours after the fan sent the upload.
 */
export async function reviewUploads(deps: Deps, reviewer: Pick<User, 'id' | 'type'>, uploads: Reviewed[], now: Date): Promise<void> {
  const byAccount = new Map<string, Reviewed[]>();
  for (const upload of uploads) byAccount.set(upload.accountId, [...(byAccount.get(upload.accountId) ?? []), upload]);
  for (const [accountId, list] of byAccount) {
    const approve = list.filter((upload) => upload.approve).map((upload) => upload.id);
    const hide = list.filter((upload) => upload.hide).map((upload) => upload.id);
    for (let i = 0; i < approve.length; i += 100) await bulkChangeState(deps, accountId, approve.slice(i, i + 100), 'approve', reviewer);
    if (hide.length) await bulkChangeState(deps, accountId, hide, 'hide', reviewer);
  }
  for (const upload of uploads) if (upload.tags.length) await setUploadTags(deps, upload.id, upload.tags, reviewer);

  // Reviewed within a day of arriving (never after now).
  for (const [index, upload] of uploads.entries()) {
    const at = new Date(Math.min(now.getTime() - 60_000, upload.createdAt.getTime() + (2 + (index % 20)) * HOUR)).toISOString();
    await backdateReview(deps.db, upload.id, at, upload.approve);
  }
}
