import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '#shared/domain/constants';

/** The session cookie's attributes; clearing it must name the same ones. */
const sessionCookie = (config: Config) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies });

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookie(config), maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookie(config));
}
