import type { Db } from '../db';
import type { Account, User } from '../db/types';
import { deepFreeze, toBool } from '../db/rows';
import type { Config } from '../config';
import type { AccountRole } from '#shared/domain/roles';
import { canEdit, isAccountAdmin, isPlatformAdmin } from '#shared/domain/permissions';
import { DEFAULT_MARKETING_CONSENT, TABLE_PAGE_SIZE, UPLOAD_GRID_PAGE_SIZE } from '#shared/domain/constants';
import type { AppContext, CurrentUser } from '#shared/domain/types';
import { accountSummary } from './accounts';
import { isLocale } from '#shared/domain/locales';
import { cachedLookup } from '../db/lookupCache';
import { accountWithMemberRole, countSelectableAccounts } from '../db/repositories/accountMembers';

function currentUser(user: User, role: AccountRole | null, accountCount: number): CurrentUser {
  const identity = { type: user.type, role };
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    avatar: user.avatar,
    type: user.type,
    status: user.status,
    emailVerified: toBool(user.emailVerified),
    videoProcessedEmails: toBool(user.videoProcessedEmails),
    locale: isLocale(user.locale) ? user.locale : null,
    lastLogin: user.lastLogin,
    createdAt: user.createdAt,
    role,
    canEdit: canEdit(identity),
    canSwitchAccount: isPlatformAdmin(identity) || accountCount > 1,
    isAdmin: isAccountAdmin(identity),
  };
}

/** The account's summary (its plan limits and links parsed from JSON), status, the caller's role there and number of accounts: kept in the lookup cache. */
function accountAndRole(db: Db, accountId: string, userId: string) {
  return cachedLookup(db, `context:${accountId}:${userId}`, async () => {
    const row = await accountWithMemberRole(db, accountId, userId);
    if (!row) return undefined;
    const { memberRole, membershipCount, ...account } = row;
    return deepFreeze({
      status: account.status,
      role: memberRole as AccountRole | null,
      count: Number(membershipCount),
      summary: accountSummary(account as Account),
    });
  });
}

/** How many accounts the user may select (when no account is current): kept in the lookup cache. */
function accountCount(db: Db, userId: string) {
  return cachedLookup(db, `accountCount:${userId}`, () => countSelectableAccounts(db, userId));
}

/** GET /api/auth/context: config, system defaults, the user with their role, the current account. */
export async function buildContext(db: Db, config: Config, user: User, accountId: string | null): Promise<AppContext> {
  const row = accountId ? await accountAndRole(db, accountId, user.id) : undefined;
  // A disabled account is nobody's current account but a platform admin's (spec: its users cannot select it).
  if (row && row.status !== 'enabled' && user.type !== 'admin') return buildContext(db, config, user, null);
  const count = row ? row.count : await accountCount(db, user.id);
  const role = row?.role ?? null;
  return {
    config: { cdnPrefix: `${config.baseUrl}/files/`, baseUrl: config.baseUrl, appVersion: config.appVersion },
    systemDefaults: {
      supportEmail: config.supportEmail,
      marketingConsent: DEFAULT_MARKETING_CONSENT,
      tablePageSize: TABLE_PAGE_SIZE,
      uploadPageSize: UPLOAD_GRID_PAGE_SIZE,
    },
    user: currentUser(user, role, count),
    account: row ? row.summary : null,
  };
}
