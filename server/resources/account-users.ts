import type { AccountRole } from '#shared/domain/roles';
import { inviteUserSchema, sentInviteSchema, type InviteUserInput } from '#shared/domain/schemas/accountUsers';
import { deleteMember, setMemberRole, type AccountUsersQuery } from '../db/repositories/accountMembers';
import { assertMayManage, findAccountUser, inviteAccountUser, listAccountUsers } from '../services/accountUsers';
import { routeLimits } from '../routes/limits';
import { defineBehaviour } from './behaviour';

const target = (record: { id: string; role?: unknown }) => ({ id: record.id, role: record.role as AccountRole });

/**
 * A membership is read through its user (name, email, avatar), created by inviting (a mail, not
 * a row: the invitation is the pending record), and changed or removed only within the rules
 * that keep an owner and never touch oneself.
 */
export const accountUsersBehaviour = defineBehaviour({
  repository: {
    list: (db, accountId, query) => listAccountUsers(db, accountId, query as AccountUsersQuery),
    find: (db, accountId, userId) => findAccountUser(db, accountId, userId),
    update: async (db, accountId, userId, values) => {
      await setMemberRole(db, accountId, userId, values.role as AccountRole);
      return true;
    },
    remove: (db, accountId, userId) => deleteMember(db, accountId, userId),
  },
  async beforeUpdate({ deps, parentId, actor, role }, values, record) {
    await assertMayManage(deps.db, parentId, target(record), actor, role, values.role as AccountRole);
    return { role: values.role };
  },
  async beforeDelete({ deps, parentId, actor, role }, record) {
    await assertMayManage(deps.db, parentId, target(record), actor, role);
  },
  notFound: 'app.server.userNotInAccount',
  routes: {
    list: { summary: "The account's users with their role (paged, sortable, searchable)" },
    show: { summary: 'One user of the account with their role' },
    create: {
      summary: 'Invite a user by email with a role; the invitation is mailed',
      rateLimit: routeLimits.sendsMail,
      body: inviteUserSchema,
      response: { 201: sentInviteSchema },
      async handler(request, reply, { deps, parentId, actor }) {
        return reply.status(201).send(await inviteAccountUser(deps, parentId, request.body as InviteUserInput, actor));
      },
    },
    edit: { summary: "Change a user's role (not your own; the account keeps an owner)" },
    delete: { summary: 'Remove a user from the account (not yourself; the account keeps an owner)' },
  },
});
