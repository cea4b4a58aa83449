import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDb, isPostgres, migrate, type Db } from '../server/db';
import { seedDemo, DEMO_PASSWORD } from '../scripts/demoSeed';
import { addMember, createAccount } from '../server/services/accountCreate';
import { createPage } from '../server/services/pages';
import { findUserByEmail } from '../server/db/repositories/users';
import { findPageById } from '../server/db/repositories/pages';
import { setPagesStatus } from '../server/db/repositories/demoSeedPages';
import { insertRollupRows } from '../server/db/repositories/statsRebuild';
import {
  countAllVisits,
  insertGeneratedVisits,
  naiveViewCount,
  naiveVisitCounts,
  naiveVisitsPerDay,
  naiveVisitsPerPage,
  settleAfterBulkLoad,
} from '../server/db/repositories/benchInsights';
import { decode, emptyRegisters, encode, estimate, registerOf } from '#shared/domain/hll';
import { addDays } from '#shared/domain/statsDays';

/**
 * Insights at scale: BENCH_VISITS visits (default 10M) over two years across 50
 * pages of one account, from BENCH_VISITORS distinct visitors (default a fifth of the visits).
 * Row i is fully determined by i (page, time, visitor, country), so the raw table is written by
 * one SQL statement (a recursive CTE on SQLite, generate_series on PostgreSQL) and the roll-ups by
 * this script from the same formulas. Then, on SQLite and on PostgreSQL (BENCH_DATABASE_URL):
 * p99 of every stats call through the app (inject) beside the naive query over the raw events;
 * the unique-visitor error against the exact count; visits per second ingested over HTTP on SQLite.
 */
const VISITS = Number(process.env.BENCH_VISITS ?? 10_000_000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? Math.max(1, Math.floor(VISITS / 5)));
const PAGES = 50;
const DAYS = 730;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const FIRST_DAY = '2024-11-01';
const SPAN_SECONDS = DAYS * 86400;
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'BR', 'MX', 'ES', 'IT', 'NL', 'SE', 'JP', 'IN', 'NG', 'ZA', 'AR', 'PL', 'IE', 'NZ'];
const LAST_DAY = addDays(FIRST_DAY, DAYS - 1);

/** Row i: the formulas the SQL of insertGeneratedVisits (server/db/repositories/benchInsights.ts) computes too. */
const pageOf = (i: number) => i % PAGES;
const secondOf = (i: number) => Math.floor((i * SPAN_SECONDS) / VISITS);
/** i * 2654435761 mod VISITORS, in doubles: both factors reduced first, their product stays exact. */
const MULTIPLIER = 2654435761 % VISITORS;
const visitorOf = (i: number) => ((i % VISITORS) * MULTIPLIER) % VISITORS;

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

interface DayRow {
  scope: number;
  day: string;
  visits: number;
  uniques: Buffer;
  uniqueCount: number;
}

interface Generated {
  days: DayRow[];
  months: Array<{ scope: number; month: string; visits: number; uniques: Buffer }>;
  countries: Array<{ scope: number; day: string; country: string; visits: number }>;
  countryMonths: Array<{ scope: number; month: string; country: string; visits: number }>;
  exact: { all: number; last30: number; page0: number };
}

/**
 * The roll-ups of all rows, in time order. Scope k < PAGES is page k, PAGES the whole account.
 * Only the open day's and month's sketches are registers (one per scope); each visitor key is
 * hashed once for its four sketches.
 */
function rollUps(): Generated {
  const scopes = PAGES + 1;
  const generated: Generated = { days: [], months: [], countries: [], countryMonths: [], exact: { all: 0, last30: 0, page0: 0 } };
  const seen = { all: new Uint8Array(VISITORS), last30: new Uint8Array(VISITORS), page0: new Uint8Array(VISITORS) };
  const last30 = addDays(LAST_DAY, -29);
  const dayNames = Array.from({ length: DAYS + 1 }, (_, d) => addDays(FIRST_DAY, d));
  const dayRegisters = Array.from({ length: scopes }, () => emptyRegisters());
  const monthRegisters = Array.from({ length: scopes }, () => emptyRegisters());
  const dayVisits = new Int32Array(scopes);
  const monthVisits = new Int32Array(scopes);
  const countryVisits = new Int32Array(scopes * COUNTRIES.length);
  const monthCountryVisits = new Int32Array(scopes * COUNTRIES.length);
  let openDay = -1;
  let openMonth = '';
  const closeDay = () => {
    for (let scope = 0; scope < scopes; scope++) {
      if (dayVisits[scope])
        generated.days.push({
          scope,
          day: dayNames[openDay],
          visits: dayVisits[scope],
          uniques: Buffer.from(encode(dayRegisters[scope])),
          uniqueCount: estimate(dayRegisters[scope]),
        });
      for (let c = 0; c < COUNTRIES.length; c++) {
        const visits = countryVisits[scope * COUNTRIES.length + c];
        if (visits) generated.countries.push({ scope, day: dayNames[openDay], country: COUNTRIES[c], visits });
        monthCountryVisits[scope * COUNTRIES.length + c] += visits;
      }
      dayRegisters[scope].fill(0);
    }
    dayVisits.fill(0);
    countryVisits.fill(0);
  };
  const closeMonth = () => {
    for (let scope = 0; scope < scopes; scope++) {
      if (monthVisits[scope])
        generated.months.push({ scope, month: openMonth, visits: monthVisits[scope], uniques: Buffer.from(encode(monthRegisters[scope])) });
      for (let c = 0; c < COUNTRIES.length; c++) {
        const visits = monthCountryVisits[scope * COUNTRIES.length + c];
        if (visits) generated.countryMonths.push({ scope, month: openMonth, country: COUNTRIES[c], visits });
      }
      monthRegisters[scope].fill(0);
    }
    monthVisits.fill(0);
    monthCountryVisits.fill(0);
  };
  for (let i = 0; i < VISITS; i++) {
    const dayIndex = Math.floor(secondOf(i) / 86400);
    if (dayIndex !== openDay) {
      if (openDay >= 0) closeDay();
      openDay = dayIndex;
      const month = dayNames[dayIndex].slice(0, 7);
      if (month !== openMonth) {
        if (openMonth) closeMonth();
        openMonth = month;
      }
    }
    const visitor = visitorOf(i);
    const { index, value } = registerOf(`v${visitor}`);
    const page = pageOf(i);
    const country = (i * 7) % COUNTRIES.length;
    for (const scope of [page, PAGES]) {
      dayVisits[scope]++;
      monthVisits[scope]++;
      countryVisits[scope * COUNTRIES.length + country]++;
      if (dayRegisters[scope][index] < value) dayRegisters[scope][index] = value;
      if (monthRegisters[scope][index] < value) monthRegisters[scope][index] = value;
    }
    seen.all[visitor] = 1;
    if (dayNames[dayIndex] >= last30) seen.last30[visitor] = 1;
    if (page === 0) seen.page0[visitor] = 1;
  }
  closeDay();
  closeMonth();
  const count = (bits: Uint8Array) => bits.reduce((sum, bit) => sum + bit, 0);
  generated.exact = { all: count(seen.all), last30: count(seen.last30), page0: count(seen.page0) };
  return generated;
}

/** Bulk inserts, a few hundred rows a statement, in one transaction. */
async function insertRollUps(db: Db, accountId: string, pageIds: string[], generated: Generated): Promise<void> {
  const pageId = (scope: number) => (scope === PAGES ? '' : pageIds[scope]);
  await db.transaction().execute(async (trx) => {
    const batch = (table: 'statsDays' | 'statsMonths' | 'statsCountries' | 'statsCountryMonths', rows: object[]) => insertRollupRows(trx, table, rows);
    await batch(
      'statsDays',
      generated.days.map((row) => ({
        accountId,
        pageId: pageId(row.scope),
        day: row.day,
        visits: row.visits,
        uniques: row.uniques,
        uniqueCount: row.uniqueCount,
      })),
    );
    await batch(
      'statsMonths',
      generated.months.map((row) => ({ accountId, pageId: pageId(row.scope), month: row.month, visits: row.visits, uniques: row.uniques })),
    );
    await batch(
      'statsCountries',
      generated.countries.map((row) => ({ accountId, pageId: pageId(row.scope), day: row.day, country: row.country, visits: row.visits })),
    );
    await batch(
      'statsCountryMonths',
      generated.countryMonths.map((row) => ({ accountId, pageId: pageId(row.scope), month: row.month, country: row.country, visits: row.visits })),
    );
  });
}

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < RUNS + 3; run++) {
    const started = process.hrtime.bigint();
    await work();
    if (run >= 3) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples;
}

export interface Prepared {
  name: string;
  db: Db;
  url: string | undefined;
  dataDir: string;
  accountId: string;
  pageIds: string[];
  generated: Generated;
  dispose: () => Promise<void>;
}

/** A database with the demo, the bench account and its generated visits (roll-ups and raw). */
/** `raw: false` leaves the raw visits out (for profiling the roll-up reads, minutes faster). */
export async function prepare(name: string, databaseUrl: string | undefined, { raw = true } = {}): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-insights-'));
  let dropDb: (() => Promise<void>) | undefined;
  let url = databaseUrl;
  if (databaseUrl) {
    const dbName = `bench_insights_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const parsed = new URL(databaseUrl);
    parsed.pathname = `/${dbName}`;
    url = parsed.toString();
    dropDb = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await client.end();
    };
  }
  const db = createDb({ databaseUrl: url, sqliteFile: path.join(dataDir, 'app.sqlite') });
  await migrate(db);
  await seedDemo(db);
  const accountId = await createAccount(db, { name: 'Bench Band', slug: 'benchband', plan: 'pro' });
  const owner = await findUserByEmail(db, 'owner@example.com');
  await addMember(db, accountId, owner!.id, 'owner');
  const pageIds: string[] = [];
  for (let k = 0; k < PAGES; k++) pageIds.push((await createPage(db, accountId, `Bench Page ${k}`)).id);
  await setPagesStatus(db, pageIds, 'enabled');

  let started = Date.now();
  const generated = rollUps();
  const generateSeconds = (Date.now() - started) / 1000;
  started = Date.now();
  await insertRollUps(db, accountId, pageIds, generated);
  const rollupSeconds = (Date.now() - started) / 1000;
  started = Date.now();
  if (raw) {
    await insertGeneratedVisits(db, {
      accountId,
      pageIds,
      visits: VISITS,
      visitors: VISITORS,
      countries: COUNTRIES,
      firstDay: FIRST_DAY,
      spanSeconds: SPAN_SECONDS,
    });
    await settleAfterBulkLoad(db);
  }
  console.log(`\nInsights on ${name}: ${VISITS.toLocaleString('en-US')} visits, ${VISITORS.toLocaleString('en-US')} visitors, ${PAGES} pages, ${DAYS} days`);
  console.log(
    `  roll-ups computed in ${generateSeconds.toFixed(1)} s (${generated.days.length.toLocaleString('en-US')} day rows, ${generated.countries.length.toLocaleString('en-US')} country rows), inserted in ${rollupSeconds.toFixed(1)} s; raw visits inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const dispose = async () => {
    await db.destroy();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { name, db, url, dataDir, accountId, pageIds, generated, dispose };
}

async function runOn(prepared: Prepared): Promise<void> {
  const { db, url, dataDir, accountId, pageIds, generated } = prepared;
  // The capture page is the built capture.html: BENCH_STATIC_DIR (a vite build --outDir), else dist.
  const staticDir = path.resolve(process.env.BENCH_STATIC_DIR ?? 'dist');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(url ? { DATABASE_URL: url } : {}) } as NodeJS.ProcessEnv, { staticDir });
  const app = await buildApp(config, { db, logger: false });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'owner@example.com', password: DEMO_PASSWORD } });
  const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  const last30 = { startDate: addDays(LAST_DAY, -29), endDate: LAST_DAY };
  const naiveRuns = Number(process.env.BENCH_NAIVE_RUNS ?? 3);
  // Tags, fan data and users are read from their own (small) tables, not from visits: no naive query.
  const calls: Array<[string, string, Record<string, string>, (() => Promise<unknown>) | null]> = [
    ['stats, all time', '', {}, () => naiveVisitCounts(db, { accountId })],
    ['stats, last 30 days', '', last30, () => naiveVisitCounts(db, { accountId }, `${last30.startDate}T00:00:00.000Z`)],
    ['stats, one page, all time', '', { pageId: pageIds[0] }, () => naiveVisitCounts(db, { pageId: pageIds[0] })],
    [
      'stats, one page, 1 year',
      '',
      { pageId: pageIds[0], startDate: addDays(LAST_DAY, -364), endDate: LAST_DAY },
      () => naiveVisitCounts(db, { pageId: pageIds[0] }, `${addDays(LAST_DAY, -364)}T00:00:00.000Z`),
    ],
    ['video-stats, all time', '/video-stats', {}, () => naiveViewCount(db, accountId)],
    ['active-pages, all time', '/active-pages', {}, () => naiveVisitsPerPage(db, accountId)],
    ['export CSV, all time', '/export', {}, () => naiveVisitsPerDay(db, accountId)],
    ['users', '/users', {}, null],
    ['tags, all time', '/tags', {}, null],
    ['dynamic-data, all time', '/dynamic-data', {}, null],
  ];
  const samplesOf = (target: string) =>
    timed(async () => {
      const response = await app.inject({ method: 'GET', url: target, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${target}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    });
  const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  // The floor: the lightest signed-in call (session and context), measured in the same run.
  const floor = p99(await samplesOf('/api/auth/context'));
  console.log(`  floor (GET /api/auth/context) p99 ${floor.toFixed(1)} ms; ${RUNS} runs a call, naive ${naiveRuns}`);
  console.log(`  ${'call'.padEnd(28)} ${'median'.padStart(9)} ${'API p99'.padStart(9)} ${'/ floor'.padStart(8)} ${'naive p99'.padStart(11)}  naive/API`);
  for (const [label, suffix, query, naive] of calls) {
    const samples = await samplesOf(`/api/account-stats/${accountId}${suffix}?${new URLSearchParams(query)}`);
    const a = p99(samples);
    let naiveText = `${'-'.padStart(11)}  ${'-'.padStart(9)}`;
    if (naive) {
      const naiveSamples: number[] = [];
      for (let run = 0; run < naiveRuns; run++) {
        const at = process.hrtime.bigint();
        await naive();
        naiveSamples.push(Number(process.hrtime.bigint() - at) / 1e6);
      }
      const b = p99(naiveSamples);
      naiveText = `${b.toFixed(1).padStart(8)} ms  ${`${(b / a).toFixed(0)}x`.padStart(9)}`;
    }
    console.log(
      `  ${label.padEnd(28)} ${median(samples).toFixed(1).padStart(6)} ms ${a.toFixed(1).padStart(6)} ms ${`${(a / floor).toFixed(1)}x`.padStart(8)} ${naiveText}`,
    );
  }
  const uniques = async (query: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: `/api/account-stats/${accountId}?${new URLSearchParams(query)}`, headers: { cookie } })).json().counts
      .uniqueVisitors as number;
  for (const [label, query, exact] of [
    ['all time', {}, generated.exact.all],
    ['last 30 days', last30, generated.exact.last30],
    ['one page, all time', { pageId: pageIds[0] }, generated.exact.page0],
  ] as const) {
    const estimated = await uniques(query);
    console.log(
      `  unique visitors, ${label.padEnd(20)} estimated ${estimated.toLocaleString('en-US')} exact ${exact.toLocaleString('en-US')} error ${((Math.abs(estimated - exact) / exact) * 100).toFixed(2)}%`,
    );
  }
  // The sum of daily uniques, the count the issue does not want, for comparison.
  let summed = 0;
  for (const row of generated.days) if (row.scope === PAGES) summed += estimate(decode(row.uniques));
  console.log(`  (summing daily uniques instead would say ${summed.toLocaleString('en-US')} for all time)`);

  if (!isPostgres(db)) {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { slug } = await findPageById(db, pageIds[1], { required: true });
    const count = () => countAllVisits(db);
    const probe = await fetch(`${address}/p/benchband/${slug}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' } });
    if (probe.status !== 200) throw new Error(`capture page: ${probe.status} ${(await probe.text()).slice(0, 200)} (build it: BENCH_STATIC_DIR)`);
    const before = await count();
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    const result = await autocannon({
      url: `${address}/p/benchband/${slug}`,
      connections: 10,
      duration: seconds,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' },
    });
    let after = await count();
    for (let wait = 0; wait < 50 && after - before < result.requests.total - result.non2xx; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await count();
    }
    console.log(
      `  HTTP ingest (capture page loads, each a visit with its roll-ups): ${((after - before) / seconds).toFixed(0)} visits/s, ${result.requests.average.toFixed(0)} pages/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
    );
  }
  await app.close();
}

export async function benchInsights(): Promise<void> {
  // BENCH_ONLY=sqlite or postgresql runs one of them (two processes can then run side by side).
  const only = process.env.BENCH_ONLY?.toLowerCase();
  for (const [name, url] of [
    ['SQLite', undefined],
    ['PostgreSQL', process.env.BENCH_DATABASE_URL],
  ] as const) {
    if ((name === 'PostgreSQL' && !url) || (only && only !== name.toLowerCase())) continue;
    const prepared = await prepare(name, url);
    try {
      await runOn(prepared);
    } finally {
      await prepared.dispose();
    }
  }
}
