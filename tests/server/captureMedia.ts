import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveMediaTools } from '../../server/adapters/media/tools';

/**
 * Real media made by ffmpeg (FFMPEG_PATH, PATH, or the npm-shipped copy, as the server finds it) for the capture tests: a second of
 * H.264 mp4, an HEVC .mov when the build has x265, a VP8 webm, a PNG and a JPEG.
 */
export function makeMedia(): { mp4: Buffer; mov?: Buffer; webm: Buffer; png: Buffer; jpeg: Buffer; cleanup(): void } {
  const ffmpeg = resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH }).ffmpeg;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-media-'));
  const run = (args: string[], file: string) => {
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', ...args, path.join(dir, file)], { stdio: 'pipe' });
    return fs.readFileSync(path.join(dir, file));
  };
  let mov: Buffer | undefined;
  try {
    mov = run(['-t', '1', '-c:v', 'libx265', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'], 'clip.mov');
  } catch {
    mov = undefined;
  }
  return {
    mp4: run(['-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'], 'clip.mp4'),
    mov,
    webm: run(['-t', '1', '-c:v', 'libvpx'], 'clip.webm'),
    png: run(['-frames:v', '1'], 'photo.png'),
    jpeg: run(['-frames:v', '1'], 'photo.jpg'),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A real mp4 grown past two S3 parts by a trailing `free` box (players skip it; ffmpeg reads the clip). */
export function paddedMp4(mp4: Buffer, total: number): Buffer {
  const padding = Buffer.alloc(total - mp4.length);
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  return Buffer.concat([mp4, padding]);
}
