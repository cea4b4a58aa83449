import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RENDER_REEL_JOB } from '#shared/domain/constants';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { newId, nowIso } from '../server/db/rows';
import { seedDemo } from '../scripts/demoSeed';
import { accountsBySlugs } from '../server/db/repositories/demoSeedContent';
import { pagesOfAccounts } from '../server/db/repositories/demoSeedPages';
import { insertUpload } from '../server/db/repositories/uploadRows';
import { findReelById } from '../server/db/repositories/reels';
import { lazyMediaTools } from '../server/adapters/media/tools';
import { atLowPriority } from '../server/adapters/media/lowPriority';
import { renderReelHandler } from '../server/jobs/renderReel';
import { makeReelBenchClips, REEL_PART_SECONDS } from './reelClips';

const seconds = (since: number) => (performance.now() - since) / 1000;
const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * Records each ffmpeg run of a job and keeps the files it reads (the job's folder goes when it
 * ends), so the same commands can be run again from a shell.
 */
function recordingFfmpeg(ffmpeg: string, dir: string): string {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'files'), { recursive: true });
  const script = path.join(dir, 'ffmpeg.sh');
  fs.writeFileSync(
    script,
    `#!/bin/sh
n=$(ls "${dir}" | grep -c '\\.args$')
for a in "$@"; do [ -f "$a" ] && cp "$a" "${dir}/files/"; printf '%s\\n' "$a"; done > "${dir}/$(printf %03d "$n").args"
exec ${quote(ffmpeg)} "$@"
`,
  );
  fs.chmodSync(script, 0o755);
  return script;
}

/**
 * The recorded commands as shell lines at the job's niceness (atLowPriority): the job's folder
 * (also named inside filter graphs, where analysis writes what it measures) becomes the folder
 * of the kept files.
 */
function replayLines(ffmpeg: string, dir: string): { line: string; render: boolean }[] {
  const kept = path.join(dir, 'files');
  const recorded = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.args'))
    .sort();
  const argsOf = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n').slice(0, -1);
  // The job's first run may read no file (it asks ffmpeg which filters it has): any run's kept input names the job's folder.
  const input = recorded.flatMap(argsOf).find((arg) => path.isAbsolute(arg) && fs.existsSync(path.join(kept, path.basename(arg))));
  if (!input) throw new Error('the job read no file the recording kept');
  const jobDir = path.dirname(input);
  return recorded.map((name) => {
    const args = argsOf(name);
    const [file, niced] = atLowPriority(
      ffmpeg,
      args.map((arg) => arg.replaceAll(jobDir, kept)),
    );
    return { line: [quote(file), ...niced.map(quote)].join(' ') + ' >/dev/null', render: args.includes('pipe:1') };
  });
}

/**
 * The 'render-reel' job on a 10-clip, 45 s reel in its three shapes (1080x1920, 1080x1080,
 * 1920x1080, veryfast), beside bare ffmpeg running the job's own commands (each clip's analysis,
 * the loudness pass, the render's one filter graph) from a shell in the same run: the ratio is
 * what the job adds (fetching the clips, probing, cards and credits, storing, the reel's rows).
 * Each job round records its commands, which the bare round after it runs; BENCH_ROUNDS (default
 * 1) alternating rounds, best of each. Both run at the media niceness (MEDIA_NICENESS), as workers do.
 */
export async function benchReel(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-reel-'));
  const tools = lazyMediaTools({})();
  const clips = makeReelBenchClips(tools.ffmpeg, path.join(dataDir, 'clips'));

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { staticDir: undefined });
  const app = await buildApp(config, { logger: false });
  const { db, files } = app.deps;
  await seedDemo(db);
  const [account] = await accountsBySlugs(db, ['midnightowls']);
  const [page] = await pagesOfAccounts(db, [account.id]);
  const ids: string[] = [];
  for (const clip of clips) {
    const id = newId();
    const mp4 = `uploads/${account.id}/${id}/video.mp4`;
    await files.putFromFile(clip, mp4, 'video/mp4');
    await insertUpload(db, {
      id,
      accountId: account.id,
      pageId: page.id,
      type: 'video',
      original: mp4,
      mp4,
      status: 'processed',
      encodingStatus: 'processed',
      moderationStatus: 'processed',
      moderationLabels: '[]',
      tags: '[]',
      isHidden: 0,
      isAllowed: 1,
      approvedAt: nowIso(),
      viewCount: 0,
      likeCount: 0,
      shareToken: newId(),
      createdAt: nowIso(),
      updatedAt: nowIso(),
    });
    ids.push(id);
  }
  const cookie = await signedIn(app);
  const created = await app.inject({
    method: 'POST',
    url: `/api/accounts/${account.id}/reels`,
    headers: { cookie },
    payload: { name: 'Bench reel', clips: ids.map((id) => `${id}@0.5-${(0.5 + REEL_PART_SECONDS).toFixed(2)}`) },
  });
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`the reel was not created: ${created.statusCode} ${created.body}`);
  const reelId = (created.json() as { id: string }).id;

  const job =
    (ffmpeg = tools.ffmpeg) =>
    async () => {
      const started = performance.now();
      await renderReelHandler(app.deps, () => ({ ...tools, ffmpeg }))(
        { reelId },
        { id: 'bench', kind: RENDER_REEL_JOB, attempt: 1, maxAttempts: 1, signal: new AbortController().signal },
      );
      const reel = await findReelById(db, reelId);
      if (reel?.status !== 'done') throw new Error(`the bench reel ended ${reel?.status}: ${reel?.error}`);
      return { all: seconds(started), duration: reel.duration };
    };
  // Each job's ffmpeg runs are recorded as they run (a shell exec and the copy of their inputs: milliseconds, counted against the job).
  const recorded = path.join(dataDir, 'recorded');
  const bareRound = () => {
    const lines = replayLines(tools.ffmpeg, recorded);
    const started = performance.now();
    let render = 0;
    for (const { line, render: isRender } of lines) {
      const at = performance.now();
      const { status } = spawnSync('sh', ['-c', line], { stdio: 'ignore' });
      if (status !== 0) throw new Error(`bare ffmpeg failed: ${line.slice(0, 200)}`);
      if (isRender) render = seconds(at);
    }
    return { all: seconds(started), render, commands: lines.length };
  };

  const bare: { all: number; render: number; commands: number }[] = [];
  const pipeline: { all: number; duration: number | null }[] = [];
  for (let round = 0; round < rounds; round++) {
    pipeline.push(await job(recordingFfmpeg(tools.ffmpeg, recorded))());
    bare.push(bareRound());
  }
  await app.close();
  const version = execFileSync(tools.ffmpeg, ['-version']).toString().split('\n')[0];
  fs.rmSync(dataDir, { recursive: true, force: true });

  const best = <T>(runs: T[], key: keyof T) => Math.min(...runs.map((run) => Number(run[key])));
  const list = <T>(runs: T[], key: keyof T) => runs.map((run) => Number(run[key]).toFixed(1)).join(', ');
  const reelSeconds = Number(pipeline[0].duration);
  console.log(
    `\nReel: 10 clips (720p30, upright and wide in turn), ${reelSeconds} s reel in 3 shapes, ${version} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}), best of ${rounds} alternating round(s)`,
  );
  console.log(
    `  bare ffmpeg from sh  all ${bare[0].commands} commands ${best(bare, 'all').toFixed(1)} s, of which the render's filter graph ${best(bare, 'render').toFixed(1)} s   (runs: ${list(bare, 'all')} s)`,
  );
  console.log(`  render-reel job      wall ${best(pipeline, 'all').toFixed(1)} s   (runs: ${list(pipeline, 'all')} s)`);
  console.log(
    `  ratio job / bare     ${(best(pipeline, 'all') / best(bare, 'all')).toFixed(3)} (goal at most 1.1); reel seconds made per wall second ${(reelSeconds / best(pipeline, 'all')).toFixed(2)}`,
  );
}

/** The demo owner's session on The Midnight Owls (a Pro account: reels are a Pro feature). */
async function signedIn(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { 'x-requested-with': 'fan-console' },
    payload: { email: 'owner@example.com', password: 'demo1234' },
  });
  const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0];
  if (login.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${login.statusCode}`);
  return cookie;
}
