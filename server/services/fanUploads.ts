import type { Db } from '../db';
import { toBool } from '../db/rows';
import { withinCap, type PlanLimits } from '#shared/domain/plans';
import type { RefusalReason } from '#shared/domain/capture';
import { limitsOf } from './planLimits';
import { pageGateFacts } from '../db/repositories/pages';
import { countAccountUploads } from '../db/repositories/uploadRows';

export interface FanUploadTarget {
  accountId: string;
  pageId: string;
  limits: PlanLimits;
}

/**
 * The gate of every fan upload or submission through a public capture page, so the rules live
 * here once (the page's data, tus upload creation and the submission all ask it):
 * - a disabled account's pages accept nothing (platform-admin.md section 2: 'Account Not Active');
 * - only an enabled page that allows submissions accepts uploads;
 * - the plan's fan uploads cap (section 9: 250 on Free) counts every upload of the account.
 * Fans cannot upgrade a plan, so the cap is a plain refusal rather than an upgrade prompt.
 * Answers the target, or the reason (shared/domain/capture.ts) it refuses.
 */
export async function checkFanUploads(db: Db, pageId: string): Promise<FanUploadTarget | { refusal: RefusalReason }> {
  const row = await pageGateFacts(db, pageId);
  if (!row) return { refusal: 'page-not-found' };
  if (row.accountStatus !== 'enabled') return { refusal: 'account-disabled' };
  if (row.status !== 'enabled') return { refusal: 'page-not-enabled' };
  if (!toBool(row.allowSubmissions)) return { refusal: 'page-closed' };
  const limits = await limitsOf(db, row.accountId);
  if (limits.uploads !== null) {
    if (!withinCap(limits.uploads, await countAccountUploads(db, row.accountId))) return { refusal: 'upload-cap-reached' };
  }
  return { accountId: row.accountId, pageId: row.id, limits };
}
