import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createDb, migrate } from '../server/db';
import { seedDemo } from '../scripts/demoSeed';
import { pageIdsBySlugs } from '../server/db/repositories/pages';
import { lazyMediaTools } from '../server/adapters/media/tools';
import { BURST_SPECS, describeClips, makeBurstClips, type BurstClip, type ClipPath } from './burstClips';
import { measureFloor, type FloorRun } from './burstFloors';
import { treeCpuSeconds } from './processCpu';
import { freePort, listLoads, OWLS, pageLoad, pageLoads, reviewableIds, seconds, sendClip, staffSession, startServer, waitFor } from './captureClient';

const PATHS: ClipPath[] = ['h264', 'hevc'];
const PATH_NAME: Record<ClipPath, string> = { h264: 'H.264 mp4', hevc: 'HEVC .mov' };

/** One clip of the burst becoming reviewable: when, and the server's share of time and CPU since the one before. */
interface Reviewable {
  clip: BurstClip;
  at: number;
  wallSeconds: number;
  cpuSeconds: number;
}

/**
 * After the show: a backlog of BENCH_BURST_CLIPS fan clips (default 40) submitted at once through
 * tus and the submission endpoint to a real server process (server/main.ts, one process,
 * BENCH_BURST_WORKERS, default 1, plus the slot every process keeps for first looks). The clips are phone-like, 60% H.264 mp4 and 40% HEVC .mov (see
 * burstClips.ts), made once a run and taken in turn. It reports the time to the first reviewable
 * clip (mp4, thumbnail and moderation verdict), reviewable clips per minute against two floors of
 * bare ffmpeg on the same clips in the same run (burstFloors.ts: (a) re-encode everything, (b)
 * remux the H.264 clips and seek to their frames, re-encode the rest), per path the CPU seconds
 * per reviewable clip, and the p99 of the capture page and of the staff's upload list on the idle
 * server and while the backlog is worked off. BENCH_BURST_PATH (h264 or hevc) takes that path's
 * clips alone. The floors run each distinct clip BENCH_FLOOR_ROUNDS times (default 1) and are
 * weighed by how often the burst took it.
 */
export async function benchBurst(): Promise<void> {
  const count = Number(process.env.BENCH_BURST_CLIPS ?? 40);
  const workers = process.env.BENCH_BURST_WORKERS ?? '1';
  const loadAtStart = os.loadavg();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-burst-'));
  const tools = lazyMediaTools({})();
  const generating = performance.now();
  // One path alone measures it without the other's clips worked beside it.
  const only = process.env.BENCH_BURST_PATH as ClipPath | undefined;
  if (only && !PATHS.includes(only)) throw new Error(`BENCH_BURST_PATH is ${PATHS.join(' or ')}, not '${only}'`);
  const paths = PATHS.filter((kind) => !only || kind === only);
  const clips = makeBurstClips(
    tools.ffmpeg,
    work,
    BURST_SPECS.filter((spec) => paths.includes(spec.path)),
  );
  const generateSeconds = seconds(generating);
  const burstClips = Array.from({ length: count }, (_, i) => clips[i % clips.length]);
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const db = createDb({ sqliteFile: path.join(dataDir, 'app.sqlite') });
  await migrate(db);
  await seedDemo(db);
  const owls = await pageIdsBySlugs(db, OWLS.accountSlug, OWLS.pageSlug);
  await db.destroy();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(dataDir, port, {
    env: {
      WORKERS: workers,
      // One bench client stands for a crowd: the per-address fences must not count it as one fan.
      CAPTURE_UPLOAD_RATE_LIMIT: '100000',
      CAPTURE_SUBMIT_RATE_LIMIT: '100000',
      CAPTURE_UNFINISHED_PER_ADDRESS: '100000',
      CAPTURE_PAGE_LOAD_RATE_LIMIT: '100000',
    },
  });
  try {
    await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.ok === true, 120);
    const idle = await pageLoads(base, Number(process.env.BENCH_PAGE_LOADS ?? 300));
    const staff = await staffSession(base, owls!.accountId);
    const listIdle = await listLoads(base, staff, Number(process.env.BENCH_PAGE_LOADS ?? 300));

    const watcher = watchReviewable(path.join(dataDir, 'app.sqlite'), server.pid!);
    const submitted = await submitAll(base, burstClips);
    const submitSeconds = seconds(watcher.started);
    const loaded = await pageLoads(base, Number(process.env.BENCH_PAGE_LOADS ?? 300));
    const listLoaded = await listLoads(base, staff, Number(process.env.BENCH_PAGE_LOADS ?? 300));
    const reviewed = await watcher.until(submitted, 4 * 3600);
    const serverCpu = watcher.cpuSoFar();
    // Gone before the floors: reaped later, its CPU would be counted as the floors' children's.
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;

    const rounds = Number(process.env.BENCH_FLOOR_ROUNDS ?? 1);
    const encode = measureFloor('encode', tools.ffmpeg, clips, work, rounds);
    const h264 = clips.filter((clip) => clip.path === 'h264');
    const remuxed = measureFloor('remux', tools.ffmpeg, h264, work, rounds);
    const floorA = new Map(clips.map((clip, i) => [clip, encode[i]]));
    const floorB = new Map(clips.map((clip, i) => [clip, clip.path === 'h264' ? remuxed[h264.indexOf(clip)] : encode[i]]));

    const first = reviewed[0];
    const last = reviewed.at(-1)!;
    const rate = (n: number, wall: number) => (n / wall) * 60;
    const appRate = rate(reviewed.length, last.at);
    const floorRate = (floor: Map<BurstClip, FloorRun>, only?: ClipPath) => {
      const taken = burstClips.filter((clip) => !only || clip.path === only);
      return rate(
        taken.length,
        taken.reduce((sum, clip) => sum + floor.get(clip)!.wallSeconds, 0),
      );
    };
    // The first clip's share holds the server's start on the burst (model load, the first uploads): left out per path.
    const after = reviewed.slice(1);
    const ofPath = (kind: ClipPath) => after.filter((r) => r.clip.path === kind);
    const appPathRate = (kind: ClipPath) =>
      rate(
        ofPath(kind).length,
        ofPath(kind).reduce((sum, r) => sum + r.wallSeconds, 0),
      );
    const appPathCpu = (kind: ClipPath) => ofPath(kind).reduce((sum, r) => sum + r.cpuSeconds, 0) / ofPath(kind).length;
    const floorPathCpu = (floor: Map<BurstClip, FloorRun>, kind: ClipPath) => {
      const taken = burstClips.filter((clip) => clip.path === kind);
      return taken.reduce((sum, clip) => sum + floor.get(clip)!.cpuSeconds, 0) / taken.length;
    };
    const a = floorRate(floorA);
    const b = floorRate(floorB);
    const load = (figures: number[]) => figures.map((figure) => figure.toFixed(2)).join(' ');
    const n = (kind: ClipPath) => burstClips.filter((clip) => clip.path === kind).length;

    console.log(
      `\nAfter the show: ${count} clips (${n('h264')} H.264, ${n('hevc')} HEVC) taken in turn from ${describeClips(clips)}, made in ${generateSeconds.toFixed(0)} s; ${os.cpus().length} cores, WORKERS=${workers}, load average ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end`,
    );
    console.log(`  submitted ${submitted.length} in ${submitSeconds.toFixed(1)} s`);
    console.log(
      `  first reviewable after ${first.at.toFixed(1)} s (${PATH_NAME[first.clip.path]}; goal under 5 s); all reviewable after ${last.at.toFixed(0)} s`,
    );
    console.log(
      `  reviewable per minute: pipeline ${appRate.toFixed(1)}   floor (a) bare re-encode ${a.toFixed(1)}   floor (b) bare remux of H.264 and re-encode of the rest ${b.toFixed(1)}`,
    );
    console.log(`  ratio pipeline / floor (a) ${(appRate / a).toFixed(2)}   pipeline / floor (b) ${(appRate / b).toFixed(2)}`);
    for (const kind of paths) {
      const goal = kind === 'h264' ? ' (goal at least 0.67: within 1.5x)' : '';
      console.log(
        `  ${PATH_NAME[kind].padEnd(10)} per minute (after the first clip): pipeline ${appPathRate(kind).toFixed(1)}   floor (a) ${floorRate(floorA, kind).toFixed(1)}   floor (b) ${floorRate(floorB, kind).toFixed(1)}   ratio pipeline / floor (b) ${(appPathRate(kind) / floorRate(floorB, kind)).toFixed(2)}${goal}`,
      );
    }
    for (const kind of paths) {
      console.log(
        `  ${PATH_NAME[kind].padEnd(10)} CPU s per reviewable clip: pipeline ${appPathCpu(kind).toFixed(2)} (server and its tools)   floor (a) ${floorPathCpu(floorA, kind).toFixed(2)}   floor (b) ${floorPathCpu(floorB, kind).toFixed(2)} (ffmpeg)`,
      );
    }
    console.log(
      `  CPU per clip over the whole burst (submissions and page loads included; the model loaded as the server started): ${(serverCpu / reviewed.length).toFixed(2)} s`,
    );
    console.log(
      `  capture page p99: idle ${idle.p99.toFixed(0)} ms (median ${idle.p50.toFixed(0)})   with the backlog ${loaded.p99.toFixed(0)} ms (median ${loaded.p50.toFixed(0)})   ratio ${(loaded.p99 / idle.p99).toFixed(2)} (goal at most 2)`,
    );
    console.log(
      `  staff's upload list p99: idle ${listIdle.p99.toFixed(0)} ms (median ${listIdle.p50.toFixed(0)})   with the backlog ${listLoaded.p99.toFixed(0)} ms (median ${listLoaded.p50.toFixed(0)}) (goal under 100 ms)`,
    );
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Watches the database from the burst's start for uploads becoming reviewable, reading the
 * server's CPU (its tools' included) each time one does, and giving each clip what the server
 * spent since the one before. First looks run on two slots (the WORKERS slot and the first look's
 * own), so a clip's share holds part of the clip worked beside it: per path, the figures lean
 * towards the mix; over the burst they add up to what the server spent.
 */
function watchReviewable(sqliteFile: string, serverPid: number) {
  const sqlite = new Database(sqliteFile, { readonly: true });
  const before = new Set(reviewableIds(sqlite));
  const started = performance.now();
  const cpuAtStart = treeCpuSeconds(serverPid);
  const seen = new Map<string, { at: number; wallSeconds: number; cpuSeconds: number }>();
  let last = { at: 0, cpu: cpuAtStart };
  const poll = () => {
    const fresh = reviewableIds(sqlite).filter((id) => !before.has(id) && !seen.has(id));
    if (!fresh.length) return;
    const now = { at: seconds(started), cpu: treeCpuSeconds(serverPid) };
    for (const id of fresh) seen.set(id, { at: now.at, wallSeconds: (now.at - last.at) / fresh.length, cpuSeconds: (now.cpu - last.cpu) / fresh.length });
    last = now;
  };
  const timer = setInterval(poll, 100);
  return {
    started,
    cpuSoFar: () => last.cpu - cpuAtStart,
    /** Resolves once every submitted upload is reviewable: each with its clip, in the order they became so. */
    async until(submitted: Array<{ id: string; clip: BurstClip }>, maxSeconds: number): Promise<Reviewable[]> {
      try {
        await waitFor(() => submitted.every(({ id }) => seen.has(id)), maxSeconds);
      } finally {
        clearInterval(timer);
        sqlite.close();
      }
      const clipOf = new Map(submitted.map(({ id, clip }) => [id, clip]));
      return [...seen]
        .filter(([id]) => clipOf.has(id))
        .map(([id, figures]) => ({ clip: clipOf.get(id)!, ...figures }))
        .sort((x, y) => x.at - y.at);
    },
  };
}

/** Every clip through tus and the submission, 10 fans at a time (one browser token for all); answers each upload's id and clip. */
async function submitAll(base: string, clips: BurstClip[]): Promise<Array<{ id: string; clip: BurstClip }>> {
  const { clientToken: token } = (await (await pageLoad(base)).json()) as { clientToken?: string };
  const submitted: Array<{ id: string; clip: BurstClip }> = [];
  let next = 0;
  const fan = async () => {
    while (next < clips.length) {
      const i = next++;
      const clip = clips[i];
      const bytes = new Uint8Array(fs.readFileSync(clip.file));
      const { id } = await sendClip(base, clip, bytes.length, i, { token, body: bytes });
      submitted.push({ id, clip });
    }
  };
  await Promise.all(Array.from({ length: 10 }, fan));
  return submitted;
}
