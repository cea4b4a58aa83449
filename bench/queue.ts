import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrate, type Db } from '../server/db';
import { createQueue } from '../server/adapters/queue';
import { benchPostgresServer, withPostgresDatabase } from './postgresDatabase';

const JOBS = Number(process.env.BENCH_JOBS ?? 2000);

async function throughput(db: Db, concurrency: number): Promise<number> {
  const queue = createQueue(db, { pollMs: 20 });
  let done = 0;
  let finished!: () => void;
  const all = new Promise<void>((resolve) => (finished = resolve));
  const kind = `bench-${concurrency}`;
  queue.work(kind, async () => {
    if (++done === JOBS) finished();
  });
  for (let i = 0; i < JOBS; i++) await queue.enqueue(kind, { i });
  const start = performance.now();
  await queue.start(concurrency);
  await all;
  const perSecond = JOBS / ((performance.now() - start) / 1000);
  await queue.stop(5000);
  return perSecond;
}

/** Empty jobs per second through each driver (queued first, then drained by the workers). */
export async function benchQueue(): Promise<void> {
  console.log(`\nQueue: ${JOBS} empty jobs, queued then drained`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-queue-'));
  const sqlite = createDb({ sqliteFile: path.join(dir, 'bench.sqlite') });
  await migrate(sqlite);
  for (const concurrency of [1, 4]) console.log(`  jobs table (SQLite)  WORKERS=${concurrency}  ${(await throughput(sqlite, concurrency)).toFixed(0)} jobs/s`);
  await sqlite.destroy();
  fs.rmSync(dir, { recursive: true, force: true });

  const server = benchPostgresServer();
  if (!server) return console.log('  pg-boss: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');
  await withPostgresDatabase(server, 'bench', async (url) => {
    const db = createDb({ databaseUrl: url });
    try {
      await migrate(db);
      for (const concurrency of [1, 4]) console.log(`  pg-boss (PostgreSQL)  WORKERS=${concurrency}  ${(await throughput(db, concurrency)).toFixed(0)} jobs/s`);
    } finally {
      await db.destroy();
    }
  });
}
