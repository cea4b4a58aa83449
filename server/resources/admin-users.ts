import {
  adminUserListSchema,
  adminUsersQuery,
  adminUserUpdateBody,
  newAdminSchema,
  type AdminUserInput,
  type AdminUsersQuery,
  type NewAdminInput,
} from '#shared/domain/schemas/adminUsers';
import { avatarSchema } from '#shared/domain/schemas/auth';
import type { Db } from '../db';
import type { User } from '../db/types';
import { findUserByEmail, findUserById, updateUser, userRows } from '../db/repositories/users';
import { headerAccountOf } from '../db/repositories/accountMembers';
import { conflict, fieldError, HttpError, orNotFound } from '../errors';
import { sendSetPasswordMail, sendVerificationMail } from '../services/authFlows';
import { retireAllUserTokens } from '../services/userTokens';
import { assertMayMail } from '../services/mailLimits';
import { deleteUserSessions } from '../services/sessions';
import { createUser } from '../services/users';
import { setUserAvatar } from '../services/adminUsersAvatar';
import { routeLimits } from '../routes/limits';
import { changeThenAnswer, defineBehaviour } from './behaviour';

export const findUser = async (db: Db, id: string): Promise<User> => orNotFound(await findUserById(db, id), 'user');

/** A route that runs a change on the user, then answers the user as the form shows them. */
const onUser = (run: Parameters<typeof changeThenAnswer<User>>[1]) => changeThenAnswer(findUser, run);

const alreadyVerified = () => new HttpError(409, 'ConflictError', 'app.server.emailAlreadyVerified');
const emailTaken = () => conflict('app.server.emailTaken', {}, [{ path: 'email', message: 'app.server.emailTaken', args: {} }]);

/** A user as the Platform Users list shows it. */
function listed(user: User) {
  const { id, firstName, lastName, email, type, status, avatar, lastLogin, createdAt } = user;
  const name = `${firstName} ${lastName}`.trim();
  return { id, firstName, lastName, name, email, emailVerified: user.emailVerified === 1, type, status, avatar, lastLogin, createdAt };
}

/**
 * A user as the details screen shows it: the email preference only for admin-type users, and the
 * header of the account the General tab shows (their first membership, if any).
 */
async function detailed(db: Db, user: User) {
  const account = await headerAccountOf(db, user.id);
  return {
    ...listed(user),
    videoProcessedEmails: user.type === 'admin' ? user.videoProcessedEmails === 1 : null,
    account: account ? { ...account, lightHeader: account.lightHeader === 1 } : null,
  };
}

/** Saves the General tab. A new email is not verified until the user follows a link (Send Invite). */
async function saveGeneral(db: Db, user: User, input: AdminUserInput): Promise<void> {
  if (input.videoProcessedEmails !== undefined && user.type !== 'admin') {
    throw fieldError('videoProcessedEmails', 'app.server.videoProcessedEmailsAdminOnly');
  }
  const emailChanged = input.email !== user.email;
  if (emailChanged) {
    const taken = await findUserByEmail(db, input.email);
    if (taken && taken.id !== user.id) throw emailTaken();
  }
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      emailVerified: emailChanged ? 0 : undefined,
      ...(input.videoProcessedEmails === undefined ? {} : { videoProcessedEmails: input.videoProcessedEmails ? 1 : 0 }),
    });
    // Links mailed to the old (perhaps mistyped) address must not work any more.
    if (emailChanged) await retireAllUserTokens(trx, user.id);
  });
}

/**
 * A user is read with the header of their first account; New Admin creates a pending admin and
 * mails a link; a save retires links mailed to a changed address; each action keeps its rule
 * (nobody disables themselves, a verified email is not verified twice).
 */
export const adminUsersBehaviour = defineBehaviour({
  repository: {
    list: async (db, _parent, query) => {
      const { data, total } = await userRows(db, query as AdminUsersQuery);
      return { data: data.map(listed), total };
    },
    find: async (db, _parent, id) => {
      const user = await findUserById(db, id);
      return user && detailed(db, user);
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
      // A pending admin without a password: the link mailed to choose one also verifies the email.
      async handler(request, reply, { deps, answer }) {
        const input = request.body as NewAdminInput;
        if (await findUserByEmail(deps.db, input.email)) throw emailTaken();
        const id = await createUser(deps.db, { ...input, type: 'admin', status: 'pending', emailVerified: false });
        await sendSetPasswordMail(deps, await findUser(deps.db, id));
        return reply.status(201).send(await answer(id));
      },
    },
    show: { summary: 'One user with the header of their first account' },
    edit: {
      summary: 'Save first name, last name, email (a changed email is no longer verified) and, for admin users, the Fan Video Processed preference',
      body: adminUserUpdateBody,
      handler: onUser(({ deps }, request, user) => saveGeneral(deps.db, user, request.body as AdminUserInput)),
    },
    enable: { summary: 'Enable a user who is pending or disabled' },
    disable: {
      summary: 'Disable an enabled user: they cannot sign in and every session of theirs ends',
      handler: onUser(async ({ deps, actor }, _request, user) => {
        if (user.id === actor.id) throw new HttpError(409, 'ConflictError', 'app.server.cannotDisableYourself');
        if (user.status !== 'enabled') throw new HttpError(409, 'ConflictError', 'app.server.onlyEnabledCanBeDisabled');
        await deps.db.transaction().execute(async (trx) => {
          await updateUser(trx, user.id, { status: 'disabled' });
          await deleteUserSessions(trx, user.id);
        });
      }),
    },
    'verify-email': {
      summary: "Mark the user's email verified without their verification step",
      // A pending user becomes enabled, as following the link would make them.
      handler: onUser(async ({ deps }, _request, user) => {
        if (user.emailVerified === 1) throw alreadyVerified();
        await updateUser(deps.db, user.id, { emailVerified: 1, status: user.status === 'pending' ? 'enabled' : user.status });
      }),
    },
    'send-invite': {
      summary: 'Mail a not verified user a link to verify their email (or to choose a password if they have none)',
      rateLimit: routeLimits.sendsMail,
      handler: onUser(async ({ deps }, _request, user) => {
        if (user.emailVerified === 1) throw alreadyVerified();
        await assertMayMail(deps.db, user.passwordHash ? 'verify-email' : 'set-password', user.email);
        await (user.passwordHash ? sendVerificationMail(deps, user) : sendSetPasswordMail(deps, user));
      }),
    },
    avatar: {
      summary: "Set the user's avatar from the caller's upload of GET /api/uploads/temporary (tmpAvatar: url plus path): jpg or png, at least 256 by 256",
      body: avatarSchema,
      handler: onUser(({ deps, actor }, request, user) => setUserAvatar(deps, user, actor, (request.body as { tmpAvatar: string }).tmpAvatar)),
    },
  },
});
