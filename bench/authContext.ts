import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedDemo, DEMO_PASSWORD } from '../scripts/demoSeed';
import { measure, printFigures, type Figure } from './measure';

/**
 * GET /api/auth/context for a signed-in user (session lookup, user, account and role) against
 * a bare Fastify hello-world route, both over loopback in the same run: the ratio says what
 * our per-request work costs on this machine.
 */
export async function benchAuthContext(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { staticDir: undefined });
  const app = await buildApp(config, { logger: false });
  await seedDemo(app.deps.db);
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${appUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@example.com', password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`sign-in failed: ${login.status}`);

  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  try {
    // Alternating rounds, best of each: on a shared machine one round alone says more about the neighbours than about us.
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const hellos: Figure[] = [];
    const contexts: Figure[] = [];
    for (let round = 0; round < rounds; round++) {
      hellos.push(await measure('bare Fastify GET /hello', `${bareUrl}/hello`));
      contexts.push(await measure('GET /api/auth/context (signed in)', `${appUrl}/api/auth/context`, { headers: { cookie } }));
    }
    const best = (figures: Figure[]) => figures.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const hello = best(hellos);
    const context = best(contexts);
    if (contexts.some((figure) => figure.non2xx > 0)) throw new Error('GET /api/auth/context answered non-2xx during the bench');
    printFigures(`Auth context vs bare Fastify (SQLite, 10 connections, best of ${rounds} alternating rounds)`, [hello, context]);
    console.log(`  ratio context/bare: ${(context.requestsPerSecond / hello.requestsPerSecond).toFixed(2)} of the bare throughput`);
  } finally {
    await bare.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
