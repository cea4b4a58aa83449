import type { Db } from '../db';
import { accountRows, findAccountById, setAccountStatus as writeAccountStatus } from '../db/repositories/accounts';
import { clearNonAdminSessionsAccount } from '../db/repositories/sessions';
import { setPlanAndLimits } from '../db/repositories/planWrites';
import type { Deps } from '../deps';
import type { Account, User } from '../db/types';
import { HttpError, orNotFound } from '../errors';
import type { Plan } from '#shared/domain/plans';
import type { AccountStatus } from '#shared/domain/roles';
import type { AdminAccountsQuery, NewAccountInput } from '#shared/domain/schemas/adminAccounts';
import { createAccount } from './accountCreate';
import { assertMayMailInvitation, createInvitation } from './invitations';

/** Platform Accounts: every account with its counts, created, enabled, disabled and moved between plans. */

export async function findAccount(db: Db, id: string): Promise<Account> {
  return orNotFound(await findAccountById(db, id), 'account');
}

/** The list: name, slug, plan, status and counts of videos, pages and users; searched by name or slug. */
export async function listAdminAccounts(db: Db, query: AdminAccountsQuery) {
  const { data, total } = await accountRows(db, query);
  return {
    data: data.map((row) => ({
      ...row,
      uploadVideoCount: Number(row.uploadVideoCount ?? 0),
      pageCount: Number(row.pageCount ?? 0),
      userCount: Number(row.userCount ?? 0),
    })),
    total,
  };
}

/**
 * New Account: a unique slug (letters and numbers, kept lower-case; a taken one answers 400 on
 * the slug). The account starts with no members; the owner email, if any, is invited as its
 * owner, who joins from the mail link. Without one, the platform admin invites from the Users tab.
 */
export async function createAdminAccount(deps: Deps, input: NewAccountInput, caller: User): Promise<string> {
  if (input.ownerEmail) await assertMayMailInvitation(deps.db, input.ownerEmail);
  const id = await createAccount(deps.db, { name: input.name, slug: input.slug, plan: input.subscriptionPlan });
  if (input.ownerEmail) await createInvitation(deps, { accountId: id, email: input.ownerEmail, role: 'owner', invitedBy: caller });
  return id;
}

/**
 * Enable or disable. A disabled account's members can no longer select it or call its routes
 * (Account Not Active); sessions of members (not platform admins) that had it open lose it, so
 * their next step is choosing an account.
 */
export async function setAccountStatus(db: Db, account: Account, status: AccountStatus): Promise<void> {
  if (account.status === status) throw new HttpError(409, 'ConflictError', status === 'enabled' ? 'app.server.accountAlreadyEnabled' : 'app.server.accountAlreadyDisabled');
  await db.transaction().execute(async (trx) => {
    await writeAccountStatus(trx, account.id, status);
    if (status === 'disabled') await clearNonAdminSessionsAccount(trx, account.id);
  });
}

/** A new plan writes that plan's limits (spec section 9). */
export async function setAccountPlan(db: Db, account: Account, plan: Plan): Promise<void> {
  await setPlanAndLimits(db, account.id, plan);
}

