import type { MediaProbe } from './probe';
import { SAFE_INPUT } from './safeInput';

/** At most 1080p: the long side at most 1920 and the short side at most 1080, aspect kept, even sizes. */
export function outputSize(probe: MediaProbe): { width: number; height: number } {
  const v = probe.video!;
  const [w, h] = v.rotation === 90 || v.rotation === 270 ? [v.height, v.width] : [v.width, v.height];
  const scale = Math.min(1, 1920 / Math.max(w, h), 1080 / Math.min(w, h));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(w), height: even(h) };
}

/** No metadata or chapters of the input reach an output: a phone's clip carries where it was filmed. */
const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1'];

/**
 * ffmpeg turns the picture upright itself (autorotate); the outputs carry no rotation. An
 * output stops at `maxSeconds` whatever the input claims: a backstop for a clip whose header
 * understates its length.
 */
const common = (input: string, probe: MediaProbe, maxSeconds: number) => {
  const { width, height } = outputSize(probe);
  return [
    '-hide_banner', '-nostdin', '-y', ...SAFE_INPUT, '-i', input, '-map', '0:v:0', '-map', '0:a:0?', ...NO_METADATA,
    '-t', String(maxSeconds), '-vf', `scale=${width}:${height}`, '-metadata:s:v:0', 'rotate=0',
  ];
};

/**
 * H.264 High and AAC in an mp4 that starts playing before it has all loaded, tagged so Apple
 * players take it. The clip staff review first, so x264's veryfast at CRF 23: on an 8 s 720p30
 * phone-like clip (moving detail and sensor noise, 6.6 MB) it took 5.6 s of CPU where medium
 * took 12.4 s, and made 4.7 MB where medium made 5.5 MB (SSIM to the original 0.987 and 0.991);
 * superfast took 4.0 s but made 7.5 MB.
 */
export function mp4Args(input: string, output: string, probe: MediaProbe, maxSeconds: number): string[] {
  return [
    ...common(input, probe, maxSeconds),
    '-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '23', '-tag:v', 'avc1',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
    '-movflags', '+faststart', '-f', 'mp4', output,
  ];
}

/** VP9 (4:2:0, which browsers need) and Opus in a webm. */
export function webmArgs(input: string, output: string, probe: MediaProbe, maxSeconds: number): string[] {
  return [
    ...common(input, probe, maxSeconds),
    '-c:v', 'libvpx-vp9', '-pix_fmt', 'yuv420p', '-crf', '33', '-b:v', '0', '-deadline', 'good', '-cpu-used', '5', '-row-mt', '1',
    '-c:a', 'libopus', '-b:a', '96k', '-ac', '2',
    '-f', 'webm', output,
  ];
}

export const THUMBNAIL_WIDTH = 640;

/** A JPEG of a representative frame: ffmpeg's thumbnail filter picks it from the frames after the first tenth. */
export function thumbnailArgs(input: string, output: string, probe: MediaProbe): string[] {
  const { width, height } = outputSize(probe);
  const w = Math.min(THUMBNAIL_WIDTH, width);
  const h = Math.max(2, Math.round((height * w) / width / 2) * 2);
  const start = probe.duration > 2 ? (probe.duration * 0.1).toFixed(2) : '0';
  return ['-hide_banner', '-nostdin', '-y', '-ss', start, ...SAFE_INPUT, '-i', input, ...NO_METADATA, '-vf', `thumbnail=30,scale=${w}:${h}`, '-frames:v', '1', '-q:v', '3', '-f', 'image2', output];
}

/** One small JPEG frame at `seconds`, for a moderation model. */
export function frameArgs(input: string, output: string, seconds: number): string[] {
  return ['-hide_banner', '-nostdin', '-y', '-ss', seconds.toFixed(2), ...SAFE_INPUT, '-i', input, ...NO_METADATA, '-vf', 'scale=320:-2', '-frames:v', '1', '-q:v', '4', '-f', 'image2', output];
}
