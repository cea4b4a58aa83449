import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDb, migrate } from '../server/db';
import { uploadListQueries, waitingForApproval, type UploadFilters } from '../server/db/repositories/uploads';
import { accountsBySlugs } from '../server/db/repositories/demoSeedContent';
import { pagesOfAccounts, setDemoPage } from '../server/db/repositories/demoSeedPages';
import { effectiveDateRange } from '#shared/domain/dateRange';
import { seedDemo, DEMO_PASSWORD } from '../scripts/demoSeed';
import { UPLOAD_SORTS } from '#shared/domain/constants';
import { FAN_DATA_SORTS } from '#shared/domain/schemas/fanData';
import { residentAfterLists, type ListLoad } from './serverResident';
import { closeBareAnswering, listClient, measureList, printListHeader, printListRow, printResident, LIST_BENCH_RUNS } from './listMeasure';

/**
 * Fan Uploads at scale: BENCH_UPLOADS (default 1M) uploads generated in one account,
 * a quarter with a fan submission (venue, song, artist, copied onto the upload as the capture does),
 * a tenth tagged. For each filter and sort,
 * GET /api/accounts/{id}/videos (over HTTP, see listClient in listMeasure.ts: routing, guard, validation, the
 * repository's page and count queries, the account's approval count, serialisation) against the
 * same SQL statements run directly on better-sqlite3 in the same run; then Platform Uploads (GET /api/upload-videos) as a
 * platform admin with its filters. p99 over BENCH_RUNS calls (default 3000, see listMeasure.ts), with the medians beside.
 */
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 1_000_000);
const RUNS = LIST_BENCH_RUNS;
/** Calls of each list against the server in its own process, for its resident memory (serverResident.ts). */
const RESIDENT_CALLS = Math.min(RUNS, 300);

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

/** Platform Uploads: every account's uploads (the demo's and the bench's million). */
const PLATFORM_FILTERS: Record<string, Record<string, string>> = {
  'no filter': {},
  'status=pending': { status: 'pending' },
  'status=hidden': { status: 'hidden' },
  'status=content-flagged': { status: 'content-flagged' },
  'type=image': { type: 'image' },
  accountId: { accountId: '' },
  'last 30 days of 2023': { startDate: '2023-12-01', endDate: '2023-12-31' },
};

function fill(file: string, accountId: string, pageIds: string[]): void {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const started = Date.now();
  const pages = pageIds.map((id) => `'${id}'`);
  sqlite.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${UPLOADS})
    INSERT INTO uploads (id, account_id, page_id, type, status, encoding_status, original, approved_at, is_hidden, is_allowed,
                         view_count, like_count, share_token, tags, moderation_status, moderation_labels, venue_city, song, artist, created_at, updated_at)
    SELECT printf('u%08d', i), '${accountId}', CASE i % ${pages.length} ${pages.map((p, k) => `WHEN ${k} THEN ${p}`).join(' ')} END,
           CASE WHEN i % 10 = 0 THEN 'image' ELSE 'video' END, 'processed',
           CASE WHEN i % 50 = 0 THEN 'pending' WHEN i % 97 = 0 THEN 'failed' ELSE 'processed' END,
           'accounts/bench/' || i || '.mov', CASE WHEN i % 3 = 0 THEN NULL ELSE '2024-01-01T00:00:00.000Z' END,
           i % 40 = 0, i % 200 != 0, abs(random()) % 10000, abs(random()) % 1000, 's' || i,
           CASE WHEN i % 10 = 0 THEN '["tag' || (i % 7) || '"]' ELSE '[]' END, 'processed', '[]',
           CASE WHEN i % 4 = 0 THEN 'City' || (i / 4 % 10) END, CASE WHEN i % 4 = 0 THEN 'Song' || (i / 4 % 12) END, CASE WHEN i % 4 = 0 THEN 'Artist' || (i / 4 % 8) END,
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

/**
 * The bench's database: made in a temporary folder and removed after, or kept in BENCH_DATA_DIR
 * and reused by the next run there (migrated first, so a new index can be tried without
 * generating the million rows again).
 */
async function prepareData(): Promise<{ dataDir: string; file: string; accountId: string; keep: boolean }> {
  const keep = !!process.env.BENCH_DATA_DIR;
  const dataDir = keep ? path.resolve(process.env.BENCH_DATA_DIR!) : fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-uploads-'));
  const file = path.join(dataDir, 'app.sqlite');
  const reuse = keep && fs.existsSync(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const setup = createDb({ sqliteFile: file });
  await migrate(setup);
  if (!reuse) await seedDemo(setup);
  const [band] = await accountsBySlugs(setup, ['midnightowls']);
  let pageIds = (await pagesOfAccounts(setup, [band.id]))
    .filter((page) => page.name.startsWith('Bench Page '))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((page) => page.id);
  if (!reuse) {
    const { createPage } = await import('../server/services/pages');
    pageIds = [];
    for (let k = 0; k < 5; k += 1) pageIds.push((await createPage(setup, band.id, `Bench Page ${k}`)).id);
    await setDemoPage(setup, pageIds[0], { requireApproval: 1 });
  }
  await setup.destroy();
  if (!reuse) fill(file, band.id, pageIds);
  FILTERS.pageId.pageId = pageIds[2];
  return { dataDir, file, accountId: band.id, keep };
}

export async function benchUploadList(): Promise<void> {
  const { dataDir, file, accountId, keep } = await prepareData();
  const band = { id: accountId };
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { staticDir: undefined });
  const app = await buildApp(config, { logger: false });
  const client = listClient(await app.listen({ port: 0, host: '127.0.0.1' }));
  const raw = new SQLite(file, { readonly: true });
  let closed = false;
  const closeInProcess = async () => {
    if (closed) return;
    closed = true;
    raw.close();
    await client.close();
    await app.close();
    await closeBareAnswering();
  };
  try {
    const signIn = async (email: string) => {
      const login = await app.inject({ method: 'POST', url: '/api/auth', payload: { email, password: DEMO_PASSWORD } });
      return `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    };
    const widths: [number, number] = [26, 10];
    const loads: ListLoad[] = [];
    const runList = async (title: string, base: string, filters: Record<string, Record<string, string>>, email: string, accountId?: string) => {
      const cookie = await signIn(email);
      const load: ListLoad = { email, urls: [] };
      loads.push(load);
      printListHeader(title, widths);
      for (const [name, filter] of Object.entries(filters)) {
        for (const sort of UPLOAD_SORTS) {
          const url = `${base}?${new URLSearchParams({ ...filter, sort, page: '2' }).toString()}`;
          load.urls.push(url);
          const { startDate, endDate, ...rest } = filter;
          const listFilters = { ...rest, ...(accountId ? { accountId } : {}), ...effectiveDateRange({ startDate, endDate }) } as UploadFilters;
          const { rows, count } = uploadListQueries(app.deps.db, listFilters, { page: 2, limit: 48, sort, order: 'desc' });
          // Both lists answer the account's approval count beside the page (Platform Uploads when filtered to an account).
          const statements = [rows, count, ...(listFilters.accountId ? [waitingForApproval(app.deps.db, listFilters.accountId)] : [])];
          printListRow(name, sort, await measureList(client, raw, { url, cookie, statements, runs: RUNS }), widths);
        }
      }
    };
    const direct = 'direct = the same page, count and approval count SQL on better-sqlite3';
    await runList(
      `Fan Uploads list at ${UPLOADS} uploads (SQLite, p99 of ${RUNS} calls; ${direct})`,
      `/api/accounts/${band.id}/videos`,
      FILTERS,
      'owner@example.com',
      band.id,
    );
    PLATFORM_FILTERS.accountId.accountId = band.id;
    await runList(
      `Platform Uploads at ${UPLOADS} uploads (SQLite, p99 of ${RUNS} calls; ${direct})`,
      '/api/upload-videos',
      PLATFORM_FILTERS,
      'admin@example.com',
    );
    printResident('After the upload lists, this bench process (the server, and the bench beside it)');
    await closeInProcess();
    // The same lists, and the account's Fan Data (a quarter of the uploads came with a submission), against the server alone.
    loads[0].urls.push(...FAN_DATA_SORTS.map((sort) => `/api/accounts/${band.id}/data?sort=${sort}&page=2`));
    await residentAfterLists(dataDir, loads, RESIDENT_CALLS);
  } finally {
    await closeInProcess();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
