import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { madeUpClipInputs } from '../scripts/seed/content/media';

/** Seconds of each generated clip; the reel plays REEL_PART_SECONDS of each (10 parts and the cards make 45 s). */
const CLIP_SECONDS = 6;
export const REEL_PART_SECONDS = 4.64;

/**
 * Ten phone-like clips for the reel bench: 720p H.264/AAC at 30 fps with moving detail and a
 * tone, upright and wide in turn, so each shape both crops some and fits others over their blurred
 * fill (the render's two paths).
 */
export function makeReelBenchClips(ffmpeg: string, dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return Array.from({ length: 10 }, (_, i) => {
    const size = i % 2 ? '1280x720' : '720x1280';
    const file = path.join(dir, `clip${i}.mp4`);
    execFileSync(ffmpeg, [
      ...madeUpClipInputs(`testsrc2=size=${size}:rate=30,noise=alls=8:allf=t`, 220 + 40 * i),
      '-t',
      String(CLIP_SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      file,
    ]);
    return file;
  });
}
