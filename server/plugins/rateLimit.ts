import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { tooManyRequests } from '../errors';

/**
 * @fastify/rate-limit for routes that declare `rateLimit` in the route table (global: false).
 * With REDIS_URL the counts live in Redis, so every process shares them; otherwise in memory.
 * A refusal is our JSON error (429) through the one error handler.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    const { Redis: RedisClient } = await import('ioredis');
    redis = new RedisClient(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
    redis.on('error', (err) => app.log.warn({ err }, 'rate limit store (Redis) unavailable'));
    app.addHook('onClose', async () => {
      await redis!.quit().catch(() => redis!.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: config.redisKeyPrefix,
    // A Redis outage lets requests through rather than failing every limited route.
    skipOnError: true,
    errorResponseBuilder: () => tooManyRequests(),
  });
}

/** Counts one request under `key`; true when that made it more than the counter's `max` in its window. */
type RateCounter = (key: string) => Promise<boolean>;

const counters = new WeakMap<FastifyInstance, Map<string, RateCounter>>();

/**
 * A limit checked by hand, in the same store as the route limits (Redis when configured): for
 * keys known only once the handler has read the database (a page resolved from its slugs, a
 * browser's token checked against it) and for requests that count against several limits.
 * One counter per max and window, made once per app.
 */
export function rateCounter(app: FastifyInstance, max: number, timeWindow: number): RateCounter {
  let made = counters.get(app);
  if (!made) counters.set(app, (made = new Map()));
  const name = `${max}/${timeWindow}`;
  let counter = made.get(name);
  if (!counter) {
    const limit = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => (request as unknown as { limitKey: string }).limitKey });
    // The limiter reads only its key and the route's rate-limit config (none) from the request.
    counter = async (key) => {
      const result = await limit({ limitKey: key, routeOptions: { config: {} } } as unknown as FastifyRequest);
      return !result.isAllowed && result.isExceeded;
    };
    made.set(name, counter);
  }
  return counter;
}
