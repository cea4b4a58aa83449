import type { Db } from '../db';
import type { Deps } from '../deps';
import type { User } from '../db/types';
import { nowIso } from '../db/rows';
import { conflict, fieldError } from '../errors';
import { TOKEN_TTL_HOURS } from '../../src/domain/constants';
import type { ProfileInput } from '../../src/domain/schemas/auth';
import { findUserByEmail } from './auth';
import { releaseFiles } from './fileReferences';
import { mailTemplates } from './mailTemplates';
import { hashPassword, verifyPassword } from './passwords';
import type { AuthState } from './sessions';
import { createUserToken } from './userTokens';
import type { FileStore } from '../files';
import { setUserAvatar } from './adminUsersAvatar';

export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<void> {
  await db
    .updateTable('users')
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.videoProcessedEmails === undefined ? {} : { videoProcessedEmails: input.videoProcessedEmails ? 1 : 0 }),
      updatedAt: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
}

/** Needs the current password; other sessions end, this one stays. */
export async function changePassword(db: Db, auth: AuthState, input: { currentPassword: string; password: string }): Promise<void> {
  if (!(await verifyPassword(input.currentPassword, auth.user.passwordHash))) {
    throw fieldError('currentPassword', 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', auth.user.id).execute();
    await trx.deleteFrom('sessions').where('userId', '=', auth.user.id).where('tokenHash', '!=', auth.session.tokenHash).execute();
  });
}

/** The new email takes effect only when the link mailed to it is followed. */
export async function changeEmail({ db, mailer, config }: Deps, user: User, email: string): Promise<void> {
  const taken = await findUserByEmail(db, email);
  if (taken) throw conflict(taken.id === user.id ? 'This is already your email' : 'This email is already used by another user');
  const token = await createUserToken(db, user.id, 'change-email', { email });
  const name = `${user.firstName} ${user.lastName}`.trim();
  await mailer.send(mailTemplates.changeEmail(email, name, `${config.baseUrl}/verify-email/${token}`, TOKEN_TTL_HOURS['change-email']));
}

/**
 * Saves the uploaded, square-cropped avatar (POST /api/users/me/avatar) with the same rules as a
 * platform admin's (jpg or png, at least 256 px); null removes it.
 */
export async function setAvatar(deps: { db: Db; files: FileStore }, user: User, tmpAvatar: string | null): Promise<void> {
  if (tmpAvatar) return setUserAvatar(deps, user, user, tmpAvatar);
  await deps.db.updateTable('users').set({ avatar: null, updatedAt: nowIso() }).where('id', '=', user.id).execute();
  await releaseFiles(deps, [user.avatar]);
}
