import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { forbidden, HttpError } from '../errors';
import { isApiRoute, isSameOriginRequest, trustedOrigins } from '../http/origins';
import { TUS_ENDPOINT } from '#shared/domain/capture';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (logout): answered only to our own pages. */
    sameOriginOnly?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Header name to value, the same for every answer. */
type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The security headers of every answer (helmet's, with our CSP). fileOrigins: the S3 bucket
 * (or CDN) uploads go to and files come from. They depend on nothing in the request, so they
 * are computed once here: @fastify/helmet rebuilt helmet's middleware on every request, which
 * cost more than the rest of a signed-in GET's work.
 */
export function securityHeaders(config: Config, fileOrigins: string[] = []): SecurityHeaders {
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
        mediaSrc: ["'self'", 'blob:', ...fileOrigins],
        connectSrc: ["'self'", ...fileOrigins],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  headers['x-app-version'] = config.appVersion;
  return Object.freeze(headers);
}

/**
 * Security headers, the version header on every response, and cross-site request
 * protection: the session cookie is SameSite=Lax, mutating API calls must come from one of
 * our origins (BASE_URL, ALLOWED_ORIGINS; never compared with Host, which a DNS-rebinding
 * page controls) and carry JSON, which a cross-site form cannot send. Which requests are API
 * calls is decided on the matched route, so an encoded path (`/%61pi/...`) cannot skip this.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, headers: SecurityHeaders): Promise<void> {
  const trusted = trustedOrigins(config);

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (!isApiRoute(request)) return;
    reply.header('cache-control', 'no-store');
    if (request.routeOptions.config.sameOriginOnly && !isSameOriginRequest(request, trusted)) {
      throw forbidden('app.server.crossSiteRefused');
    }
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !trusted.has(origin)) throw forbidden('app.server.crossSiteRefused');
    const type = request.headers['content-type'];
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    // Binary bodies only where a route streams them: the local file driver's form posts and tus PATCHes.
    const route = request.routeOptions.url ?? '';
    const binary = route.startsWith('/api/files/') || route.startsWith(TUS_ENDPOINT);
    if (hasBody && !String(type ?? '').startsWith('application/json') && !binary) {
      throw new HttpError(415, 'ValidationError', 'app.server.unsupportedContentType');
    }
  });
}

/**
 * Lets other sites put this answer in an iframe (the embeddable wall and the share page's player):
 * frame-ancestors opened for this answer only, and no X-Frame-Options.
 */
export function allowFraming(reply: FastifyReply): void {
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  if (policy) reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}
