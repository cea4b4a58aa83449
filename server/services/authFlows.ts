import type { Deps } from '../deps';
import type { User } from '../db/types';
import { findUserById, getUserStatus, updateUser } from '../db/repositories/users';
import { conflict } from '../errors';
import { TOKEN_TTL_HOURS } from '#shared/domain/constants';
import type { LoginInput } from '#shared/domain/schemas/auth';
import { findUserByEmail } from '../db/repositories/users';
import { checkPasswordThrottled } from './loginThrottle';
import { assertMayMail, mayMail } from './mailLimits';
import { staffMails } from '../mail/staffMails';
import { hashPassword, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { consumeUserToken, createUserToken, findLiveUserToken, retireAllUserTokens } from './userTokens';
import { accessDenied } from './auth';

const fullName = (user: User) => `${user.firstName} ${user.lastName}`.trim();

export async function sendVerificationMail({ db, mailer, config }: Deps, user: User): Promise<void> {
  const token = await createUserToken(db, user.id, 'verify-email');
  await mailer.send(
    staffMails(user.locale).verifyEmail(user.email, fullName(user), `${config.baseUrl}/verify-email/${token}`, TOKEN_TTL_HOURS['verify-email']),
  );
}

/** For a user created by someone else (a new platform admin): a link to choose a password. */
export async function sendSetPasswordMail({ db, mailer, config }: Deps, user: User): Promise<void> {
  const token = await createUserToken(db, user.id, 'set-password');
  await mailer.send(
    staffMails(user.locale).setPassword(user.email, fullName(user), `${config.baseUrl}/reset-password/${token}`, TOKEN_TTL_HOURS['set-password']),
  );
}

/**
 * Sends a reset link when the user exists, at most MAILS_PER_RECIPIENT an hour. Everything,
 * the lookup included, runs after the reply, so the answer takes the same time either way.
 */
export function forgotPassword(deps: Deps, email: string): void {
  const { db, mailer, config } = deps;
  deps.background.run('forgot-password mail', async () => {
    const user = await findUserByEmail(db, email);
    if (!user || user.status === 'disabled') return;
    if (!(await mayMail(db, 'reset-password', user.email))) return;
    const token = await createUserToken(db, user.id, 'reset-password');
    await mailer.send(
      staffMails(user.locale).resetPassword(user.email, fullName(user), `${config.baseUrl}/reset-password/${token}`, TOKEN_TTL_HOURS['reset-password']),
    );
  });
}

const PASSWORD_LINKS = ['reset-password', 'set-password'] as const satisfies Parameters<typeof consumeUserToken>[2];

/**
 * A reset (or first) password: ends every session and retires every other link of the user;
 * following the mail link proves the email. The link is checked before the (costly) hash.
 */
export async function resetPassword({ db }: Deps, token: string, password: string): Promise<void> {
  await findLiveUserToken(db, token, [...PASSWORD_LINKS]);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const { userId } = await consumeUserToken(trx, token, [...PASSWORD_LINKS]);
    const user = await getUserStatus(trx, userId);
    await updateUser(trx, userId, { passwordHash, emailVerified: 1, status: user.status === 'pending' ? 'enabled' : user.status });
    await retireAllUserTokens(trx, userId);
    await deleteUserSessions(trx, userId);
  });
}

/** A verification link, or a change-email link whose new address takes effect now (retiring every other link). */
export async function verifyEmail({ db }: Deps, token: string): Promise<{ email: string }> {
  return db.transaction().execute(async (trx) => {
    const { userId, kind, data } = await consumeUserToken<{ email: string }>(trx, token, ['verify-email', 'change-email']);
    const user = await findUserById(trx, userId, { required: true });
    if (kind === 'change-email' && data?.email) {
      const taken = await findUserByEmail(trx, data.email);
      if (taken && taken.id !== userId) throw conflict('app.server.emailTaken');
      await updateUser(trx, userId, { email: data.email, emailVerified: 1 });
      await retireAllUserTokens(trx, userId);
      return { email: data.email };
    }
    await updateUser(trx, userId, { emailVerified: 1, status: user.status === 'pending' ? 'enabled' : user.status });
    return { email: user.email };
  });
}

/** The login screen's 'resend verification': only with the right password, throttled like sign-in. */
export async function resendVerification(deps: Deps, input: LoginInput, ip: string): Promise<void> {
  const { db, config } = deps;
  let user: User | undefined;
  const correct = await checkPasswordThrottled(db, { ip, email: input.email, limit: config.loginRateLimit }, async () => {
    user = await findUserByEmail(db, input.email);
    return !!user && (await verifyPassword(input.password, user.passwordHash));
  });
  if (!user || !correct) throw accessDenied();
  if (user.emailVerified) return;
  await assertMayMail(db, 'verify-email', user.email);
  await sendVerificationMail(deps, user);
}
