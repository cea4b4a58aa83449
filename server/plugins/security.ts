import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';
import { forbidden, HttpError } from '../errors';
import { TUS_ENDPOINT } from '../../src/domain/capture';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, the version header on every response, and cross-site request
 * protection: the session cookie is SameSite=Lax, and mutating API calls must come from
 * our own origin (Origin header) and carry JSON, which a cross-site form cannot send.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, fileOrigins: string[] = []): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // fileOrigins: the S3 bucket (or CDN) the browser posts uploads to and loads files from.
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
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-app-version', config.appVersion);
    if (!request.url.startsWith('/api/')) return;
    reply.header('cache-control', 'no-store');
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      const host = request.headers.host;
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      if (originHost !== host && origin !== config.baseUrl) throw forbidden('Cross-site request refused');
    } else if (origin === 'null') {
      throw forbidden('Cross-site request refused');
    }
    const type = request.headers['content-type'];
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    // Binary bodies only where a route streams them: the local file driver's form posts and tus PATCHes.
    const binary = request.url.startsWith('/api/files/') || request.url.startsWith(TUS_ENDPOINT);
    if (hasBody && !String(type ?? '').startsWith('application/json') && !binary) {
      throw new HttpError(415, 'ValidationError', 'Unsupported content type; send application/json');
    }
  });
}
