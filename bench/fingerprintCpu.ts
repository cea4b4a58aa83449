import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveMediaTools } from '../server/adapters/media/tools';
import { probeMedia } from '../server/adapters/media/probe';
import { packetTiming } from '../server/adapters/media/packetTiming';
import { reviewArgs } from '../server/adapters/media/encode';
import { remuxArgs, stillsArgs } from '../server/adapters/media/remux';
import { denseKeyframes, fingerprintArgs, keptFrames, envelopeOf } from '../server/adapters/media/fingerprint';
import { DECODED_SIZE } from '../server/adapters/media/frameHash';
import { reapedChildrenCpuSeconds } from './processCpu';

/**
 * What the fingerprint adds to a 30 s phone clip's processing, in CPU seconds: the ffmpeg runs of
 * 'process-upload' (a copied H.264 clip: remux and stills; an HEVC clip: the review proxy), then
 * the fingerprint's own run and the hashing in this process.
 */
const SECONDS = 30;

/** CPU seconds a tool run takes (it runs to its end before the next). */
function cpuOf(file: string, args: string[]): number {
  const before = reapedChildrenCpuSeconds();
  const run = spawnSync(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0) throw new Error(`${path.basename(file)} failed: ${run.stderr.toString().slice(-500)}`);
  return reapedChildrenCpuSeconds() - before;
}

export async function benchFingerprintCpu(): Promise<void> {
  const tools = resolveMediaTools();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-bench-fingerprint-'));
  const out = (name: string) => path.join(dir, name);
  try {
    const source = ['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(SECONDS)];
    const made = (file: string, codec: string[]) => cpuOf(tools.ffmpeg, ['-v', 'error', '-y', ...source, ...codec, '-pix_fmt', 'yuv420p', '-c:a', 'aac', file]);
    made(out('phone.mp4'), ['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '8M', '-g', '30']);
    made(out('iphone.mov'), ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1']);
    console.log(`\nFingerprint CPU on a ${SECONDS} s 1080p30 clip (CPU seconds)`);
    for (const [name, input] of [
      ['H.264, copied (remux)', out('phone.mp4')],
      ['HEVC, encoded (review proxy)', out('iphone.mov')],
    ] as const) {
      const probe = await probeMedia(tools.ffprobe, input, undefined, 600);
      fs.mkdirSync(out('posters'), { recursive: true });
      const stills = { posters: out('posters'), frames: [0.2, 0.5, 0.8].map((at, i) => ({ at: probe.duration * at, file: out(`f${i}.jpg`) })) };
      let processing: number;
      if (name.startsWith('H.264')) {
        const timing = await packetTiming(tools.ffprobe, input);
        processing = cpuOf(tools.ffmpeg, remuxArgs(input, out('video.mp4'), 600)) + cpuOf(tools.ffmpeg, stillsArgs(input, stills, probe, timing?.keyframes));
      } else {
        processing = cpuOf(tools.ffmpeg, reviewArgs(input, { mp4: out('review.mp4'), ...stills }, probe, 600, 'proxy'));
      }
      // The processing reads the packets' times anyway; the job is told what they say.
      const keyframesOnly = denseKeyframes(await packetTiming(tools.ffprobe, input));
      const decode = cpuOf(tools.ffmpeg, fingerprintArgs(input, out('frames.gray'), out('audio.pcm'), 600, keyframesOnly));
      const hashing = process.cpuUsage();
      const raw = fs.readFileSync(out('frames.gray'));
      const size = DECODED_SIZE * DECODED_SIZE;
      keptFrames(Array.from({ length: Math.floor(raw.length / size) }, (_, i) => new Uint8Array(raw.buffer, raw.byteOffset + i * size, size)));
      envelopeOf(fs.readFileSync(out('audio.pcm')));
      const used = process.cpuUsage(hashing);
      const hashed = (used.user + used.system) / 1e6;
      const added = decode + hashed;
      console.log(
        `  ${name.padEnd(30)} process-upload ${processing.toFixed(2)} s, fingerprint ${added.toFixed(2)} s (decode of ${keyframesOnly ? 'keyframes' : 'frames'} ${decode.toFixed(2)}, hashing ${hashed.toFixed(2)}): +${((100 * added) / processing).toFixed(0)}%`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
