import type { Db } from '../db';
import type { Account, User } from '../db/types';
import { deepFreeze, toBool } from '../db/rows';
import type { Config } from '../config';
import type { AccountRole } from '../../src/domain/roles';
import { canEdit, isAccountAdmin, isPlatformAdmin } from '../../src/domain/permissions';
import { DEFAULT_MARKETING_CONSENT, TABLE_PAGE_SIZE, UPLOAD_GRID_PAGE_SIZE } from '../../src/domain/constants';
import type { AccountSummary, AppContext, CurrentUser } from '../../src/domain/types';
import { accountSummary } from './accounts';
import { compiledQuery, perRow } from '../db/compiledQuery';

export function currentUser(user: User, role: AccountRole | null, accountCount: number): CurrentUser {
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
    lastLogin: user.lastLogin,
    createdAt: user.createdAt,
    role,
    canEdit: canEdit(identity),
    canSwitchAccount: isPlatformAdmin(identity) || accountCount > 1,
    isAdmin: isAccountAdmin(identity),
  };
}

/** How many enabled accounts the user may select. */
const selectableAccounts = (db: Db, userId: string) =>
  db
    .selectFrom('accountUsers')
    .innerJoin('accounts as memberAccount', 'memberAccount.id', 'accountUsers.accountId')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('accountUsers.userId', '=', userId)
    .where('memberAccount.status', '=', 'enabled');

// Asked on every console load: compiled once (server/db/compiledQuery.ts).
const countOnly = compiledQuery((db, userId: string) => selectableAccounts(db, userId), { cached: true });
/** One round trip: the account row with the caller's role there and their number of accounts. */
const accountWithRole = compiledQuery(
  (db, accountId: string, userId: string) =>
    db
      .selectFrom('accounts')
      .selectAll('accounts')
      .select((eb) => [
        eb.selectFrom('accountUsers').select('role').whereRef('accountUsers.accountId', '=', 'accounts.id').where('accountUsers.userId', '=', userId).as('memberRole'),
        selectableAccounts(db, userId).as('membershipCount'),
      ])
      .where('accounts.id', '=', accountId),
  { cached: true },
);

type AccountWithRole = Awaited<ReturnType<typeof accountWithRole>>[number];

/** The account's summary (its plan limits and links parsed from JSON), once per cached row. */
const summaryOf = perRow((row: AccountWithRole): AccountSummary => {
  const { memberRole: _role, membershipCount: _count, ...account } = row;
  return deepFreeze(accountSummary(account as Account));
});

/** GET /api/auth/context: config, system defaults, the user with their role, the current account. */
export async function buildContext(db: Db, config: Config, user: User, accountId: string | null): Promise<AppContext> {
  const row = accountId ? (await accountWithRole(db, accountId, user.id))[0] : undefined;
  // A disabled account is nobody's current account but a platform admin's (spec: its users cannot select it).
  if (row && row.status !== 'enabled' && user.type !== 'admin') return buildContext(db, config, user, null);
  const count = row ? row.membershipCount : ((await countOnly(db, user.id))[0]?.count ?? 0);
  const role = row?.memberRole ?? null;
  return {
    config: { cdnPrefix: `${config.baseUrl}/files/`, baseUrl: config.baseUrl, appVersion: config.appVersion },
    systemDefaults: {
      supportEmail: config.supportEmail,
      marketingConsent: DEFAULT_MARKETING_CONSENT,
      tablePageSize: TABLE_PAGE_SIZE,
      uploadPageSize: UPLOAD_GRID_PAGE_SIZE,
    },
    user: currentUser(user, role, Number(count)),
    account: row ? summaryOf(row) : null,
  };
}
