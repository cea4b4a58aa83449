import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
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
    redis = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
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
