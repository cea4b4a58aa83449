import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createDb, migrate } from '../server/db';
import { seedDemo } from '../scripts/demoSeed';
import { lazyMediaTools } from '../server/adapters/media/tools';
import { probeMedia } from '../server/adapters/media/probe';
import { reviewArgs } from '../server/adapters/media/encode';
import { atLowPriority } from '../server/adapters/media/lowPriority';
import { loadConfig } from '../server/config';

const OWLS = { accountSlug: 'midnightowls', pageSlug: 'summertour2026' };
const seconds = (from: number) => (performance.now() - from) / 1000;
const b64 = (value: string) => Buffer.from(value).toString('base64');

/**
 * After the show: a backlog of BENCH_BURST_CLIPS fan clips (default 100; 720p phone-like
 * clips of 5-10 s, a handful of distinct ones in turn) submitted at once through tus and the
 * submission endpoint to a real server process with the demo's defaults (one process, WORKERS=1).
 * It reports the time to the first reviewable clip (mp4, thumbnail and moderation verdict), the
 * reviewable clips per minute against a bare ffmpeg loop making the same mp4 and thumbnail with the
 * same arguments on the same clips in the same run, and the fan capture page's p99 on the idle
 * server and while the backlog is worked off.
 */
export async function benchBurst(): Promise<void> {
  const count = Number(process.env.BENCH_BURST_CLIPS ?? 100);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-burst-'));
  const tools = lazyMediaTools({})();
  const clips = makeClips(tools.ffmpeg, work);
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const db = createDb({ sqliteFile: path.join(dataDir, 'app.sqlite') });
  await migrate(db);
  await seedDemo(db);
  await db.destroy();

  const port = 3900 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(dataDir, port);
  try {
    await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.ok === true, 120);
    const idle = await pageLoads(base, Number(process.env.BENCH_PAGE_LOADS ?? 300));

    const serverCpuBefore = cpuSecondsOf(server.pid!);
    const started = performance.now();
    const submitted = await submitAll(base, clips, count);
    const submitSeconds = seconds(started);
    const loaded = await pageLoads(base, Number(process.env.BENCH_PAGE_LOADS ?? 300));

    const sqlite = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true });
    const reviewableCount = () =>
      (sqlite
        .prepare(
          "SELECT count(*) AS n FROM uploads WHERE id IN (SELECT value FROM json_each(?)) AND mp4 IS NOT NULL AND thumbnail IS NOT NULL AND moderation_status = 'processed'",
        )
        .get(JSON.stringify(submitted)) as { n: number }).n;
    let first = 0;
    await waitFor(async () => {
      const n = reviewableCount();
      if (n > 0 && !first) first = seconds(started);
      return n >= submitted.length;
    }, 4 * 3600);
    const allReviewable = seconds(started);
    const serverCpu = cpuSecondsOf(server.pid!) - serverCpuBefore;
    sqlite.close();
    // Gone before the bare loop: reaped later, its CPU would be counted as the bare loop's children's.
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;

    const bareCpuBefore = cpuSecondsOf(process.pid);
    const bare = await bareLoop(tools, clips, count, work);
    const bareCpu = cpuSecondsOf(process.pid) - bareCpuBefore;
    const appRate = (submitted.length / allReviewable) * 60;
    const bareRate = (count / bare) * 60;
    console.log(`\nAfter the show: ${count} clips of 720p (${Math.min(count, clips.length)} distinct of ${clips.map((c) => `${(fs.statSync(c).size / 1e6).toFixed(1)} MB`).join(', ')}), ${os.cpus().length} cores, WORKERS=1`);
    console.log(`  submitted ${submitted.length} in ${submitSeconds.toFixed(1)} s`);
    console.log(`  first reviewable after ${first.toFixed(1)} s (goal under 30 s); all reviewable after ${allReviewable.toFixed(0)} s`);
    console.log(`  reviewable per minute ${appRate.toFixed(1)}   bare ffmpeg mp4+thumbnail per minute ${bareRate.toFixed(1)}   ratio ${(appRate / bareRate).toFixed(2)} (goal at least 0.9)`);
    if (serverCpu > 0 && bareCpu > 0) {
      console.log(`  CPU per clip (whatever else the machine runs): server and its tools from the burst's start (the capture page loads meanwhile included) ${(serverCpu / submitted.length).toFixed(2)} s   bare ${(bareCpu / count).toFixed(2)} s   ratio bare / server ${(bareCpu / count / (serverCpu / submitted.length)).toFixed(2)}`);
    }
    console.log(`  capture page p99: idle ${idle.p99.toFixed(0)} ms (median ${idle.p50.toFixed(0)})   with the backlog ${loaded.p99.toFixed(0)} ms (median ${loaded.p50.toFixed(0)})   ratio ${(loaded.p99 / idle.p99).toFixed(2)} (goal at most 2)`);
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * CPU seconds of a process and its finished children (Linux /proc; 0 elsewhere): on a machine
 * other work shares, wall-clock rates move with the load, CPU per clip much less.
 */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime: fields 14-17 of stat, in clock ticks (100 a second on Linux).
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return 0;
  }
}

/** Phone-like 720p30 clips of 5 to 10 s with sound, each different so no encode is a repeat of another. */
function makeClips(ffmpeg: string, dir: string): string[] {
  const sources = ['testsrc2', 'smptehdbars', 'mandelbrot', 'life=s=1280x720:mold=10:r=30:ratio=0.1', 'cellauto=s=1280x720:rule=110'];
  return sources.map((source, i) => {
    const file = path.join(dir, `clip${i}.mp4`);
    const input = source.includes('=') ? source : `${source}=size=1280x720:rate=30`;
    execFileSync(ffmpeg, [
      '-v', 'error', '-f', 'lavfi', '-i', input, '-f', 'lavfi', '-i', `sine=frequency=${330 + i * 110}:sample_rate=48000`,
      // Sensor noise, as phones' footage has: flat test patterns would encode unusually fast.
      '-t', String(5 + i), '-vf', 'noise=alls=12:allf=t', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '5M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', file,
    ]);
    return file;
  });
}

function startServer(dataDir: string, port: number): ChildProcess {
  // One process (tsx's CLI would start the server in a child of its own, which a kill would miss).
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      // One bench client stands for a crowd: the per-address fences must not count it as one fan.
      CAPTURE_UPLOAD_RATE_LIMIT: '100000',
      CAPTURE_SUBMIT_RATE_LIMIT: '100000',
      CAPTURE_UNFINISHED_PER_ADDRESS: '100000',
      CAPTURE_PAGE_LOAD_RATE_LIMIT: '100000',
    },
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, maxSeconds: number): Promise<void> {
  const until = Date.now() + maxSeconds * 1000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not done after ${maxSeconds} s`);
}

/** Every clip through tus (one POST and one PATCH) and the submission, 10 fans at a time; answers the upload ids. */
async function submitAll(base: string, clips: string[], count: number): Promise<string[]> {
  const payload = await (await fetch(`${base}/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}`)).json() as { clientToken?: string };
  const ids: string[] = [];
  let next = 0;
  const fan = async () => {
    while (next < count) {
      const i = next++;
      const bytes = fs.readFileSync(clips[i % clips.length]);
      const headers: Record<string, string> = { 'tus-resumable': '1.0.0' };
      const token = payload.clientToken;
      const created = await fetch(`${base}/api/public/uploads`, {
        method: 'POST',
        headers: {
          ...headers,
          'upload-length': String(bytes.length),
          'upload-metadata': [`accountSlug ${b64(OWLS.accountSlug)}`, `pageSlug ${b64(OWLS.pageSlug)}`, `filename ${b64(`clip${i}.mp4`)}`, `filetype ${b64('video/mp4')}`, ...(token ? [`clientToken ${b64(token)}`] : [])].join(','),
        },
      });
      if (created.status !== 201) throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
      const url = new URL(created.headers.get('location')!, base).toString();
      const patched = await fetch(url, { method: 'PATCH', headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(bytes) });
      if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}`);
      const submitted = await fetch(`${base}/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-capture-token': token } : {}) },
        body: JSON.stringify({
          uploadId: url.split('/').pop(), firstName: 'Fan', lastName: `Number ${i}`, email: `fan${i}@example.com`, country: 'United States', city: 'Austin', state: 'TX',
          venueCity: 'Denver, CO', song: 'Hollow Moon', marketingConsent: false, website: '', ...(token ? { clientToken: token } : {}),
        }),
      });
      if (submitted.status !== 201) throw new Error(`submission answered ${submitted.status}: ${await submitted.text()}`);
      ids.push(((await submitted.json()) as { uploadId: string }).uploadId);
    }
  };
  await Promise.all(Array.from({ length: 10 }, fan));
  return ids;
}

/** `n` loads of the capture page's data, 4 at a time, as fans opening it: p50 and p99 in ms. */
async function pageLoads(base: string, n: number): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  let left = n;
  const visitor = async () => {
    while (left-- > 0) {
      const started = performance.now();
      const answer = await fetch(`${base}/api/public/pages/${OWLS.accountSlug}/${OWLS.pageSlug}`, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) bench' } });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`the capture page answered ${answer.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: 4 }, visitor));
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] };
}

/**
 * The same probe and the pipeline's ffmpeg run for the mp4 and thumbnail (the pipeline's also writes
 * the moderation frames) on the same clips, one after the other: seconds for all.
 */
async function bareLoop(tools: { ffmpeg: string; ffprobe: string }, clips: string[], count: number, dir: string): Promise<number> {
  const config = loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const clip = clips[i % clips.length];
    const probe = await probeMedia(tools.ffprobe, clip);
    const outputs = { mp4: path.join(dir, 'bare.mp4'), thumbnail: path.join(dir, 'bare.jpg') };
    // At the pipeline's niceness: on a box other work shares, a bare loop at 0 would be measured against a pipeline at 10.
    execFileSync(...atLowPriority(tools.ffmpeg, reviewArgs(clip, outputs, probe, config.capture.maxDurationSeconds)), { stdio: 'ignore' });
  }
  return seconds(started);
}
