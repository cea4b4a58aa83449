import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { newId, nowIso } from '../server/db/rows';
import { lazyMediaTools } from '../server/adapters/media/tools';
import { probeMedia } from '../server/adapters/media/probe';
import { reviewArgs, webmArgs } from '../server/adapters/media/encode';
import { encodeWebmHandler, processUploadHandler } from '../server/jobs/processUpload';
import { ENCODE_WEBM_JOB, MODERATE_UPLOAD_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { seedDemo } from '../scripts/demoSeed';
import { accountsBySlugs } from '../server/db/repositories/demoSeedContent';
import { pagesOfAccounts } from '../server/db/repositories/demoSeedPages';
import { findUploadById, insertUpload } from '../server/db/repositories/uploadRows';

const seconds = (from: number) => (performance.now() - from) / 1000;

/**
 * The process-upload job, then the encode-webm job it queues, on a generated 1080p30 clip (BENCH_CLIP_SECONDS, default 60) beside bare
 * ffmpeg with the same arguments on the same file in the same run: the ratio is what the
 * pipeline adds (probe, store copies, database writes). Also the time until the upload is
 * reviewable (mp4 and thumbnail stored, its moderation queued). BENCH_ROUNDS (default 2)
 * alternating rounds, best of each: a VP9 encode alone varies by several per cent between runs.
 */
export async function benchMedia(): Promise<void> {
  const clipSeconds = Number(process.env.BENCH_CLIP_SECONDS ?? 60);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-media-'));
  const tools = lazyMediaTools({})();
  const clip = path.join(dataDir, 'clip.mp4');
  execFileSync(tools.ffmpeg, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1920x1080:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(clipSeconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '18',
    '-c:a',
    'aac',
    clip,
  ]);
  const probe = await probeMedia(tools.ffprobe, clip);
  const out = (name: string) => path.join(dataDir, name);

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { staticDir: undefined });
  const app = await buildApp(config, { logger: false });
  const { db, files, queue } = app.deps;
  await seedDemo(db);
  const [account] = await accountsBySlugs(db, ['midnightowls']);
  const [page] = await pagesOfAccounts(db, [account.id]);

  /** Bare ffmpeg: the same two commands (mp4 and poster candidates in one, then the webm), nothing around them. */
  fs.mkdirSync(out('bare-posters'));
  const bareRound = () => {
    const started = performance.now();
    execFileSync(tools.ffmpeg, reviewArgs(clip, { mp4: out('bare.mp4'), posters: out('bare-posters') }, probe, config.capture.maxDurationSeconds), {
      stdio: 'ignore',
    });
    const reviewable = seconds(started);
    execFileSync(tools.ffmpeg, webmArgs(clip, out('bare.webm'), probe, config.capture.maxDurationSeconds), { stdio: 'ignore' });
    return { reviewable, all: seconds(started) };
  };

  /** The job on a fresh upload row; reviewable when it queues the moderation job. */
  const pipelineRound = async () => {
    const id = newId();
    const original = `uploads/${account.id}/${id}/original.mp4`;
    await files.putFromFile(clip, original, 'video/mp4');
    await insertUpload(db, {
      id,
      accountId: account.id,
      pageId: page.id,
      type: 'video',
      original,
      status: 'pending',
      encodingStatus: 'pending',
      moderationStatus: 'pending',
      moderationLabels: '[]',
      tags: '[]',
      isHidden: 0,
      isAllowed: 1,
      viewCount: 0,
      likeCount: 0,
      shareToken: newId(),
      createdAt: nowIso(),
      updatedAt: nowIso(),
    });
    let reviewable = 0;
    const started = performance.now();
    const enqueue = async (kind: string) => {
      if (kind === MODERATE_UPLOAD_JOB && !reviewable) reviewable = seconds(started);
      return 'bench';
    };
    const deps = { ...app.deps, queue: { ...queue, enqueue } };
    await processUploadHandler(deps)(
      { uploadId: id },
      { id: 'bench', kind: PROCESS_UPLOAD_JOB, attempt: 1, maxAttempts: 1, signal: new AbortController().signal },
    );
    await encodeWebmHandler(deps)({ uploadId: id }, { id: 'bench', kind: ENCODE_WEBM_JOB, attempt: 1, maxAttempts: 1, signal: new AbortController().signal });
    const all = seconds(started);
    const status = (await findUploadById(db, id))?.encodingStatus;
    if (status !== 'processed') throw new Error(`the bench upload ended ${status}`);
    return { reviewable, all };
  };

  const bare: Array<{ reviewable: number; all: number }> = [];
  const pipeline: Array<{ reviewable: number; all: number }> = [];
  for (let round = 0; round < rounds; round++) {
    bare.push(bareRound());
    pipeline.push(await pipelineRound());
  }
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const best = (runs: Array<{ reviewable: number; all: number }>, key: 'reviewable' | 'all') => Math.min(...runs.map((run) => run[key]));
  const list = (runs: Array<{ reviewable: number; all: number }>, key: 'reviewable' | 'all') => runs.map((run) => run[key].toFixed(1)).join(', ');
  console.log(`\nEncode: ${clipSeconds} s 1920x1080 30 fps clip, ffmpeg ${tools.ffmpeg} (${os.cpus().length} cores), best of ${rounds} alternating rounds`);
  console.log(
    `  bare ffmpeg    mp4+thumbnail ${best(bare, 'reviewable').toFixed(1)} s   all ${best(bare, 'all').toFixed(1)} s   (runs: ${list(bare, 'all')} s)`,
  );
  console.log(
    `  process-upload reviewable    ${best(pipeline, 'reviewable').toFixed(1)} s   all ${best(pipeline, 'all').toFixed(1)} s   (runs: ${list(pipeline, 'all')} s)`,
  );
  console.log(
    `  ratio pipeline / bare        reviewable ${(best(pipeline, 'reviewable') / best(bare, 'reviewable')).toFixed(3)}   all ${(best(pipeline, 'all') / best(bare, 'all')).toFixed(3)} (goal at most 1.1)`,
  );
}
