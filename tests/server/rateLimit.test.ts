import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from '../../server/http/serializer';
import { z } from 'zod';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../../server/config';
import { zodValidatorCompiler } from '../../server/http/validation';
import { registerErrorHandler } from '../../server/plugins/errors';
import { registerRateLimit } from '../../server/plugins/rateLimit';
import { registerRoutes } from '../../server/routes';
import { route } from '../../server/routes/define';
import type { Deps } from '../../server/deps';
import { resources } from '#shared/resources/index';
import { permissions } from '#shared/resources/permissions';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const table = [
  route({
    method: 'POST',
    url: '/api/by-address',
    access: 'public',
    summary: 'limited per address',
    rateLimit: { max: 3, timeWindow: 60_000 },
    handler: async () => ({ ok: true }),
  }),
  route({
    method: 'POST',
    url: '/api/by-recipient',
    access: 'public',
    summary: 'limited per recipient',
    schema: { body: z.object({ email: z.string() }) },
    rateLimit: { max: 2, timeWindow: 60_000, key: (request) => (request.body as { email: string }).email.toLowerCase() },
    handler: async () => ({ ok: true }),
  }),
  route({ method: 'POST', url: '/api/unlimited', access: 'public', summary: 'not limited', handler: async () => ({ ok: true }) }),
];

/** A bare app with our error handler, the rate-limit plugin and a small route table. */
async function limitedApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('deps', {} as Deps);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerRateLimit(app, loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, overrides));
  registerRoutes(app, table, { resources, permissions });
  await app.ready();
  return app;
}

const post = (app: FastifyInstance, url: string, ip: string, payload: object = {}) => app.inject({ method: 'POST', url, remoteAddress: ip, payload });

describe('per-route rate limit in memory', () => {
  it('refuses the request past the limit per address with our 429, other addresses and routes unaffected', async () => {
    const app = await limitedApp();
    try {
      for (let i = 0; i < 3; i++) expect((await post(app, '/api/by-address', '10.1.0.1')).statusCode).toBe(200);
      const refused = await post(app, '/api/by-address', '10.1.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: 429,
        error: 'RateLimitError',
        message: 'Too many requests. Please wait a few minutes and try again.',
        messageKey: 'app.server.tooManyRequests',
        messageArgs: {},
        errors: [],
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(app, '/api/by-address', '10.1.0.2')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await post(app, '/api/unlimited', '10.1.0.1')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('counts by the route key (a recipient) across addresses', async () => {
    const app = await limitedApp();
    try {
      expect((await post(app, '/api/by-recipient', '10.2.0.1', { email: 'a@example.com' })).statusCode).toBe(200);
      expect((await post(app, '/api/by-recipient', '10.2.0.2', { email: 'A@example.com' })).statusCode).toBe(200);
      expect((await post(app, '/api/by-recipient', '10.2.0.3', { email: 'a@example.com' })).statusCode).toBe(429);
      expect((await post(app, '/api/by-recipient', '10.2.0.1', { email: 'b@example.com' })).statusCode).toBe(200);
      // Bad input is refused by validation, before any key is computed.
      expect((await post(app, '/api/by-recipient', '10.2.0.1', {})).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});

describe('per-route rate limit shared through Redis', () => {
  const prefix = `fcc-test:${randomUUID()}:`;
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('two processes share one count', async () => {
    const config = { redisUrl: REDIS_URL, redisKeyPrefix: prefix };
    const [one, two] = [await limitedApp(config), await limitedApp(config)];
    try {
      expect((await post(one, '/api/by-address', '10.3.0.1')).statusCode).toBe(200);
      expect((await post(two, '/api/by-address', '10.3.0.1')).statusCode).toBe(200);
      expect((await post(one, '/api/by-address', '10.3.0.1')).statusCode).toBe(200);
      const refused = await post(two, '/api/by-address', '10.3.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many requests. Please wait a few minutes and try again.');
      expect((await post(one, '/api/by-address', '10.3.0.2')).statusCode).toBe(200);
      const redis = new Redis(REDIS_URL);
      expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
      await redis.quit();
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
