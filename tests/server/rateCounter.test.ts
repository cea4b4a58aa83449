import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../../server/config';
import { rateCounter, registerRateLimit } from '../../server/plugins/rateLimit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function appWith(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await registerRateLimit(app, loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, overrides));
  await app.ready();
  return app;
}

/** Limits checked by hand (server/services/captureLimits.ts) count in the route limits' store. */
describe('rate counters checked by hand', () => {
  it('count per key in memory, each max and window its own counter', async () => {
    const app = await appWith();
    try {
      const twice = rateCounter(app, 2, 60_000);
      expect([await twice('a'), await twice('a'), await twice('a'), await twice('b')]).toEqual([false, false, true, false]);
      expect(rateCounter(app, 2, 60_000)).toBe(twice);
      expect(await rateCounter(app, 1, 60_000)('a')).toBe(false);
    } finally {
      await app.close();
    }
  });

  const prefix = `fcc-test:${randomUUID()}:`;
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('share one count between processes through Redis', async () => {
    const config = { redisUrl: REDIS_URL, redisKeyPrefix: prefix };
    const [one, two] = [await appWith(config), await appWith(config)];
    try {
      expect(await rateCounter(one, 2, 60_000)('shared')).toBe(false);
      expect(await rateCounter(two, 2, 60_000)('shared')).toBe(false);
      expect(await rateCounter(one, 2, 60_000)('shared')).toBe(true);
      expect(await rateCounter(two, 2, 60_000)('other')).toBe(false);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
