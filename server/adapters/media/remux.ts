import { NO_METADATA, outputSize } from './encode';
import type { MediaProbe } from './probe';
import { SAFE_INPUT } from './safeInput';
import { POSTER_SPOTS, POSTER_WIDTH, POSTER_WINDOW, candidateFile, posterSpots } from './posterFrames';

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
    '-hide_banner',
    '-nostdin',
    '-y',
    ...SAFE_INPUT,
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    ...NO_METADATA,
    '-t',
    String(maxSeconds),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
    '-progress',
    'pipe:1',
  ];
}

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
 * Where to seek for each spot of the poster (posterFrames.ts): the keyframe nearest it when one is
 * within half a spot's distance (decoding starts there, nothing before it), else the spot itself
 * (decoded from the keyframe before). Two spots near one keyframe give one candidate.
 */
export function posterSeeks(duration: number, keyframes: number[]): number[] {
  const reach = duration / POSTER_SPOTS / 2;
  const seeks = posterSpots(duration).map((at) => {
    const keyframe = nearestKeyframe(at, keyframes);
    return Math.abs(keyframe - at) <= reach ? keyframe : at;
  });
  return [...new Set(seeks)];
}

/**
 * The poster's candidates (at each of posterSeeks, the most representative of a few frames, by
 * ffmpeg's thumbnail filter, 640 wide at most, into the folder `posters`) and small JPEG frames
 * for the moderation model (the keyframe nearest each point: the model needs a picture near it,
 * not that exact frame), in one ffmpeg run that seeks to each (`-ss` before its input), so the
 * clip is never decoded whole. Seeking between keyframes would decode from the one before, up to
 * a whole group of pictures each. Frames come out upright (ffmpeg applies the display matrix as
 * it decodes) and carry no metadata.
 */
export function stillsArgs(input: string, outputs: { posters: string; frames: Still[] }, probe: MediaProbe, keyframes: number[] = []): string[] {
  const { width, height } = outputSize(probe);
  const w = Math.min(POSTER_WIDTH, width);
  const h = Math.max(2, Math.round((height * w) / width / 2) * 2);
  const posters = posterSeeks(probe.duration, keyframes).map((at, i) => ({ at, file: candidateFile(outputs.posters, i) }));
  const frames = outputs.frames.map(({ at, file }) => ({ at: nearestKeyframe(at, keyframes), file }));
  const stills = [...posters, ...frames];
  // -ss counts from the file's start; the keyframes' times are the stream's own.
  const seekTo = (at: number) => Math.max(0, at - (probe.startTime ?? 0));
  const inputs = stills.flatMap(({ at }) => ['-ss', seekTo(at).toFixed(6), ...SAFE_INPUT, '-i', input]);
  const graph = [
    ...posters.map((_, i) => `[${i}:v:0]trim=end_frame=${POSTER_WINDOW},thumbnail=${POSTER_WINDOW},scale=${w}:${h}[still${i}]`),
    ...frames.map((_, i) => `[${posters.length + i}:v:0]scale=320:-2[still${posters.length + i}]`),
  ];
  const images = stills.flatMap(({ file }, i) => [
    '-map',
    `[still${i}]`,
    ...NO_METADATA,
    '-frames:v',
    '1',
    '-q:v',
    i < posters.length ? '3' : '4',
    '-f',
    'image2',
    file,
  ]);
  return ['-hide_banner', '-nostdin', '-y', ...inputs, '-filter_complex', graph.join(';'), ...images];
}
