import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { isApiRoute } from '../http/origins';
import { SESSION_COOKIE } from '#shared/domain/constants';
import { findSession, type AuthState } from '../services/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthState;
  }
}

/** Reads the session cookie of every API request into request.auth (one indexed query). */
export function registerSession(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', undefined);
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) request.auth = await findSession(db, token);
  });
}
