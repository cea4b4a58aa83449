import type { Plan } from '#shared/domain/plans';
import type { AccountStatus } from '#shared/domain/roles';

/** react-admin's name for Platform Accounts, mounted at the spec's /admin/accounts. */
export const ADMIN_ACCOUNTS = 'admin/accounts';

/** A row of GET /api/accounts; GET /api/accounts/{id} adds the configuration. */
export interface AdminAccountRecord {
  id: string;
  name: string;
  slug: string;
  subscriptionPlan: Plan;
  status: AccountStatus;
  uploadVideoCount: number;
  pageCount: number;
  userCount: number;
  createdAt: string;
}
