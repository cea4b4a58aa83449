import { z } from 'zod';
import {
  forgotPasswordSchema,
  invitationSchema,
  inviteExistingUserSchema,
  inviteNewUserSchema,
  resetPasswordSchema,
  sendVerifyEmailSchema,
  verifyEmailSchema,
} from '#shared/domain/schemas/auth';
import { appContextSchema, okSchema } from '#shared/domain/schemas/context';
import { setSessionCookie } from '../http/cookies';
import { forgotPassword, resendVerification, resetPassword, verifyEmail } from '../services/authFlows';
import { checkCredentials } from '../services/auth';
import { findUserByEmail, findUserById, touchLastLogin } from '../db/repositories/users';
import { buildContext } from '../services/context';
import { createSession } from '../services/sessions';
import { createUser } from '../services/users';
import { acceptInvitation, describeInvitation, findInvitation } from '../services/invitations';
import { conflict, forbidden } from '../errors';
import { taggedRoute, type RouteDef } from './define';
import { routeLimits } from './limits';

const route = taggedRoute('auth');
const tokenParam = z.object({ token: z.string().min(1).max(200) });
const ok = { ok: true } as const;
/** Every route here: anyone may call it, a limited number of times per address. */
const anonymous = { access: 'public', rateLimit: routeLimits.anonymousAuth } as const;

export const authFlowRoutes: RouteDef[] = [
  route({
    method: 'POST',
    url: '/api/auth/forgot-password',
    ...anonymous,
    summary: 'Mail a password reset link (answers the same whether the email exists or not)',
    schema: { body: forgotPasswordSchema, response: { 200: okSchema } },
    async handler(request) {
      forgotPassword(request.server.deps, request.body.email);
      return ok;
    },
  }),
  route({
    method: 'POST',
    url: '/api/auth/reset-password',
    ...anonymous,
    summary: 'Set a new password with a reset (or set-password) link; ends every session of the user',
    schema: { body: resetPasswordSchema, response: { 200: okSchema } },
    async handler(request) {
      await resetPassword(request.server.deps, request.body.token, request.body.password);
      return ok;
    },
  }),
  route({
    method: 'POST',
    url: '/api/auth/verify-email',
    ...anonymous,
    summary: 'Verify an email address (or make a changed email take effect) with a mailed link',
    schema: { body: verifyEmailSchema, response: { 200: okSchema.extend({ email: z.string() }) } },
    async handler(request) {
      return { ok: true, ...(await verifyEmail(request.server.deps, request.body.token)) };
    },
  }),
  route({
    method: 'POST',
    url: '/api/auth/send-verify-email',
    ...anonymous,
    summary: 'Mail a new verification link (needs the password)',
    schema: { body: sendVerifyEmailSchema, response: { 200: okSchema } },
    async handler(request) {
      await resendVerification(request.server.deps, request.body, request.ip);
      return ok;
    },
  }),
  route({
    method: 'GET',
    url: '/api/auth/account-invitations/:token',
    ...anonymous,
    summary: 'The invitation behind a link: email, role, account, whether the user exists',
    schema: { params: tokenParam, response: { 200: invitationSchema } },
    async handler(request) {
      return describeInvitation(request.server.deps.db, request.params.token);
    },
  }),
  route({
    method: 'POST',
    url: '/api/auth/account-invitations/:token',
    ...anonymous,
    summary: 'Accept an invitation as a new user, with the password of an existing one, or signed in as the invited email',
    schema: {
      params: tokenParam,
      body: z.union([inviteNewUserSchema, inviteExistingUserSchema, z.object({}).strict()]),
      response: { 200: appContextSchema },
    },
    async handler(request, reply) {
      const deps = request.server.deps;
      const { db, config } = deps;
      const invite = await findInvitation(db, request.params.token);
      if (invite.accountStatus !== 'enabled') throw forbidden('app.server.accountNotActive');
      const body = request.body as Record<string, unknown>;
      let userId: string;
      if ('firstName' in body) {
        const input = inviteNewUserSchema.parse(body);
        if (await findUserByEmail(db, invite.email)) throw conflict('app.server.invitedUserExists');
        userId = await createUser(db, { ...input, email: invite.email, emailVerified: true, status: 'enabled' });
      } else if ('password' in body) {
        const user = await checkCredentials(db, { email: invite.email, password: String(body.password) }, request.ip, config.loginRateLimit);
        userId = user.id;
      } else {
        const signedIn = request.auth?.user;
        if (!signedIn || signedIn.email !== invite.email) throw forbidden('app.server.signInAsInvited');
        userId = signedIn.id;
      }
      await acceptInvitation(db, invite.id, userId);
      const token = await createSession(db, userId, invite.accountId);
      await touchLastLogin(db, userId);
      setSessionCookie(reply, config, token);
      const user = await findUserById(db, userId, { required: true });
      return buildContext(db, config, user, invite.accountId);
    },
  }),
];
