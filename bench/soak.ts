import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { Agent, fetch } from 'undici';
import { lazyMediaTools } from '../server/adapters/media/tools';
import { makeBurstClips, type BurstClip, type ClipSpec } from './burstClips';
import {
  freePort,
  listLoad,
  listLoads,
  pageLoad,
  pageLoads,
  percentiles,
  reviewableIds,
  seconds,
  sendClip,
  staffSession,
  startServer,
  timedLoad,
  waitFor,
  type Percentiles,
  type StaffSession,
} from './captureClient';
import { profileBusy, profilesIn, summariseProfile } from './cpuProfile';
import { seededSqlite } from './seededSqlite';

/** What a venue's phones film: 720p H.264 of 5 to 10 s, some held upright. */
const SOAK_SPECS: ClipSpec[] = [
  { path: 'h264', source: 'testsrc2', width: 1280, height: 720, seconds: 5, portrait: true },
  { path: 'h264', source: 'cellauto', width: 1280, height: 720, seconds: 7, portrait: false },
  { path: 'h264', source: 'testsrc2', width: 1280, height: 720, seconds: 8, portrait: false },
  { path: 'h264', source: 'cellauto', width: 1280, height: 720, seconds: 10, portrait: true },
];

const METRICS_TOKEN = 'bench-soak-metrics-token';
const MB = 1_000_000;

/**
 * Every fan connects from an address of its own on the loopback's 127.0.0.0/8 (a socket bound to
 * it), so the server's per-address fences see 200 phones, as they would at a venue on mobile data:
 * the server does not trust X-Forwarded-For as `npm start` runs it (TRUST_PROXY false), and the
 * limits keep their defaults. Fans are 127.1.x.y, the steady capture page loads 127.2.0.y.
 */
const addressOf = (range: number, i: number) => `127.${range}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** A file's bytes read from disk as they are sent, at most `bytesPerSecond`: a phone's uplink, not loopback's. */
async function* paced(file: string, bytesPerSecond: number): AsyncGenerator<Uint8Array> {
  const started = performance.now();
  let sent = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 16 * 1024 }) as AsyncIterable<Buffer>) {
    const wait = started + (sent / bytesPerSecond) * 1000 - performance.now();
    if (wait > 0) await sleep(wait);
    sent += chunk.length;
    yield chunk;
  }
}

type FanResult = { id: string; clip: BurstClip; pageMs: number; submitMs: number; totalMs: number; submittedAt: number } | { error: string };

/** One fan from its own address: opens the capture page, sends its clip at the uplink's pace, submits the form. */
async function fanVisit(base: string, clip: BurstClip, i: number, uplink: number): Promise<FanResult> {
  const dispatcher = new Agent({ localAddress: addressOf(1, i) });
  const started = performance.now();
  try {
    const page = await pageLoad(base, dispatcher);
    const { clientToken: token } = (await page.json()) as { clientToken?: string };
    if (!page.ok) throw new Error(`the capture page answered ${page.status}`);
    const pageMs = performance.now() - started;
    const size = fs.statSync(clip.file).size;
    const { id, submitMs } = await sendClip(base, clip, size, i, { token, body: paced(clip.file, uplink), dispatcher });
    return { id, clip, pageMs, submitMs, totalMs: performance.now() - started, submittedAt: performance.now() };
  } catch (error) {
    return { error: error instanceof Error ? error.message.slice(0, 120) : String(error) };
  } finally {
    await dispatcher.close();
  }
}

/** `fans` fans arriving evenly over `spanSeconds`, clips taken in turn; resolves when the last is done. */
async function runCrowd(base: string, clips: BurstClip[], fans: number, spanSeconds: number, uplink: number): Promise<FanResult[]> {
  const gapMs = (spanSeconds * 1000) / fans;
  return Promise.all(
    Array.from({ length: fans }, async (_, i) => {
      await sleep(i * gapMs);
      return fanVisit(base, clips[i % clips.length], i, uplink);
    }),
  );
}

/** Calls `tick` every `ms` whether or not the one before has answered (a slow server must not thin the samples); the stop waits for those under way. */
function every(ms: number, tick: () => Promise<void>): () => Promise<void> {
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const call = tick().finally(() => pending.delete(call));
    pending.add(call);
  }, ms);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
  };
}

/** The event-loop delay prom-client read since its previous scrape (it resets the histogram at each), in ms. */
interface LoopDelay {
  p99: number;
  mean: number;
  max: number;
}

async function scrapeLoopDelay(base: string): Promise<LoopDelay> {
  const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`/metrics answered ${answer.status}`);
  const gauge = (name: string) => Number(new RegExp(`^fcc_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p99: gauge('p99'), mean: gauge('mean'), max: gauge('max') };
}

/** While the crowd is on: the staff's list every second, the capture page at `pageRate` a second, the server's loop delay every 5 s. */
function sampleDuringSoak(base: string, staff: StaffSession, pageRate: number, probe: () => Agent) {
  const page: number[] = [];
  const list: number[] = [];
  const loop: LoopDelay[] = [];
  const failures: string[] = [];
  const caught = (work: () => Promise<void>) => () => work().catch((error: unknown) => void failures.push(String(error)));
  const stops = [
    every(
      1000,
      caught(async () => void list.push(await timedLoad('the upload list', () => listLoad(base, staff)))),
    ),
    every(
      1000 / pageRate,
      caught(async () => void page.push(await timedLoad('the capture page', () => pageLoad(base, probe())))),
    ),
    every(
      5000,
      caught(async () => void loop.push(await scrapeLoopDelay(base))),
    ),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    return { page, list, loop, failures };
  };
}

/** When each upload became reviewable (performance.now()), read from the server's database every 250 ms while it runs. */
function watchReviewable(file: string) {
  const sqlite = new Database(file, { readonly: true });
  const seen = new Map<string, number>();
  const look = () => {
    const now = performance.now();
    for (const id of reviewableIds(sqlite)) if (!seen.has(id)) seen.set(id, now);
  };
  look();
  const timer = setInterval(look, 250);
  return {
    seen,
    stop() {
      clearInterval(timer);
      sqlite.close();
    },
  };
}

/** SIGTERM, as an operator stops `npm start`: the server closes and exits, and Node writes the profile on the way. False if it had to be killed. */
async function stopServer(server: ChildProcess, maxSeconds: number): Promise<boolean> {
  if (server.exitCode !== null) return true;
  const exited = new Promise<boolean>((resolve) => server.once('exit', () => resolve(true)));
  server.kill('SIGTERM');
  const clean = await Promise.race([exited, sleep(maxSeconds * 1000, false)]);
  if (!clean) server.kill('SIGKILL');
  return clean;
}

const ms = (figures: Percentiles) => `p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms`;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The venue soak: BENCH_SOAK_FANS phone-like fans (default 200) arriving evenly over
 * BENCH_SOAK_SECONDS (default 300), each from its own address, each opening the capture page,
 * sending a 720p H.264 clip of 5-10 s through tus at a 1 MB/s uplink (BENCH_SOAK_UPLINK_BYTES a
 * second) and submitting the form, to `npm start`'s single process (server/main.ts, jobs in it,
 * WORKERS at its default unless BENCH_SOAK_WORKERS) under Node's CPU profiler. While the crowd is
 * on, staff load Fan Uploads every second and the capture page is loaded BENCH_SOAK_PAGE_RATE
 * times a second (default 5); both are timed against an idle baseline (BENCH_PAGE_LOADS loads,
 * default 300), and the server's event-loop delay is read from /metrics. Measuring stops when the
 * crowd does; the clips still in their first look are waited for (up to 120 s) to time every
 * clip's, from its submission to reviewable; the server is then stopped and its profile summed up.
 */
export async function benchSoak(): Promise<void> {
  const fans = Number(process.env.BENCH_SOAK_FANS ?? 200);
  const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
  const uplink = Number(process.env.BENCH_SOAK_UPLINK_BYTES ?? MB);
  const pageRate = Number(process.env.BENCH_SOAK_PAGE_RATE ?? 5);
  const idleLoads = Number(process.env.BENCH_PAGE_LOADS ?? 300);
  const loadAtStart = os.loadavg();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-soak-'));
  const clips = makeBurstClips(lazyMediaTools({})().ffmpeg, work, SOAK_SPECS);
  const seeded = await seededSqlite('fcc-bench-soak-data-');
  await seeded.db.destroy();
  const profileDir = path.join(work, 'profile');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(seeded.dataDir, port, {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    // A short grace: the job under way when the crowd stops is handed back, not waited for.
    env: { METRICS_TOKEN, SHUTDOWN_GRACE_SECONDS: '1', ...(process.env.BENCH_SOAK_WORKERS ? { WORKERS: process.env.BENCH_SOAK_WORKERS } : {}) },
  });
  const probes = Array.from({ length: 32 }, (_, i) => new Agent({ localAddress: addressOf(2, i) }));
  let probeTurn = 0;
  const probe = () => probes[probeTurn++ % probes.length];
  const ownLoop = monitorEventLoopDelay({ resolution: 10 });
  try {
    await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.ok === true, 120);
    const staff = await staffSession(base, seeded.bandId);
    // Untimed first calls: they compile the routes' code and fill caches, which no fan at a show meets.
    await pageLoads(base, 50, probe);
    await listLoads(base, staff, 20);
    await scrapeLoopDelay(base);
    const idlePage = await pageLoads(base, idleLoads, probe);
    const idleList = await listLoads(base, staff, idleLoads);
    const idleLoop = await scrapeLoopDelay(base);

    ownLoop.enable();
    const started = performance.now();
    const fromMicros = Number(process.hrtime.bigint() / 1000n);
    const stopSampling = sampleDuringSoak(base, staff, pageRate, probe);
    const watcher = watchReviewable(seeded.file);
    const crowd = await runCrowd(base, clips, fans, soakSeconds, uplink);
    const crowdSeconds = seconds(started);
    const toMicros = Number(process.hrtime.bigint() / 1000n);
    const during = await stopSampling();
    ownLoop.disable();
    const reviewable = new Set(watcher.seen.keys());
    const loadAtEnd = os.loadavg();
    const stored = crowd.filter((fan) => 'id' in fan);
    // The last fans' clips are still in their first look: waited for (not timed beyond their own latency).
    await waitFor(() => stored.every((fan) => watcher.seen.has(fan.id)), 120).catch(() => undefined);
    watcher.stop();
    const firstLooks = stored.filter((fan) => watcher.seen.has(fan.id)).map((fan) => watcher.seen.get(fan.id)! - fan.submittedAt);
    await Promise.all(probes.map((agent) => agent.close()));
    const clean = await stopServer(server, 60);
    const [main, ...others] = profilesIn(profileDir);

    const errors = new Map<string, number>();
    for (const fan of crowd) if ('error' in fan) errors.set(fan.error, (errors.get(fan.error) ?? 0) + 1);
    const soakPage = percentiles(during.page);
    const soakList = percentiles(during.list);
    const load = (figures: number[]) => figures.map((figure) => figure.toFixed(2)).join(' ');
    const sizes = clips.map(
      (clip) => `${clip.height}p${clip.portrait ? ' portrait' : ''} ${clip.seconds} s ${(fs.statSync(clip.file).size / MB).toFixed(1)} MB`,
    );

    console.log(
      `\nVenue soak: ${fans} fans over ${soakSeconds} s, each from its own address, at ${(uplink / MB).toFixed(1)} MB/s, clips taken in turn from ${clips.length} H.264 mp4 (${sizes.join(', ')}); ${os.cpus().length} cores, load average ${load(loadAtStart)} at the start, ${load(loadAtEnd)} when the crowd stopped`,
    );
    console.log(`  crowd done after ${crowdSeconds.toFixed(0)} s: ${stored.length} of ${fans} submissions stored`);
    for (const [error, count] of errors) console.log(`    ${count} failed: ${error}`);
    if (stored.length) {
      console.log(`  submission (the form's POST): ${ms(percentiles(stored.map((fan) => fan.submitMs)))}`);
      console.log(`  a fan's whole visit (page, upload at the uplink's pace, submission): ${ms(percentiles(stored.map((fan) => fan.totalMs)))}`);
      console.log(`  a fan's own capture page load (new connection): ${ms(percentiles(stored.map((fan) => fan.pageMs)))}`);
    }
    console.log(`  reviewable when the crowd stopped: ${stored.filter((fan) => reviewable.has(fan.id)).length} of ${stored.length}`);
    if (firstLooks.length) {
      const looks = percentiles(firstLooks);
      console.log(
        `  a clip reviewable after its submission (the first look, read every 250 ms): p50 ${(looks.p50 / 1000).toFixed(1)} s, p99 ${(looks.p99 / 1000).toFixed(1)} s, max ${(Math.max(...firstLooks) / 1000).toFixed(1)} s (${firstLooks.length} of ${stored.length} within 120 s of the crowd's end)`,
      );
    }
    console.log(
      `  capture page: idle ${ms(idlePage)}   under the soak ${ms(soakPage)} (${during.page.length} loads)   p99 ratio ${(soakPage.p99 / idlePage.p99).toFixed(2)} (goal at most 2)`,
    );
    console.log(`  staff's upload list: idle ${ms(idleList)}   under the soak ${ms(soakList)} (${during.list.length} loads) (goal p99 under 100 ms)`);
    const p99s = during.loop.map((scrape) => scrape.p99);
    console.log(
      `  server's event-loop delay (prom-client, 10 ms resolution, over each 5 s between scrapes): idle p99 ${idleLoop.p99.toFixed(1)} ms   under the soak p99 max ${Math.max(...p99s).toFixed(1)} ms, mean of p99s ${mean(p99s).toFixed(1)} ms, mean ${mean(during.loop.map((scrape) => scrape.mean)).toFixed(1)} ms, max ${Math.max(...during.loop.map((scrape) => scrape.max)).toFixed(0)} ms (goal p99 under 50 ms; ${during.loop.length} scrapes)`,
    );
    console.log(`  the bench's own event-loop delay p99 ${(ownLoop.percentile(99) / 1e6).toFixed(1)} ms (a busy client would add to the figures above)`);
    if (during.failures.length) console.log(`  ${during.failures.length} sampling calls failed, the first: ${during.failures[0]}`);
    if (!clean) console.log('  the server did not exit within 60 s of SIGTERM and was killed: no profile');
    if (!main) console.log(`  no .cpuprofile in ${profileDir}`);
    else for (const line of summariseProfile(main.file, process.cwd(), { fromMicros, toMicros })) console.log(`  ${line}`);
    for (const { file, thread } of others) console.log(`  thread ${thread} of the web process (tsx's module loader, workers): ${profileBusy(file)}`);
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    await Promise.all(probes.map((agent) => agent.close().catch(() => undefined)));
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(seeded.dataDir, { recursive: true, force: true });
  }
}
