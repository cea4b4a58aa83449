import type { FastifyRequest } from 'fastify';
import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';
import type { Config } from '../config';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Origins whose pages may call the API: BASE_URL's origin and ALLOWED_ORIGINS. When BASE_URL
 * is a loopback address (the demo's default), its other loopback spellings on the same port
 * are ours too: a DNS-rebinding page has its own host name in Origin, never a loopback one.
 */
export function trustedOrigins(config: Pick<Config, 'baseUrl' | 'allowedOrigins'>): Set<string> {
  const base = new URL(config.baseUrl);
  const origins = new Set([base.origin, ...config.allowedOrigins]);
  if (LOOPBACK_HOSTS.includes(base.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`);
  }
  return origins;
}

/** True for API routes, decided on the route the router matched (decoded), never on the raw URL. */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

/**
 * A request a page of ours made: the browser says same-origin (or a typed address), or, where
 * it sends no Sec-Fetch-Site, a trusted Origin or the console's own header.
 */
export function isSameOriginRequest(request: FastifyRequest, trusted: Set<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin) return trusted.has(origin);
  return request.headers[CONSOLE_REQUEST_HEADER.name] === CONSOLE_REQUEST_HEADER.value;
}
