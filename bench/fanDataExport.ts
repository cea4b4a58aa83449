import { spawn } from 'node:child_process';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createPage } from '../server/services/pages';
import { DEMO_PASSWORD } from '../scripts/demoSeed';
import { seededSqlite } from './seededSqlite';

/**
 * Fan data export at scale: BENCH_SUBMISSIONS (default 1M) submissions in one
 * account, exported over HTTP by GET /api/accounts/{id}/export-submissions, beside `sqlite3 -csv`
 * running a query on the same rows in the same run: rows per second of each, and how much the
 * server's resident memory grew while it streamed.
 */
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1_000_000);

/**
 * The lines a command writes to its standard output, counted by `wc -l` reading the command's
 * output straight from the pipe: neither output passes through this process, which is also the
 * server's, so the count costs the export nothing. Also answers what the command wrote to its
 * standard error. Rejects when either fails.
 */
function linesOf(command: string, args: string[]): Promise<{ lines: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const counter = spawn('wc', ['-l'], { stdio: [child.stdout, 'pipe', 'inherit'] });
    child.stdout.destroy();
    let output = '';
    let stderr = '';
    counter.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exits = [child, counter].map(
      (process, index) =>
        new Promise<void>((done, fail) => {
          process.on('error', fail);
          // 'exit', not 'close': the command's output pipe is wc's, never read (so never closed) here.
          process.on(index ? 'close' : 'exit', (code) => (code === 0 ? done() : fail(new Error(`${index ? 'wc' : command} exited with ${code}: ${stderr}`))));
        }),
    );
    Promise.all(exits).then(() => resolve({ lines: Number(output.trim()), stderr }), reject);
  });
}

/** The CPU seconds of this process (the server's) since `started`. */
const cpuSince = (started: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
};

export async function benchFanDataExport(): Promise<void> {
  const { dataDir, file, db: setup, bandId } = await seededSqlite('fcc-bench-export-');
  const page = await createPage(setup, bandId, 'Export Page');
  await setup.destroy();
  const sqlite = new SQLite(file);
  const started = Date.now();
  sqlite.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SUBMISSIONS})
    INSERT INTO submissions (id, account_id, page_id, first_name, last_name, email, country, city, state, phone, venue_city, song, artist, marketing_consent, terms_accepted, created_at)
    SELECT printf('s%08d', i), '${bandId}', '${page.id}', 'First' || i, 'Last' || i, 'fan' || i || '@example.com', 'US', 'Austin', 'TX',
           '+1 555 ' || (i % 10000), 'City' || (i % 10), 'Song' || (i % 12), 'Artist' || (i % 8), i % 2, '["I agree to the terms"]',
           strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || (i * 100) || ' seconds')
    FROM n;
  `);
  sqlite.close();
  console.log(`\nFan data export of ${SUBMISSIONS} submissions (SQLite; generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`);

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { staticDir: undefined });
  const app = await buildApp(config, { logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: DEMO_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    // Both outputs are read the same way: a child process writes them to a pipe `wc -l` counts.
    // (Reading the export with fetch here would put the client's work in the server's thread.)
    const apiStarted = process.hrtime.bigint();
    const apiCpuStarted = process.cpuUsage();
    const { lines } = await linesOf('curl', ['-sS', '--fail', '-H', `cookie: ${cookie}`, `${url}/api/accounts/${bandId}/export-submissions`]);
    const apiSeconds = Number(process.hrtime.bigint() - apiStarted) / 1e9;
    const apiCpu = cpuSince(apiCpuStarted);
    clearInterval(sampler);

    const cliStarted = process.hrtime.bigint();
    // sqlite3 run by bash's `time`, which writes its CPU seconds (user, system) to standard error.
    const cli = await linesOf('bash', [
      '-c',
      'TIMEFORMAT="%U %S"; time sqlite3 "$@"',
      'bash',
      '-csv',
      '-header',
      file,
      `SELECT created_at, first_name || ' ' || last_name, email, dob, country, city || ', ' || state, zip, phone, instagram, tiktok, venue_city, song, artist, 0, 0, upload_id, marketing_consent, terms_accepted FROM submissions WHERE account_id = '${bandId}' ORDER BY created_at DESC, id DESC`,
    ]);
    const cliSeconds = Number(process.hrtime.bigint() - cliStarted) / 1e9;
    const cliLines = cli.lines;
    const cliCpu = cli.stderr
      .trim()
      .split(/\s+/)
      .slice(-2)
      .map(Number)
      .reduce((a, b) => a + b, 0);
    const apiRate = (lines - 1) / apiSeconds;
    const cliRate = (cliLines - 1) / cliSeconds;
    console.log(`  export-submissions  ${lines - 1} rows in ${apiSeconds.toFixed(1)} s = ${apiRate.toFixed(0)} rows/s`);
    console.log(`  sqlite3 -csv        ${cliLines - 1} rows in ${cliSeconds.toFixed(1)} s = ${cliRate.toFixed(0)} rows/s`);
    console.log(
      `  ratio ${(apiRate / cliRate).toFixed(2)} of sqlite3's rows per second; server RSS grew ${((rssPeak - rssBefore) / 1048576).toFixed(0)} MB during the export`,
    );
    // CPU seconds barely move when other processes take the cores, where rows per second do.
    console.log(
      `  CPU: the server ${apiCpu.toFixed(2)} s (${((apiCpu / (lines - 1)) * 1e6).toFixed(1)} us a row), sqlite3 ${cliCpu.toFixed(2)} s: ratio ${(cliCpu / apiCpu).toFixed(2)}`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
