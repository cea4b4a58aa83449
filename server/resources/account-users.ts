import { roleRank, type AccountRole } from '#shared/domain/roles';
import { inviteUserSchema, sentInviteSchema, type InviteUserInput } from '#shared/domain/schemas/accountUsers';
import {
  countOwners,
  deleteMember,
  findAccountMember,
  findMemberByEmail,
  memberRows,
  setMemberRole,
  type AccountUsersQuery,
} from '../db/repositories/accountMembers';
import { findAccountStatus } from '../db/repositories/accounts';
import { findLivePendingInvite } from '../db/repositories/invitations';
import { conflict, forbidden } from '../errors';
import { assertCanInviteUser } from '../services/planLimits';
import { assertMayMailInvitation, createInvitation } from '../services/invitations';
import { routeLimits } from '../routes/limits';
import { defineBehaviour, type ResourceContext } from './behaviour';

/**
 * Role changes and removals (only isAdmin reaches here through the route rule): never on
 * oneself, never leaving the account without an owner, owner given only by an owner.
 */
async function assertMayManage({ deps, parentId, actor, role }: ResourceContext, record: { id: string; role?: unknown }, newRole?: AccountRole) {
  const target = { id: record.id, role: record.role as AccountRole };
  if (target.id === actor.id) throw forbidden('app.server.cannotChangeYourself');
  const outranks = (wanted: AccountRole) => actor.type === 'admin' || (role !== null && roleRank(role) >= roleRank(wanted));
  if (!outranks(target.role) || (newRole && !outranks(newRole))) throw forbidden('app.server.onlyOwnerGivesOwner');
  if (target.role === 'owner' && newRole !== 'owner' && (await countOwners(deps.db, parentId)) <= 1) {
    throw conflict('app.server.ownerRequired');
  }
}

/** Invites an email (spec section 5): not a member already, within the plan's users cap, account active. */
async function invite({ deps, parentId: accountId, actor: caller }: ResourceContext, input: InviteUserInput) {
  const { db } = deps;
  const account = await findAccountStatus(db, accountId, { required: true });
  if (account.status !== 'enabled') throw forbidden('app.server.accountNotActive');
  const member = await findMemberByEmail(db, accountId, input.email);
  if (member) throw conflict('app.server.alreadyMember', {}, [{ path: 'email', message: 'app.server.alreadyMemberShort', args: {} }]);
  const renewing = await findLivePendingInvite(db, accountId, input.email);
  if (!renewing) await assertCanInviteUser(db, accountId, caller);
  await assertMayMailInvitation(db, input.email);
  const sent = await createInvitation(deps, { accountId, email: input.email, role: input.role, invitedBy: caller });
  return { email: sent.email, role: sent.role, expiresAt: sent.expiresAt };
}

/**
 * A membership is read through its user (name, email, avatar), created by inviting (a mail, not
 * a row: the invitation is the pending record), and changed or removed only within the rules
 * that keep an owner and never touch oneself.
 */
export const accountUsersBehaviour = defineBehaviour({
  repository: {
    list: (db, accountId, query) => memberRows(db, accountId, query as AccountUsersQuery),
    find: findAccountMember,
    update: async (db, accountId, userId, values) => {
      await setMemberRole(db, accountId, userId, values.role as AccountRole);
      return true;
    },
    remove: deleteMember,
  },
  async beforeUpdate(context, values, record) {
    await assertMayManage(context, record, values.role as AccountRole);
    return { role: values.role };
  },
  beforeDelete: (context, record) => assertMayManage(context, record),
  notFound: 'app.server.userNotInAccount',
  routes: {
    list: { summary: "The account's users with their role (paged, sortable, searchable)" },
    show: { summary: 'One user of the account with their role' },
    create: {
      summary: 'Invite a user by email with a role; the invitation is mailed',
      rateLimit: routeLimits.sendsMail,
      body: inviteUserSchema,
      response: { 201: sentInviteSchema },
      async handler(request, reply, context) {
        return reply.status(201).send(await invite(context, request.body as InviteUserInput));
      },
    },
    edit: { summary: "Change a user's role (not your own; the account keeps an owner)" },
    delete: { summary: 'Remove a user from the account (not yourself; the account keeps an owner)' },
  },
});
