import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedDemo, DEMO_PASSWORD } from '../scripts/demoSeed';
import { measure, printFigures, type Figure } from './measure';
import { benchPostgresServer, withPostgresDatabase } from './postgresDatabase';

/**
 * GET /api/auth/context for a signed-in user (session lookup, user, account and role) against
 * a bare Fastify hello-world route, both over loopback in the same run: the ratio says what
 * our per-request work costs on this machine. On SQLite, and on PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server. A third figure is the ceiling: bare
 * Fastify sending the context's own body and headers, with no work behind them.
 */
export async function benchAuthContext(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const server = benchPostgresServer();
  await benchOn('SQLite', undefined, rounds);
  if (server) await withPostgresDatabase(server, 'bench_auth', (url) => benchOn('PostgreSQL', url, rounds));
  else console.log('  PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');
}

async function benchOn(name: string, databaseUrl: string | undefined, rounds: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } as NodeJS.ProcessEnv, {
    staticDir: undefined,
  });
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
  const sample = await fetch(`${appUrl}/api/auth/context`, { headers: { cookie } });
  const body = await sample.text();
  const headers: Record<string, string> = {};
  sample.headers.forEach((value, key) => {
    if (!['content-length', 'date', 'connection', 'keep-alive'].includes(key)) headers[key] = value;
  });

  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  bare.get('/same-answer', async (_request, reply) => reply.headers(headers).send(body));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  try {
    // Alternating rounds, best of each: on a shared machine one round alone says more about the neighbours than about us.
    const hellos: Figure[] = [];
    const ceilings: Figure[] = [];
    const contexts: Figure[] = [];
    for (let round = 0; round < rounds; round++) {
      hellos.push(await measure('bare Fastify GET /hello', `${bareUrl}/hello`));
      ceilings.push(await measure('bare Fastify, the same answer', `${bareUrl}/same-answer`));
      contexts.push(await measure('GET /api/auth/context (signed in)', `${appUrl}/api/auth/context`, { headers: { cookie } }));
    }
    const best = (figures: Figure[]) => figures.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const [hello, ceiling, context] = [best(hellos), best(ceilings), best(contexts)];
    if (contexts.some((figure) => figure.non2xx > 0)) throw new Error('GET /api/auth/context answered non-2xx during the bench');
    printFigures(`Auth context vs bare Fastify (${name}, 10 connections, best of ${rounds} alternating rounds)`, [hello, ceiling, context]);
    const ratio = (figure: Figure) => (figure.requestsPerSecond / hello.requestsPerSecond).toFixed(2);
    const micros = (figure: Figure) => (1e6 / figure.requestsPerSecond).toFixed(0);
    console.log(`  ratio context/bare: ${ratio(context)} of the bare throughput (the same answer from bare Fastify: ${ratio(ceiling)})`);
    console.log(`  per request: bare ${micros(hello)} us, the same answer ${micros(ceiling)} us, context ${micros(context)} us`);
    const cpuRatio = (figure: Figure) => (hello.cpuMicrosPerRequest / figure.cpuMicrosPerRequest).toFixed(2);
    console.log(
      `  by CPU per request (this process's, client included; steadier on a busy machine): context/bare ${cpuRatio(context)}, the same answer ${cpuRatio(ceiling)}`,
    );
  } finally {
    await bare.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
