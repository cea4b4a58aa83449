import { loginSchema } from '#shared/domain/schemas/auth';
import { idParam } from '#shared/domain/schemas/common';
import { appContextSchema, okSchema } from '#shared/domain/schemas/context';
import { unauthenticated } from '../errors';
import { clearSessionCookie, setSessionCookie } from '../http/cookies';
import { checkCredentials, defaultAccountFor } from '../services/auth';
import { touchLastLogin } from '../db/repositories/users';
import { buildContext } from '../services/context';
import { createSession, deleteSession, setSessionAccount } from '../services/sessions';
import { selectableAccount } from '../services/memberships';
import { taggedRoute, type RouteDef } from './define';

const route = taggedRoute('auth');

export const authRoutes: RouteDef[] = [
  route({
    method: 'POST',
    url: '/api/auth',
    access: 'public',
    summary: 'Sign in with email and password; answers the context',
    schema: { body: loginSchema, response: { 200: appContextSchema } },
    async handler(request, reply) {
      const { db, config } = request.server.deps;
      const user = await checkCredentials(db, request.body, request.ip, config.loginRateLimit);
      const accountId = await defaultAccountFor(db, user.id);
      const token = await createSession(db, user.id, accountId);
      await touchLastLogin(db, user.id);
      setSessionCookie(reply, config, token);
      return buildContext(db, config, user, accountId);
    },
  }),
  route({
    method: 'GET',
    url: '/api/auth/context',
    access: 'signedIn',
    summary: 'The signed-in user, their current account, configuration and system defaults',
    schema: { response: { 200: appContextSchema } },
    async handler(request) {
      const { db, config } = request.server.deps;
      const auth = request.auth!;
      return buildContext(db, config, auth.user, auth.session.accountId);
    },
  }),
  route({
    method: 'GET',
    url: '/api/auth/logout',
    access: 'public',
    // A GET by the spec: only our own pages may call it, or any site could sign users out.
    sameOriginOnly: true,
    summary: 'End the session (GET and HEAD; refused with 403 when another site sends it)',
    schema: { response: { 200: okSchema } },
    async handler(request, reply) {
      const { db, config } = request.server.deps;
      if (request.auth) await deleteSession(db, request.auth.session.tokenHash);
      clearSessionCookie(reply, config);
      return { ok: true };
    },
  }),
  route({
    method: 'POST',
    url: '/api/auth/switch-account/:id',
    access: 'signedIn',
    summary: 'Make an account the current one of this session',
    schema: { params: idParam, response: { 200: appContextSchema } },
    async handler(request) {
      const { db, config } = request.server.deps;
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const account = await selectableAccount(db, auth.user, request.params.id);
      await setSessionAccount(db, auth.session.tokenHash, account.id);
      return buildContext(db, config, auth.user, account.id);
    },
  }),
];
