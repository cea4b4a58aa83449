import { NO_METADATA, outputSize } from './encode';
import type { MediaProbe } from './probe';
import { SAFE_INPUT } from './safeInput';

/**
 * The clip's first video and audio streams copied as they are into a fresh mp4 that starts
 * playing before it has all loaded: no frame is decoded. None of the input's metadata or chapters
 * comes along (location, device, creation time, handler names); a phone's display matrix, which
 * says how to turn the picture upright, is the stream's own and stays, as players honour it. The
 * copy stops at `maxSeconds` whatever the input claims. With `-progress pipe:1` it prints how far
 * it got (see encodedSeconds).
 */
export function remuxArgs(input: string, output: string, maxSeconds: number): string[] {
  return [
    '-hide_banner', '-nostdin', '-y', ...SAFE_INPUT, '-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', ...NO_METADATA,
    '-t', String(maxSeconds), '-movflags', '+faststart', '-f', 'mp4', output, '-progress', 'pipe:1',
  ];
}

/** How many frames after the first tenth the thumbnail is picked from. */
const THUMBNAIL_CANDIDATES = 10;
const THUMBNAIL_WIDTH = 640;

/** A picture made from the clip: `at` seconds into it, written to `file`. */
interface Still {
  at: number;
  file: string;
}

/** The keyframe nearest `at`, or `at` itself when none is known. */
export function nearestKeyframe(at: number, keyframes: number[]): number {
  return keyframes.reduce((best, keyframe) => (Math.abs(keyframe - at) < Math.abs(best - at) ? keyframe : best), keyframes[0] ?? at);
}

/**
 * The thumbnail (the most representative of a few frames from the keyframe nearest the first
 * tenth, by ffmpeg's thumbnail filter, 640 wide at most) and small JPEG frames for the
 * moderation model (the keyframe nearest each point: the model needs a picture near it, not that
 * exact frame), in one ffmpeg run that seeks to each (`-ss` before its input, at a keyframe: it
 * starts decoding there), so the clip is never decoded whole. Seeking between keyframes would
 * decode from the one before, up to a whole group of pictures each. Frames come out upright
 * (ffmpeg applies the display matrix as it decodes) and carry no metadata.
 */
export function stillsArgs(input: string, outputs: { thumbnail: string; frames: Still[] }, probe: MediaProbe, keyframes: number[] = []): string[] {
  const { width, height } = outputSize(probe);
  const w = Math.min(THUMBNAIL_WIDTH, width);
  const h = Math.max(2, Math.round((height * w) / width / 2) * 2);
  const thumbnailAt = probe.duration > 2 ? probe.duration * 0.1 : 0;
  const stills = [{ at: thumbnailAt, file: outputs.thumbnail }, ...outputs.frames];
  // -ss counts from the file's start; the keyframes' times are the stream's own.
  const seekTo = (at: number) => Math.max(0, nearestKeyframe(at, keyframes) - (probe.startTime ?? 0));
  const inputs = stills.flatMap(({ at }) => ['-ss', seekTo(at).toFixed(6), ...SAFE_INPUT, '-i', input]);
  const graph = [
    `[0:v:0]thumbnail=${THUMBNAIL_CANDIDATES},scale=${w}:${h}[still0]`,
    ...outputs.frames.map((_, i) => `[${i + 1}:v:0]scale=320:-2[still${i + 1}]`),
  ];
  const images = stills.flatMap(({ file }, i) => ['-map', `[still${i}]`, ...NO_METADATA, '-frames:v', '1', '-q:v', i === 0 ? '3' : '4', '-f', 'image2', file]);
  return ['-hide_banner', '-nostdin', '-y', ...inputs, '-filter_complex', graph.join(';'), ...images];
}
