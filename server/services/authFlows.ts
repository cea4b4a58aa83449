import type { Deps } from '../deps';
import type { User } from '../db/types';
import { nowIso } from '../db/rows';
import { conflict } from '../errors';
import { TOKEN_TTL_HOURS } from '../../src/domain/constants';
import type { LoginInput } from '../../src/domain/schemas/auth';
import { findUserByEmail } from './auth';
import { assertNotThrottled, recordFailedAttempt, throttleKeys } from './loginThrottle';
import { mailTemplates } from './mailTemplates';
import { hashPassword, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { consumeUserToken, createUserToken, retireUserTokens } from './userTokens';
import { accessDenied } from './auth';

const fullName = (user: User) => `${user.firstName} ${user.lastName}`.trim();

export async function sendVerificationMail({ db, mailer, config }: Deps, user: User): Promise<void> {
  const token = await createUserToken(db, user.id, 'verify-email');
  await mailer.send(mailTemplates.verifyEmail(user.email, fullName(user), `${config.baseUrl}/verify-email/${token}`, TOKEN_TTL_HOURS['verify-email']));
}

/** For a user created by someone else (a new platform admin): a link to choose a password. */
export async function sendSetPasswordMail({ db, mailer, config }: Deps, user: User): Promise<void> {
  const token = await createUserToken(db, user.id, 'set-password');
  await mailer.send(mailTemplates.setPassword(user.email, fullName(user), `${config.baseUrl}/reset-password/${token}`, TOKEN_TTL_HOURS['set-password']));
}

/** Sends a reset link when the user exists; says nothing either way. */
export async function forgotPassword({ db, mailer, config }: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status === 'disabled') return;
  const token = await createUserToken(db, user.id, 'reset-password');
  await mailer.send(mailTemplates.resetPassword(user.email, fullName(user), `${config.baseUrl}/reset-password/${token}`, TOKEN_TTL_HOURS['reset-password']));
}

/** A reset (or first) password: ends every session; following the mail link proves the email. */
export async function resetPassword({ db }: Deps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const { userId } = await consumeUserToken(db, token, ['reset-password', 'set-password']);
  const user = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ passwordHash, emailVerified: 1, status: user.status === 'pending' ? 'enabled' : user.status, updatedAt: nowIso() })
      .where('id', '=', userId)
      .execute();
    await retireUserTokens(trx, userId, ['reset-password', 'set-password']);
    await deleteUserSessions(trx, userId);
  });
}

/** A verification link, or a change-email link whose new address takes effect now. */
export async function verifyEmail({ db }: Deps, token: string): Promise<{ email: string }> {
  const { userId, kind, data } = await consumeUserToken<{ email: string }>(db, token, ['verify-email', 'change-email']);
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  if (kind === 'change-email' && data?.email) {
    const taken = await findUserByEmail(db, data.email);
    if (taken && taken.id !== userId) throw conflict('This email is already used by another user');
    await db.updateTable('users').set({ email: data.email, emailVerified: 1, updatedAt: nowIso() }).where('id', '=', userId).execute();
    return { email: data.email };
  }
  await db
    .updateTable('users')
    .set({ emailVerified: 1, status: user.status === 'pending' ? 'enabled' : user.status, updatedAt: nowIso() })
    .where('id', '=', userId)
    .execute();
  return { email: user.email };
}

/** The login screen's 'resend verification': only with the right password, throttled like sign-in. */
export async function resendVerification(deps: Deps, input: LoginInput, ip: string): Promise<void> {
  const { db, config } = deps;
  const keys = throttleKeys(ip, input.email);
  await assertNotThrottled(db, keys, config.loginRateLimit);
  const user = await findUserByEmail(db, input.email);
  if (!user || !(await verifyPassword(input.password, user.passwordHash))) {
    await recordFailedAttempt(db, keys);
    throw accessDenied();
  }
  if (!user.emailVerified) await sendVerificationMail(deps, user);
}
