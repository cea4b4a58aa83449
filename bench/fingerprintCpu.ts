import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveMediaTools } from '../server/adapters/media/tools';
import { probeClip } from '../server/adapters/media/probe';
import { reviewArgs } from '../server/adapters/media/encode';
import { stillsArgs } from '../server/adapters/media/remux';
import { denseKeyframes, fingerprintFilesIn, readFingerprint, type FingerprintFiles } from '../server/adapters/media/fingerprint';
import { NsfwjsProvider } from '../server/adapters/moderation/nsfwjs';
import { stopModerationModel } from '../server/adapters/moderation';
import { FRAME_POSITIONS } from '../server/jobs/moderateUpload';
import { reapedChildrenCpuSeconds } from './processCpu';

/**
 * What the fingerprint adds to a 30 s phone clip's processing, in CPU seconds. The processing is
 * what 'process-upload' spends: probing the file and its packets, the ffmpeg runs (a copied H.264
 * clip: remux and stills; an HEVC clip: the review proxy) and the moderation model on its frames.
 * The fingerprint is outputs of the run that decodes the clip (the stills' or the proxy's): what
 * it adds is that run with them against without, and the hashing (in this process, like the
 * job's).
 */
const SECONDS = 30;

/** CPU seconds a tool run takes (it runs to its end before the next). */
function cpuOf(file: string, args: string[]): number {
  const before = reapedChildrenCpuSeconds();
  const run = spawnSync(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0) throw new Error(`${path.basename(file)} failed: ${run.stderr.toString().slice(-500)}`);
  return reapedChildrenCpuSeconds() - before;
}

/** CPU seconds of this process (its threads included: the model's) and of the children it waited for, while `work` runs. */
async function cpuDuring(work: () => Promise<unknown>): Promise<number> {
  const own = process.cpuUsage();
  const children = reapedChildrenCpuSeconds();
  await work();
  const used = process.cpuUsage(own);
  return (used.user + used.system) / 1e6 + reapedChildrenCpuSeconds() - children;
}

export async function benchFingerprintCpu(): Promise<void> {
  const tools = resolveMediaTools();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-fingerprint-'));
  const out = (name: string) => path.join(dir, name);
  const model = new NsfwjsProvider();
  try {
    const source = ['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(SECONDS)];
    const made = (file: string, codec: string[]) => cpuOf(tools.ffmpeg, ['-v', 'error', '-y', ...source, ...codec, '-pix_fmt', 'yuv420p', '-c:a', 'aac', file]);
    made(out('phone.mp4'), ['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '8M', '-g', '30']);
    made(out('sparse.mp4'), ['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '8M', '-g', '240']);
    made(out('iphone.mov'), ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1']);
    console.log(`\nFingerprint CPU on a ${SECONDS} s 1080p30 clip (CPU seconds)`);
    for (const [name, input] of [
      ['H.264, copied (remux)', out('phone.mp4')],
      ['H.264, copied, keyframes 8 s apart', out('sparse.mp4')],
      ['HEVC, encoded (review proxy)', out('iphone.mov')],
    ] as const) {
      const copied = name.startsWith('H.264');
      fs.rmSync(out('posters'), { recursive: true, force: true });
      fs.mkdirSync(out('posters'));
      const { probe, timing } = await probeClip(tools.ffprobe, input, undefined, 600);
      const frames = FRAME_POSITIONS.map((at, i) => ({ at: probe.duration * at, file: out(`f${i}.jpg`) }));
      const stills = { posters: out('posters'), frames };
      const files = fingerprintFilesIn(dir, true);
      // The job's own probe, timed on its own (the one above made the file's pages warm, as an upload's are).
      const probing = await cpuDuring(() => probeClip(tools.ffprobe, input, undefined, 600));
      // The copy's run decodes the keyframes, or the frames others refer to, for the stills, and gives the fingerprint too.
      const stillsRun = (fingerprint?: FingerprintFiles) => stillsArgs(input, { ...stills, fingerprint, copy: out('video.mp4') }, probe, timing, 600);
      const stillsAlone = copied ? cpuOf(tools.ffmpeg, stillsRun()) : 0;
      const tooling = copied ? stillsAlone : cpuOf(tools.ffmpeg, reviewArgs(input, { mp4: out('review.mp4'), ...stills }, probe, 600, 'proxy'));
      // The model's first call loads it: not what a clip costs.
      await model.classify([frames[0].file]);
      const moderation = await cpuDuring(() => model.classify(frames.map((frame) => frame.file)));
      const processing = probing + tooling + moderation;
      const decode = copied
        ? cpuOf(tools.ffmpeg, stillsRun(files)) - stillsAlone
        : cpuOf(tools.ffmpeg, reviewArgs(input, { mp4: out('review.mp4'), ...stills, fingerprint: files }, probe, 600, 'proxy')) - tooling;
      const hashed = await cpuDuring(() => readFingerprint(files));
      const added = decode + hashed;
      const how = copied ? `outputs of the stills' decode of ${denseKeyframes(timing) ? 'keyframes' : 'reference frames'}` : 'outputs of the proxy run';
      console.log(
        `  ${name.padEnd(30)} process-upload ${processing.toFixed(2)} s (probe ${probing.toFixed(2)}, ffmpeg ${tooling.toFixed(2)}, model ${moderation.toFixed(2)}), fingerprint ${added.toFixed(2)} s (${how} ${decode.toFixed(2)}, hashing ${hashed.toFixed(2)}): +${((100 * added) / processing).toFixed(0)}%`,
      );
    }
  } finally {
    await stopModerationModel();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
