import type { Deps } from '../deps';
import type { Db } from '../db';
import { memberRows, type AccountUsersQuery } from '../db/repositories/accountMembers';
import type { User } from '../db/types';
import { toBool } from '../db/rows';
import { conflict, forbidden, HttpError } from '../errors';
import { roleRank, type AccountRole } from '#shared/domain/roles';
import type { InviteUserInput } from '#shared/domain/schemas/accountUsers';
import { assertCanInviteUser } from './planLimits';
import { assertMayMailInvitation, createInvitation } from './invitations';

/** The members of an account with their role, one page of them, and how many there are. */
export async function listAccountUsers(db: Db, accountId: string, query: AccountUsersQuery) {
  const { data, total } = await memberRows(db, accountId, query);
  return { data: data.map((row) => ({ ...row, videoProcessedEmails: toBool(row.videoProcessedEmails) })), total };
}

export async function getAccountUser(db: Db, accountId: string, userId: string) {
  const row = await db
    .selectFrom('accountUsers')
    .innerJoin('users', 'users.id', 'accountUsers.userId')
    .select(['users.id', 'users.firstName', 'users.lastName', 'users.email', 'users.avatar', 'users.videoProcessedEmails', 'accountUsers.role', 'accountUsers.createdAt'])
    .where('accountUsers.accountId', '=', accountId)
    .where('accountUsers.userId', '=', userId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'NotFoundError', 'app.server.userNotInAccount');
  return { ...row, videoProcessedEmails: toBool(row.videoProcessedEmails) };
}

/** Invites an email (spec section 5): not a member already, within the plan's users cap, account active. */
export async function inviteAccountUser(deps: Deps, accountId: string, input: InviteUserInput, caller: User) {
  const { db } = deps;
  const account = await db.selectFrom('accounts').select('status').where('id', '=', accountId).executeTakeFirstOrThrow();
  if (account.status !== 'enabled') throw forbidden('app.server.accountNotActive');
  const member = await db
    .selectFrom('accountUsers')
    .innerJoin('users', 'users.id', 'accountUsers.userId')
    .select('users.id')
    .where('accountUsers.accountId', '=', accountId)
    .where('users.email', '=', input.email)
    .executeTakeFirst();
  if (member) throw conflict('app.server.alreadyMember', {}, [{ path: 'email', message: 'app.server.alreadyMemberShort', args: {} }]);
  const renewing = await db
    .selectFrom('invites')
    .select('id')
    .where('accountId', '=', accountId)
    .where('email', '=', input.email)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', new Date().toISOString())
    .executeTakeFirst();
  if (!renewing) await assertCanInviteUser(db, accountId, caller);
  await assertMayMailInvitation(db, input.email);
  const invite = await createInvitation(deps, { accountId, email: input.email, role: input.role, invitedBy: caller });
  return { email: invite.email, role: invite.role, expiresAt: invite.expiresAt };
}

async function owners(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('accountUsers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Role changes and removals (only isAdmin reaches here through the route rule): never on
 * oneself, never leaving the account without an owner, owner given only by an owner.
 */
async function assertMayManage(db: Db, accountId: string, targetId: string, caller: User, callerRole: AccountRole | null, newRole?: AccountRole) {
  if (targetId === caller.id) throw forbidden('app.server.cannotChangeYourself');
  const target = await getAccountUser(db, accountId, targetId);
  const platformAdmin = caller.type === 'admin';
  const outranks = (role: AccountRole) => platformAdmin || (callerRole !== null && roleRank(callerRole) >= roleRank(role));
  if (!outranks(target.role) || (newRole && !outranks(newRole))) throw forbidden('app.server.onlyOwnerGivesOwner');
  if (target.role === 'owner' && newRole !== 'owner' && (await owners(db, accountId)) <= 1) {
    throw conflict('app.server.ownerRequired');
  }
  return target;
}

export async function setAccountUserRole(db: Db, accountId: string, targetId: string, role: AccountRole, caller: User, callerRole: AccountRole | null) {
  await assertMayManage(db, accountId, targetId, caller, callerRole, role);
  await db.updateTable('accountUsers').set({ role }).where('accountId', '=', accountId).where('userId', '=', targetId).execute();
  return getAccountUser(db, accountId, targetId);
}

export async function removeAccountUser(db: Db, accountId: string, targetId: string, caller: User, callerRole: AccountRole | null) {
  const target = await assertMayManage(db, accountId, targetId, caller, callerRole);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('accountUsers').where('accountId', '=', accountId).where('userId', '=', targetId).execute();
    await trx.updateTable('sessions').set({ accountId: null }).where('userId', '=', targetId).where('accountId', '=', accountId).execute();
  });
  return target;
}
