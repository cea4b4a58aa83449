import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { submissionListQueries, type SubmissionFilters } from '../server/db/repositories/submissions';
import { effectiveDateRange } from '#shared/domain/dateRange';
import { createPage } from '../server/services/pages';
import { DEMO_PASSWORD } from '../scripts/demoSeed';
import { seededSqlite } from './seededSqlite';
import { FAN_DATA_SORTS, type FanDataSort } from '#shared/domain/schemas/fanData';
import { closeBareAnswering, listClient, measureList, printListHeader, printListRow, printResident, LIST_BENCH_RUNS } from './listMeasure';

/**
 * The Fan Data table at scale: BENCH_SUBMISSIONS (default 1M) submissions in one
 * account over 5 pages. Each filter with the default sort, and each sort without a filter:
 * GET /api/accounts/{id}/data page 2 (over HTTP, see listClient in listMeasure.ts) against the same page and count
 * SQL run directly on better-sqlite3 in the same run. p99 over BENCH_RUNS calls (default 3000, see listMeasure.ts), with the medians beside.
 */
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1_000_000);
const RUNS = LIST_BENCH_RUNS;

const FILTERS: Record<string, Record<string, string>> = {
  'no filter': {},
  pageId: { pageId: '' },
  'venue=City3': { venue: 'City3' },
  'song=Song4': { song: 'Song4' },
  'artist=Artist5': { artist: 'Artist5' },
  'marketingConsent=true': { marketingConsent: 'true' },
  'Dec 2023': { startDate: '2023-12-01', endDate: '2023-12-31' },
};

function fill(file: string, accountId: string, pageIds: string[]): void {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const pages = pageIds.map((id, k) => `WHEN ${k} THEN '${id}'`).join(' ');
  sqlite.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SUBMISSIONS})
    INSERT INTO submissions (id, account_id, page_id, first_name, last_name, email, country, city, state, venue_city, song, artist, marketing_consent, terms_accepted, created_at)
    SELECT printf('s%08d', i), '${accountId}', CASE i % ${pageIds.length} ${pages} END, 'First' || (i % 997), 'Last' || (i % 991), 'fan' || i || '@example.com',
           CASE i % 3 WHEN 0 THEN 'US' WHEN 1 THEN 'GB' ELSE 'DE' END, 'Austin', 'TX', 'City' || (i % 10), 'Song' || (i % 12), 'Artist' || (i % 8), i % 2, '[]',
           strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || (i * ${Math.floor((4 * 365 * 86400) / SUBMISSIONS)}) || ' seconds')
    FROM n;
    PRAGMA optimize = 0x10002;
  `);
  sqlite.close();
}

export async function benchFanDataList(): Promise<void> {
  const { dataDir, file, db: setup, bandId } = await seededSqlite('fcc-bench-fandata-');
  const pageIds: string[] = [];
  for (let k = 0; k < 5; k += 1) pageIds.push((await createPage(setup, bandId, `Bench Page ${k}`)).id);
  await setup.destroy();
  const started = Date.now();
  fill(file, bandId, pageIds);
  FILTERS.pageId.pageId = pageIds[2];

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { staticDir: undefined });
  const app = await buildApp(config, { logger: false });
  const client = listClient(await app.listen({ port: 0, host: '127.0.0.1' }));
  const raw = new SQLite(file, { readonly: true });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'owner@example.com', password: DEMO_PASSWORD } });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const widths: [number, number] = [24, 17];
    printListHeader(
      `Fan Data table at ${SUBMISSIONS} submissions (generated in ${((Date.now() - started) / 1000).toFixed(1)} s; SQLite, p99 of ${RUNS} calls; direct = the same page and count SQL on better-sqlite3)`,
      widths,
    );
    const cases: [string, FanDataSort][] = [
      ...Object.keys(FILTERS).map((name): [string, FanDataSort] => [name, 'createdAt']),
      ...FAN_DATA_SORTS.filter((s) => s !== 'createdAt').map((s): [string, FanDataSort] => ['no filter', s]),
    ];
    for (const [name, sort] of cases) {
      const filter = FILTERS[name];
      const url = `/api/accounts/${bandId}/data?${new URLSearchParams({ ...filter, sort, page: '2' }).toString()}`;
      const { startDate, endDate, marketingConsent, ...rest } = filter;
      const filters: SubmissionFilters = {
        ...rest,
        accountId: bandId,
        ...effectiveDateRange({ startDate, endDate }),
        ...(marketingConsent ? { marketingConsent: marketingConsent === 'true' } : {}),
      };
      const { rows, count } = submissionListQueries(app.deps.db, filters, { page: 2, limit: 50, sort, order: 'desc' });
      printListRow(name, sort, await measureList(client, raw, { url, cookie, statements: [rows, count], runs: RUNS }), widths);
    }
    printResident('After the Fan Data list');
  } finally {
    raw.close();
    await client.close();
    await app.close();
    await closeBareAnswering();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
