import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDb, migrate } from '../server/db';
import { uploadListQueries, type UploadFilters } from '../server/db/repositories/uploads';
import { effectiveDateRange } from '../server/services/dateRange';
import { seedDemo, DEMO_PASSWORD } from '../scripts/demoSeed';
import { UPLOAD_SORTS } from '../src/domain/constants';

/**
 * Fan Uploads at scale (issue 12): BENCH_UPLOADS (default 1M) uploads generated in one account,
 * a quarter with a fan submission (venue, song, artist), a tenth tagged. For each filter and sort,
 * GET /api/accounts/{id}/videos (through Fastify's inject: routing, guard, validation, the
 * repository's page and count queries, serialisation) against the same two SQL statements run
 * directly on better-sqlite3 in the same run. p99 over BENCH_RUNS calls (default 50).
 */
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const FILTERS: Record<string, Record<string, string>> = {
  'no filter': {},
  'status=pending': { status: 'pending' },
  'status=failed': { status: 'failed' },
  'status=hidden': { status: 'hidden' },
  'status=requires-approval': { status: 'requires-approval' },
  'type=image': { type: 'image' },
  pageId: { pageId: '' },
  'tag=tag3': { tag: 'tag3' },
  'venue=City3': { venue: 'City3' },
  'song=Song4': { song: 'Song4' },
  'artist=Artist5': { artist: 'Artist5' },
  'last 30 days of 2023': { startDate: '2023-12-01', endDate: '2023-12-31' },
};

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

function fill(file: string, accountId: string, pageIds: string[]): void {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const started = Date.now();
  const pages = pageIds.map((id) => `'${id}'`);
  sqlite.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${UPLOADS})
    INSERT INTO uploads (id, account_id, page_id, type, status, encoding_status, original, approved_at, is_hidden, is_allowed,
                         view_count, like_count, share_token, tags, moderation_status, moderation_labels, created_at, updated_at)
    SELECT printf('u%08d', i), '${accountId}', CASE i % ${pages.length} ${pages.map((p, k) => `WHEN ${k} THEN ${p}`).join(' ')} END,
           CASE WHEN i % 10 = 0 THEN 'image' ELSE 'video' END, 'processed',
           CASE WHEN i % 50 = 0 THEN 'pending' WHEN i % 97 = 0 THEN 'failed' ELSE 'processed' END,
           'accounts/bench/' || i || '.mov', CASE WHEN i % 3 = 0 THEN NULL ELSE '2024-01-01T00:00:00.000Z' END,
           i % 40 = 0, i % 200 != 0, abs(random()) % 10000, abs(random()) % 1000, 's' || i,
           CASE WHEN i % 10 = 0 THEN '["tag' || (i % 7) || '"]' ELSE '[]' END, 'processed', '[]',
           strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || (i * ${Math.floor((4 * 365 * 86400) / UPLOADS)}) || ' seconds'),
           '2024-01-01T00:00:00.000Z'
    FROM n;
    INSERT INTO upload_tags (upload_id, account_id, tag)
      SELECT id, account_id, json_extract(tags, '$[0]') FROM uploads WHERE account_id = '${accountId}' AND tags != '[]';
    INSERT INTO submissions (id, account_id, page_id, upload_id, email, venue_city, song, artist, marketing_consent, created_at)
      SELECT 'sub' || substr(id, 2), account_id, page_id, id, 'fan' || substr(id, 2) || '@example.com',
             'City' || (CAST(substr(id, 2) AS INTEGER) / 4 % 10), 'Song' || (CAST(substr(id, 2) AS INTEGER) / 4 % 12),
             'Artist' || (CAST(substr(id, 2) AS INTEGER) / 4 % 8), CAST(substr(id, 2) AS INTEGER) / 4 % 2, created_at
      FROM uploads WHERE account_id = '${accountId}' AND CAST(substr(id, 2) AS INTEGER) % 4 = 0;
  `);
  sqlite.close();
  console.log(`  generated ${UPLOADS} uploads in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function benchUploadList(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-uploads-'));
  const file = path.join(dataDir, 'app.sqlite');
  const setup = createDb({ sqliteFile: file });
  await migrate(setup);
  await seedDemo(setup);
  const band = await setup.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
  const { createPage } = await import('../server/services/pages');
  const pageIds: string[] = [];
  for (let k = 0; k < 5; k += 1) pageIds.push((await createPage(setup, band.id, `Bench Page ${k}`)).id);
  await setup.updateTable('pages').set({ requireApproval: 1 }).where('id', '=', pageIds[0]).execute();
  await setup.destroy();
  fill(file, band.id, pageIds);
  FILTERS.pageId.pageId = pageIds[2];

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { staticDir: undefined });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const raw = new SQLite(file, { readonly: true });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'owner@example.com', password: DEMO_PASSWORD } });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    console.log(`\nFan Uploads list at ${UPLOADS} uploads (SQLite, p99 of ${RUNS} calls; direct = the same page and count SQL on better-sqlite3)`);
    console.log(`  ${'filter'.padEnd(26)} ${'sort'.padEnd(10)} ${'API p99'.padStart(9)} ${'direct p99'.padStart(11)}  ratio  total`);
    for (const [name, filter] of Object.entries(FILTERS)) {
      for (const sort of UPLOAD_SORTS) {
        const query = new URLSearchParams({ ...filter, sort, page: '2' }).toString();
        const url = `/api/accounts/${band.id}/videos?${query}`;
        const api: number[] = [];
        let total = 0;
        for (let run = 0; run < RUNS + 3; run += 1) {
          const started = process.hrtime.bigint();
          const response = await app.inject({ method: 'GET', url, headers: { cookie } });
          if (run >= 3) api.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
          total = response.json().total;
        }
        const { startDate, endDate, ...rest } = filter;
        const filters = { ...rest, accountId: band.id, ...effectiveDateRange({ startDate, endDate }) } as UploadFilters;
        const { rows, count } = uploadListQueries(app.deps.db, filters, { page: 2, limit: 48, sort, order: 'desc' });
        const [rowsSql, countSql] = [rows.compile(), count.compile()];
        const [rowsStatement, countStatement] = [raw.prepare(rowsSql.sql), raw.prepare(countSql.sql)];
        const direct: number[] = [];
        for (let run = 0; run < RUNS + 3; run += 1) {
          const started = process.hrtime.bigint();
          rowsStatement.all(...(rowsSql.parameters as unknown[]));
          countStatement.get(...(countSql.parameters as unknown[]));
          if (run >= 3) direct.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
        const [a, d] = [p99(api), p99(direct)];
        console.log(`  ${name.padEnd(26)} ${sort.padEnd(10)} ${a.toFixed(1).padStart(6)} ms ${d.toFixed(1).padStart(8)} ms  ${(a / d).toFixed(2).padStart(5)}  ${total}`);
      }
    }
  } finally {
    raw.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
