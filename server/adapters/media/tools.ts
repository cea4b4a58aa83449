import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The binary an npm package ships (module.exports.path), made executable if its install script did not run. */
function shipped(pkg: string): string {
  const file = (createRequire(import.meta.url)(pkg) as { path: string }).path;
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    fs.chmodSync(file, 0o755);
  }
  return file;
}

/** FFMPEG_PATH/FFPROBE_PATH, else ffmpeg/ffprobe on PATH, else the copies shipped in npm packages. */
export function resolveMediaTools(configured: { ffmpegPath?: string; ffprobePath?: string } = {}): MediaTools {
  return {
    ffmpeg: configured.ffmpegPath ?? onPath('ffmpeg') ?? shipped('@ffmpeg-installer/ffmpeg'),
    ffprobe: configured.ffprobePath ?? onPath('ffprobe') ?? shipped('@ffprobe-installer/ffprobe'),
  };
}

/** Resolved on first use, then kept (a lookup per job would be wasted work). */
export function lazyMediaTools(configured: { ffmpegPath?: string; ffprobePath?: string }): () => MediaTools {
  let tools: MediaTools | undefined;
  return () => (tools ??= resolveMediaTools(configured));
}
