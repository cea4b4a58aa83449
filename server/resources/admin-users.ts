import { adminUserListSchema, adminUsersQuery, adminUserUpdateBody, newAdminSchema, type AdminUserInput, type AdminUsersQuery, type NewAdminInput } from '#shared/domain/schemas/adminUsers';
import { avatarSchema } from '#shared/domain/schemas/auth';
import { findUserById } from '../db/repositories/users';
import { adminUserDto, createAdmin, disableUser, findUser, listAdminUsers, sendInvite, updateAdminUser, verifyUserEmail } from '../services/adminUsers';
import { setUserAvatar } from '../services/adminUsersAvatar';
import { HttpError } from '../errors';
import { routeLimits } from '../routes/limits';
import { changeThenAnswer, defineBehaviour } from './behaviour';
import type { User } from '../db/types';

/** A route that runs a service on the user, then answers the user as the form shows them. */
const onUser = (run: Parameters<typeof changeThenAnswer<User>>[1]) => changeThenAnswer(findUser, run);

/**
 * A user is read with the header of their first account; New Admin creates a pending admin and
 * mails a link; a save retires links mailed to a changed address; each action keeps its rule
 * (nobody disables themselves, a verified email is not verified twice).
 */
export const adminUsersBehaviour = defineBehaviour({
  repository: {
    list: (db, _parent, query) => listAdminUsers(db, query as AdminUsersQuery),
    find: async (db, _parent, id) => {
      const user = await findUserById(db, id);
      return user && adminUserDto(db, user);
    },
  },
  async beforeAction(_context, action, user, values) {
    if (action === 'enable' && user.status === 'enabled') throw new HttpError(409, 'ConflictError', 'app.server.userAlreadyEnabled');
    return values;
  },
  notFound: 'app.server.notFound.user',
  routes: {
    list: {
      summary: 'Every user of the platform (paged, sortable by name, type, status, last login, joined on; search by name; filter by statuses)',
      query: adminUsersQuery,
      response: { 200: adminUserListSchema },
    },
    create: {
      summary: 'Create a platform admin; they get a mail with a link to choose a password, which also verifies the email',
      rateLimit: routeLimits.sendsMail,
      body: newAdminSchema,
      async handler(request, reply, { deps, answer }) {
        const user = await createAdmin(deps, request.body as NewAdminInput);
        return reply.status(201).send(await answer(user.id));
      },
    },
    show: { summary: 'One user with the header of their first account' },
    edit: {
      summary: 'Save first name, last name, email (a changed email is no longer verified) and, for admin users, the Fan Video Processed preference',
      body: adminUserUpdateBody,
      handler: onUser(({ deps }, request, user) => updateAdminUser(deps.db, user, request.body as AdminUserInput)),
    },
    enable: { summary: 'Enable a user who is pending or disabled' },
    disable: {
      summary: 'Disable an enabled user: they cannot sign in and every session of theirs ends',
      handler: onUser(({ deps, actor }, _request, user) => disableUser(deps.db, user, actor)),
    },
    'verify-email': {
      summary: "Mark the user's email verified without their verification step",
      handler: onUser(({ deps }, _request, user) => verifyUserEmail(deps.db, user)),
    },
    'send-invite': {
      summary: 'Mail a not verified user a link to verify their email (or to choose a password if they have none)',
      rateLimit: routeLimits.sendsMail,
      handler: onUser(({ deps }, _request, user) => sendInvite(deps, user)),
    },
    avatar: {
      summary: "Set the user's avatar from the caller's upload of GET /api/uploads/temporary (tmpAvatar: url plus path): jpg or png, at least 256 by 256",
      body: avatarSchema,
      handler: onUser(({ deps, actor }, request, user) => setUserAvatar(deps, user, actor, (request.body as { tmpAvatar: string }).tmpAvatar)),
    },
  },
});
