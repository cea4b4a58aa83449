import { NO_METADATA, outputSize } from './encode';
import type { MediaProbe } from './probe';
import { SAFE_INPUT } from './safeInput';
import { denseKeyframes, FINGERPRINT_FILTER, fingerprintOutputs, type FingerprintFiles, type KeyframeTiming } from './fingerprint';
import { POSTER_SPOTS, POSTER_WIDTH, candidateFile, posterSpots } from './posterFrames';

/**
 * The output of the clip's first video and audio streams copied as they are into a fresh mp4 that
 * starts playing before it has all loaded: no frame is decoded for it. None of the input's
 * metadata or chapters comes along (location, device, creation time, handler names); a phone's
 * display matrix, which says how to turn the picture upright, is the stream's own and stays, as
 * players honour it. The copy stops at `maxSeconds` whatever the input claims.
 */
function copyOutput(output: string, maxSeconds: number): string[] {
  return ['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', ...NO_METADATA, '-t', String(maxSeconds), '-movflags', '+faststart', '-f', 'mp4', output];
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
 * The frame each spot of the poster (posterFrames.ts) is taken at: the keyframe nearest it when
 * one is within half a spot's distance (a keyframe is decoded however the clip is read), else the
 * spot itself. Two spots near one keyframe give one candidate.
 */
export function posterPicks(duration: number, keyframes: number[]): number[] {
  const reach = duration / POSTER_SPOTS / 2;
  const picks = posterSpots(duration).map((at) => {
    const keyframe = nearestKeyframe(at, keyframes);
    return Math.abs(keyframe - at) <= reach ? keyframe : at;
  });
  return [...new Set(picks)];
}

/**
 * The poster's candidates (a frame at or just after each of posterPicks, 640 wide at most, into
 * the folder `posters`), small JPEG frames for the moderation model (the keyframe nearest each
 * point: the model needs a picture near it, not that exact frame) and the fingerprint's frames and
 * sound, from one decode of the clip that skips what none of them needs: every frame but the
 * keyframes where those are dense (denseKeyframes), else the frames no other frame refers to.
 * Seeking instead, each of eleven seeks opening the file and decoding from the keyframe before,
 * took twice the CPU of the keyframes' decode on a 30 s phone clip (keyframes a second apart) and
 * more than a whole decode when they were 8 s apart, and the fingerprint then decoded the clip
 * again. Frames come out upright (ffmpeg applies the display matrix as it decodes) and carry no
 * metadata. With `copy`, the same run writes the clip's copy (copyOutput): the decoder's skipping
 * leaves the copied packets alone, and one run instead of two saves ffmpeg's start and its probe
 * of the streams, about a third of a CPU second a clip.
 */
export function stillsArgs(
  input: string,
  outputs: { posters: string; frames: Still[]; fingerprint?: FingerprintFiles; copy?: string },
  probe: MediaProbe,
  timing: KeyframeTiming | undefined,
  maxSeconds: number,
): string[] {
  const keyframes = timing?.keyframes ?? [];
  const { width, height } = outputSize(probe);
  const w = Math.min(POSTER_WIDTH, width);
  const h = Math.max(2, Math.round((height * w) / width / 2) * 2);
  const posters = posterPicks(probe.duration, keyframes).map((at, i) => ({
    at,
    file: candidateFile(outputs.posters, i),
    scale: `scale=${w}:${h}`,
    quality: '3',
  }));
  const frames = outputs.frames.map(({ at, file }) => ({ at: nearestKeyframe(at, keyframes), file, scale: 'scale=320:-2', quality: '4' }));
  const stills = [...posters, ...frames];
  // Filters count from the file's start, the keyframes' times are the stream's own; a hundredth
  // of a second early, the keyframe itself whatever the rounding of its time.
  const pick = (at: number) => `select='gte(t,${Math.max(0, at - (probe.startTime ?? 0) - 0.01).toFixed(3)})',trim=end_frame=1`;
  const branches = [...stills.map((_, i) => `[at${i}]`), ...(outputs.fingerprint ? ['[fingerprint]'] : [])];
  const graph = [
    `[0:v:0]split=${branches.length}${branches.join('')}`,
    ...stills.map(({ at, scale }, i) => `[at${i}]${pick(at)},${scale}[still${i}]`),
    ...(outputs.fingerprint ? [`[fingerprint]${FINGERPRINT_FILTER}[fingerprintOut]`] : []),
  ];
  const images = stills.flatMap(({ file, quality }, i) => ['-map', `[still${i}]`, ...NO_METADATA, '-frames:v', '1', '-q:v', quality, '-f', 'image2', file]);
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    // One thread: frame threads cost CPU of their own, and in a burst every core has a clip.
    '-threads',
    '1',
    '-skip_frame',
    denseKeyframes(timing) ? 'nokey' : 'noref',
    ...SAFE_INPUT,
    '-i',
    input,
    '-filter_complex',
    graph.join(';'),
    ...(outputs.copy ? copyOutput(outputs.copy, maxSeconds) : []),
    ...images,
    ...(outputs.fingerprint ? fingerprintOutputs('[fingerprintOut]', outputs.fingerprint, maxSeconds) : []),
    // How far the copy got (see encodedSeconds): the furthest any output reached.
    ...(outputs.copy ? ['-progress', 'pipe:1'] : []),
  ];
}
