import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The two paths a phone's clip can take: H.264 in an mp4 (most Android phones) or HEVC in a .mov (iPhones by default). */
export type ClipPath = 'h264' | 'hevc';

export interface BurstClip {
  file: string;
  path: ClipPath;
  type: 'video/mp4' | 'video/quicktime';
  width: number;
  height: number;
  seconds: number;
  /** Landscape frames with a 90° display matrix, as a phone held upright writes them. */
  portrait: boolean;
}

/** A clip to make: its path, a lavfi source with moving detail, its frame size and length, whether held upright. */
export interface ClipSpec {
  path: ClipPath;
  source: string;
  width: number;
  height: number;
  seconds: number;
  portrait: boolean;
}

/**
 * Ten distinct clips, six H.264 and four HEVC, in an order where any run of them is close to
 * that mix, so a burst of any length is. Sources with moving detail (a drawing pattern,
 * automata), so no encoder has it easy; none of the costly sources (a Mandelbrot zoom, a
 * 1080p game of life), so making them stays short.
 */
export const BURST_SPECS: ClipSpec[] = [
  { path: 'h264', source: 'testsrc2', width: 1280, height: 720, seconds: 6, portrait: false },
  { path: 'hevc', source: 'testsrc2', width: 1920, height: 1080, seconds: 10, portrait: true },
  { path: 'h264', source: 'testsrc2', width: 1920, height: 1080, seconds: 8, portrait: true },
  { path: 'h264', source: 'cellauto', width: 1280, height: 720, seconds: 12, portrait: false },
  { path: 'hevc', source: 'testsrc2', width: 1280, height: 720, seconds: 7, portrait: false },
  { path: 'h264', source: 'cellauto', width: 1280, height: 720, seconds: 30, portrait: false },
  { path: 'hevc', source: 'life', width: 1280, height: 720, seconds: 20, portrait: true },
  { path: 'h264', source: 'testsrc2', width: 1280, height: 720, seconds: 5, portrait: true },
  { path: 'h264', source: 'cellauto', width: 1920, height: 1080, seconds: 16, portrait: false },
  { path: 'hevc', source: 'cellauto', width: 1920, height: 1080, seconds: 14, portrait: false },
];

const lavfi = (source: string, width: number, height: number) => {
  const size = `s=${width}x${height}`;
  if (source === 'life') return `life=${size}:mold=10:r=30:ratio=0.1`;
  if (source === 'cellauto') return `cellauto=${size}:rule=110:rate=30`;
  return `${source}=${size}:rate=30`;
};

/**
 * What a phone writes: a keyframe a second, a camera's bitrate (H.264 High; HEVC tagged hvc1 as
 * Apple players want it), 48 kHz stereo AAC, where it was filmed and on what.
 */
const encoderArgs = (spec: ClipSpec): string[] => {
  const big = spec.width >= 1920;
  if (spec.path === 'h264') {
    return ['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-b:v', big ? '14M' : '8M', '-g', '30'];
  }
  return ['-c:v', 'libx265', '-preset', 'ultrafast', '-b:v', big ? '8M' : '5M', '-g', '30', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'];
};

/**
 * Writes the clip set (the burst's unless `specs` says another) into `dir` (once a run; a burst takes them in turn). Sensor noise on
 * every frame, as phones' footage has: flat test patterns would encode unusually fast. A portrait
 * clip's display matrix is written by a second, copying run: the ffmpeg this bench was written on
 * (5.1) turns a `rotate` tag into a matrix when it copies a stream, not when it encodes one.
 */
export function makeBurstClips(ffmpeg: string, dir: string, specs: ClipSpec[] = BURST_SPECS): BurstClip[] {
  return specs.map((spec, i) => {
    const extension = spec.path === 'h264' ? 'mp4' : 'mov';
    const file = path.join(dir, `clip${i}.${extension}`);
    const encoded = spec.portrait ? path.join(dir, `clip${i}-landscape.${extension}`) : file;
    const tags = [
      '-metadata',
      'location=+48.8584+002.2945/',
      '-metadata',
      'make=Bench Phone',
      '-metadata',
      'model=Burst 1',
      ...(extension === 'mov' ? ['-movflags', 'use_metadata_tags'] : []),
    ];
    execFileSync(ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      lavfi(spec.source, spec.width, spec.height),
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${220 + i * 55}:sample_rate=48000`,
      '-t',
      String(spec.seconds),
      '-vf',
      'noise=alls=12:allf=t',
      ...encoderArgs(spec),
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-ac',
      '2',
      ...tags,
      '-shortest',
      '-y',
      encoded,
    ]);
    if (spec.portrait) {
      // 270 here is what an upright phone writes (ffprobe: rotation -90; turned 90° clockwise to show).
      execFileSync(ffmpeg, ['-v', 'error', '-i', encoded, '-map', '0', '-c', 'copy', '-metadata:s:v:0', 'rotate=270', ...tags, '-y', file]);
      fs.rmSync(encoded);
    }
    return {
      file,
      path: spec.path,
      type: extension === 'mp4' ? 'video/mp4' : 'video/quicktime',
      width: spec.width,
      height: spec.height,
      seconds: spec.seconds,
      portrait: spec.portrait,
    };
  });
}

/** The clip set as one line: how many of each path, sizes and lengths. */
export function describeClips(clips: BurstClip[]): string {
  const of = (kind: ClipPath) => clips.filter((clip) => clip.path === kind);
  const list = (kind: ClipPath) =>
    of(kind)
      .map((clip) => `${clip.height}p${clip.portrait ? ' portrait' : ''} ${clip.seconds} s`)
      .join(', ');
  return `${of('h264').length} H.264 mp4 (${list('h264')}) and ${of('hevc').length} HEVC .mov (${list('hevc')})`;
}
