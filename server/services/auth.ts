import type { Db } from '../db';
import type { User } from '../db/types';
import { findUserByEmail } from '../db/repositories/users';
import { enabledMembershipsOf } from '../db/repositories/accountMembers';
import { HttpError } from '../errors';
import type { LoginInput } from '#shared/domain/schemas/auth';
import { verifyPassword } from './passwords';
import { checkPasswordThrottled } from './loginThrottle';

/** Sign-in failures the console tells apart by `error` (spec section 8 sign-in notices). */
const accountNotFound = () => new HttpError(401, 'AccountNotFoundError', 'app.server.accountNotFoundSignIn');
export const accessDenied = () => new HttpError(401, 'AuthenticationError', 'app.server.accessDenied');
const emailNotVerified = () => new HttpError(401, 'EmailNotVerifiedError', 'app.server.emailNotVerified');
const userDisabled = () => new HttpError(401, 'UserDisabledError', 'app.server.userDisabled');

/** Checks email and password, throttled per address and per email. Does not start a session. */
export async function checkCredentials(db: Db, input: LoginInput, ip: string, limit: number): Promise<User> {
  let user: User | undefined;
  const correct = await checkPasswordThrottled(db, { ip, email: input.email, limit }, async () => {
    user = await findUserByEmail(db, input.email);
    return !!user && (await verifyPassword(input.password, user.passwordHash));
  });
  if (!user) throw accountNotFound();
  if (!correct) throw accessDenied();
  if (user.status === 'disabled') throw userDisabled();
  if (!user.emailVerified) throw emailNotVerified();
  return user;
}

/** The account a fresh session starts in: the only one, else none (select-account). */
export async function defaultAccountFor(db: Db, userId: string): Promise<string | null> {
  const rows = await enabledMembershipsOf(db, userId, 2);
  return rows.length === 1 ? rows[0].id : null;
}
