import type { Db } from '../db';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { findUserByEmail, updateUser } from '../db/repositories/users';
import { deleteOtherUserSessions } from '../db/repositories/sessions';
import { conflict, fieldError } from '../errors';
import { TOKEN_TTL_HOURS } from '#shared/domain/constants';
import type { ChangeEmailInput, ProfileInput } from '#shared/domain/schemas/auth';
import { releaseFiles } from './fileReferences';
import { staffMails } from '../mail/staffMails';
import { hashPassword, verifyPassword } from './passwords';
import type { AuthState } from './sessions';
import { createUserToken, retireAllUserTokens } from './userTokens';
import { retireUserTokens } from '../db/repositories/tokens';
import { checkPasswordThrottled } from './loginThrottle';
import { assertMayMail } from './mailLimits';
import type { FileStore } from '../files';
import { setUserAvatar } from './adminUsersAvatar';

export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<void> {
  await updateUser(db, userId, {
    firstName: input.firstName,
    lastName: input.lastName,
    ...(input.videoProcessedEmails === undefined ? {} : { videoProcessedEmails: input.videoProcessedEmails ? 1 : 0 }),
  });
}

/** The current password, checked with the sign-in throttle (per address and per the user's email). */
async function assertCurrentPassword(deps: Pick<Deps, 'db' | 'config'>, user: User, currentPassword: string, ip: string): Promise<void> {
  const correct = await checkPasswordThrottled(deps.db, { ip, email: user.email, limit: deps.config.loginRateLimit }, () =>
    verifyPassword(currentPassword, user.passwordHash),
  );
  if (!correct) throw fieldError('currentPassword', 'app.server.currentPasswordWrong');
}

/** Needs the current password; other sessions end, this one stays, and every mailed link is retired. */
export async function changePassword(
  deps: Pick<Deps, 'db' | 'config'>,
  auth: AuthState,
  input: { currentPassword: string; password: string },
  ip: string,
): Promise<void> {
  await assertCurrentPassword(deps, auth.user, input.currentPassword, ip);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, auth.user.id, { passwordHash });
    await deleteOtherUserSessions(trx, auth.user.id, auth.session.tokenHash);
    await retireAllUserTokens(trx, auth.user.id);
  });
}

/**
 * Needs the current password (checked before anything about the new address is said). The new
 * email takes effect only when the link mailed to it is followed; an earlier request's link
 * stops working; the old address is told.
 */
export async function changeEmail(deps: Deps, user: User, input: ChangeEmailInput, ip: string): Promise<void> {
  const { db, mailer, config } = deps;
  await assertCurrentPassword(deps, user, input.currentPassword, ip);
  const { email } = input;
  const taken = await findUserByEmail(db, email);
  if (taken) throw conflict(taken.id === user.id ? 'app.server.emailIsYours' : 'app.server.emailTaken');
  await assertMayMail(db, 'change-email', email);
  const token = await db.transaction().execute(async (trx) => {
    await retireUserTokens(trx, user.id, ['change-email']);
    return createUserToken(trx, user.id, 'change-email', { email });
  });
  const name = `${user.firstName} ${user.lastName}`.trim();
  const mails = staffMails(user.locale);
  await mailer.send(mails.changeEmail(email, name, `${config.baseUrl}/verify-email/${token}`, TOKEN_TTL_HOURS['change-email']));
  await mailer.send(mails.emailChanging(user.email, name, email, config.supportEmail));
}

/**
 * Saves the uploaded, square-cropped avatar (POST /api/users/me/avatar) with the same rules as a
 * platform admin's (jpg or png, at least 256 px); null removes it.
 */
export async function setAvatar(deps: { db: Db; files: FileStore }, user: User, tmpAvatar: string | null): Promise<void> {
  if (tmpAvatar) return setUserAvatar(deps, user, user, tmpAvatar);
  await updateUser(deps.db, user.id, { avatar: null });
  await releaseFiles(deps, [user.avatar]);
}
