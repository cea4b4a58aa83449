import type { Db } from '../db';
import { findUserById, markEmailVerified, setAdminUserGeneral, setUserStatus, userRows } from '../db/repositories/users';
import { headerAccountOf as headerAccountRow } from '../db/repositories/accountMembers';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { conflict, fieldError, HttpError, orNotFound } from '../errors';
import type { AdminUserInput, AdminUsersQuery, NewAdminInput } from '#shared/domain/schemas/adminUsers';
import { findUserByEmail } from './auth';
import { sendSetPasswordMail, sendVerificationMail } from './authFlows';
import { retireAllUserTokens } from './userTokens';
import { assertMayMail } from './mailLimits';
import { deleteUserSessions } from './sessions';
import { createUser } from './users';

/** The account whose header the General tab shows: the user's first membership, if any. */
async function headerAccountOf(db: Db, userId: string) {
  const row = await headerAccountRow(db, userId);
  return row ? { id: row.id, name: row.name, headerImage: row.headerImage, lightHeader: row.lightHeader === 1 } : null;
}

/** A user as the Platform Users list shows it. */
function adminUserListDto(user: User) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    emailVerified: user.emailVerified === 1,
    type: user.type,
    status: user.status,
    avatar: user.avatar,
    lastLogin: user.lastLogin,
    createdAt: user.createdAt,
  };
}

/** A user as the details screen shows it; the email preference only for admin-type users. */
export async function adminUserDto(db: Db, user: User) {
  return {
    ...adminUserListDto(user),
    videoProcessedEmails: user.type === 'admin' ? user.videoProcessedEmails === 1 : null,
    account: await headerAccountOf(db, user.id),
  };
}

export async function findUser(db: Db, id: string): Promise<User> {
  return orNotFound(await findUserById(db, id), 'user');
}

export async function listAdminUsers(db: Db, query: AdminUsersQuery) {
  const { data, total } = await userRows(db, query);
  return { data: data.map(adminUserListDto), total };
}

const emailTaken = () =>
  conflict('app.server.emailTaken', {}, [{ path: 'email', message: 'app.server.emailTaken', args: {} }]);

/** '+ New Admin': a pending admin without a password, mailed a link to choose one (which also verifies). */
export async function createAdmin(deps: Deps, input: NewAdminInput): Promise<User> {
  if (await findUserByEmail(deps.db, input.email)) throw emailTaken();
  const id = await createUser(deps.db, { ...input, type: 'admin', status: 'pending', emailVerified: false });
  const user = await findUser(deps.db, id);
  await sendSetPasswordMail(deps, user);
  return user;
}

/** Saves the General tab. A new email is not verified until the user follows a link (Send Invite). */
export async function updateAdminUser(db: Db, user: User, input: AdminUserInput): Promise<User> {
  if (input.videoProcessedEmails !== undefined && user.type !== 'admin') {
    throw fieldError('videoProcessedEmails', 'app.server.videoProcessedEmailsAdminOnly');
  }
  const emailChanged = input.email !== user.email;
  if (emailChanged) {
    const taken = await findUserByEmail(db, input.email);
    if (taken && taken.id !== user.id) throw emailTaken();
  }
  await db.transaction().execute(async (trx) => {
    await setAdminUserGeneral(trx, user.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      ...(emailChanged ? { emailVerified: 0 } : {}),
      ...(input.videoProcessedEmails === undefined ? {} : { videoProcessedEmails: input.videoProcessedEmails ? 1 : 0 }),
    });
    // Links mailed to the old (perhaps mistyped) address must not work any more.
    if (emailChanged) await retireAllUserTokens(trx, user.id);
  });
  return findUser(db, user.id);
}

/** 'Send Invite': the verification link, or for someone who never chose a password, the set-password link. */
export async function sendInvite(deps: Deps, user: User): Promise<void> {
  if (user.emailVerified === 1) throw new HttpError(409, 'ConflictError', 'app.server.emailAlreadyVerified');
  await assertMayMail(deps.db, user.passwordHash ? 'verify-email' : 'set-password', user.email);
  if (user.passwordHash) await sendVerificationMail(deps, user);
  else await sendSetPasswordMail(deps, user);
}

/** A disabled user cannot sign in, and every session of theirs ends now. */
export async function disableUser(db: Db, user: User, caller: User): Promise<User> {
  if (user.id === caller.id) throw new HttpError(409, 'ConflictError', 'app.server.cannotDisableYourself');
  if (user.status !== 'enabled') throw new HttpError(409, 'ConflictError', 'app.server.onlyEnabledCanBeDisabled');
  await db.transaction().execute(async (trx) => {
    await setUserStatus(trx, user.id, 'disabled');
    await deleteUserSessions(trx, user.id);
  });
  return findUser(db, user.id);
}

/** Marks the email verified without the user's step; a pending user becomes enabled as the link would. */
export async function verifyUserEmail(db: Db, user: User): Promise<User> {
  if (user.emailVerified === 1) throw new HttpError(409, 'ConflictError', 'app.server.emailAlreadyVerified');
  await markEmailVerified(db, user.id, user.status === 'pending' ? 'enabled' : user.status);
  return findUser(db, user.id);
}
