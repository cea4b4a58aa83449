import type { Deps } from '../deps';
import type { Db } from '../db';
import {
  countOwners,
  findAccountMember,
  findMemberByEmail,
  memberRows,
  type AccountUsersQuery,
} from '../db/repositories/accountMembers';
import { findAccountStatus } from '../db/repositories/accounts';
import { findLivePendingInvite } from '../db/repositories/invitations';
import type { User } from '../db/types';
import { toBool } from '../db/rows';
import { conflict, forbidden } from '../errors';
import { roleRank, type AccountRole } from '#shared/domain/roles';
import type { InviteUserInput } from '#shared/domain/schemas/accountUsers';
import { assertCanInviteUser } from './planLimits';
import { assertMayMailInvitation, createInvitation } from './invitations';

/** A membership as the API answers it (the mail preference a boolean). */
const asMember = <R extends { videoProcessedEmails: number | null }>(row: R) => ({ ...row, videoProcessedEmails: toBool(row.videoProcessedEmails) });

/** The members of an account with their role, one page of them, and how many there are. */
export async function listAccountUsers(db: Db, accountId: string, query: AccountUsersQuery) {
  const { data, total } = await memberRows(db, accountId, query);
  return { data: data.map(asMember), total };
}

/** A member of the account, or undefined when the user is not one. */
export async function findAccountUser(db: Db, accountId: string, userId: string) {
  const row = await findAccountMember(db, accountId, userId);
  return row && asMember(row);
}

/** Invites an email (spec section 5): not a member already, within the plan's users cap, account active. */
export async function inviteAccountUser(deps: Deps, accountId: string, input: InviteUserInput, caller: User) {
  const { db } = deps;
  const account = await findAccountStatus(db, accountId, { required: true });
  if (account.status !== 'enabled') throw forbidden('app.server.accountNotActive');
  const member = await findMemberByEmail(db, accountId, input.email);
  if (member) throw conflict('app.server.alreadyMember', {}, [{ path: 'email', message: 'app.server.alreadyMemberShort', args: {} }]);
  const renewing = await findLivePendingInvite(db, accountId, input.email);
  if (!renewing) await assertCanInviteUser(db, accountId, caller);
  await assertMayMailInvitation(db, input.email);
  const invite = await createInvitation(deps, { accountId, email: input.email, role: input.role, invitedBy: caller });
  return { email: invite.email, role: invite.role, expiresAt: invite.expiresAt };
}

/**
 * Role changes and removals (only isAdmin reaches here through the route rule): never on
 * oneself, never leaving the account without an owner, owner given only by an owner.
 */
export async function assertMayManage(db: Db, accountId: string, target: { id: string; role: AccountRole }, caller: User, callerRole: AccountRole | null, newRole?: AccountRole) {
  if (target.id === caller.id) throw forbidden('app.server.cannotChangeYourself');
  const platformAdmin = caller.type === 'admin';
  const outranks = (role: AccountRole) => platformAdmin || (callerRole !== null && roleRank(callerRole) >= roleRank(role));
  if (!outranks(target.role) || (newRole && !outranks(newRole))) throw forbidden('app.server.onlyOwnerGivesOwner');
  if (target.role === 'owner' && newRole !== 'owner' && (await countOwners(db, accountId)) <= 1) {
    throw conflict('app.server.ownerRequired');
  }
}
