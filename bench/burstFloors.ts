import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BurstClip } from './burstClips';
import { reapedChildrenCpuSeconds } from './processCpu';

/**
 * The floors a pipeline is measured against: bare ffmpeg making what review needs, with this
 * file's own arguments (never the pipeline's), so the floor stays put whatever the pipeline does.
 *
 * - encode: the clip re-encoded to an x264 veryfast CRF 23 mp4 with its thumbnail, in one run.
 * - remux: the clip's streams copied into a fresh mp4 (+faststart, no metadata), then the
 *   thumbnail and three moderation frames decoded by seeking to them.
 */
export type FloorKind = 'encode' | 'remux';

/** What one clip took: wall-clock and the CPU of the ffmpeg runs. */
export interface FloorRun {
  wallSeconds: number;
  cpuSeconds: number;
}

const THUMBNAIL_AT = 0.1;
const MODERATION_AT = [0.25, 0.5, 0.75];

const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1'];

/** The clip as input, its first video and audio (if any) mapped, without metadata or chapters. */
const clipStreams = (clip: BurstClip): string[] => ['-hide_banner', '-nostdin', '-y', '-i', clip.file, '-map', '0:v:0', '-map', '0:a:0?', ...NO_METADATA];

function encodeArgs(clip: BurstClip, dir: string): string[] {
  return [
    ...clipStreams(clip),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    path.join(dir, 'floor.mp4'),
    '-map',
    '0:v:0',
    ...NO_METADATA,
    '-ss',
    (clip.seconds * THUMBNAIL_AT).toFixed(2),
    '-frames:v',
    '1',
    '-vf',
    'scale=640:-2',
    '-q:v',
    '3',
    path.join(dir, 'floor-thumbnail.jpg'),
  ];
}

function remuxArgs(clip: BurstClip, dir: string): string[] {
  return [...clipStreams(clip), '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', path.join(dir, 'floor.mp4')];
}

/** One run, one input per frame, each opened at the keyframe before its time and decoded only from there. */
function seekFramesArgs(clip: BurstClip, dir: string): string[] {
  const frames = [{ at: THUMBNAIL_AT, width: 640 }, ...MODERATION_AT.map((at) => ({ at, width: 320 }))];
  const inputs = frames.flatMap(({ at }) => ['-ss', (clip.seconds * at).toFixed(2), '-i', clip.file]);
  const outputs = frames.flatMap(({ width }, i) => [
    '-map',
    `${i}:v:0`,
    ...NO_METADATA,
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:-2`,
    '-q:v',
    '4',
    path.join(dir, `floor-frame${i}.jpg`),
  ]);
  return ['-hide_banner', '-nostdin', '-y', ...inputs, ...outputs];
}

const nice = ['/usr/bin/nice', '/bin/nice'].find((candidate) => fs.existsSync(candidate));

/** At the niceness encoders run at: a floor at 0 would be measured against a pipeline at 10 on a box other work shares. */
function runNiced(ffmpeg: string, args: string[]): void {
  if (nice) execFileSync(nice, ['-n', '10', ffmpeg, ...args], { stdio: 'ignore' });
  else execFileSync(ffmpeg, args, { stdio: 'ignore' });
}

/** The floor's runs for one clip, one after the other, timed together. */
function floorOnce(kind: FloorKind, ffmpeg: string, clip: BurstClip, dir: string): FloorRun {
  const runs = kind === 'encode' ? [encodeArgs(clip, dir)] : [remuxArgs(clip, dir), seekFramesArgs(clip, dir)];
  const cpuBefore = reapedChildrenCpuSeconds();
  const started = performance.now();
  for (const args of runs) runNiced(ffmpeg, args);
  return { wallSeconds: (performance.now() - started) / 1000, cpuSeconds: reapedChildrenCpuSeconds() - cpuBefore };
}

/** Each clip through the floor `rounds` times; per clip the best wall-clock and least CPU (the machine is shared). */
export function measureFloor(kind: FloorKind, ffmpeg: string, clips: BurstClip[], dir: string, rounds: number): FloorRun[] {
  const best = clips.map(() => ({ wallSeconds: Infinity, cpuSeconds: Infinity }));
  for (let round = 0; round < rounds; round++) {
    clips.forEach((clip, i) => {
      const run = floorOnce(kind, ffmpeg, clip, dir);
      best[i] = { wallSeconds: Math.min(best[i].wallSeconds, run.wallSeconds), cpuSeconds: Math.min(best[i].cpuSeconds, run.cpuSeconds) };
    });
  }
  return best;
}
