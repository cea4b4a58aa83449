import type { MediaProbe } from './probe';
import { SAFE_INPUT } from './safeInput';
import { POSTER_WIDTH, posterBranch, posterOutput } from './posterFrames';
import { FINGERPRINT_FILTER, fingerprintOutputs, type FingerprintFiles } from './fingerprint';

/** The largest picture of a rendition: its long and short sides. */
interface Box {
  long: number;
  short: number;
}
const FULL: Box = { long: 1920, short: 1080 };
/** The review proxy: 720p, enough to judge a clip on a staff screen. */
const PROXY: Box = { long: 1280, short: 720 };

/** At most 1080p (or `box`): the long side at most 1920 and the short side at most 1080, aspect kept, even sizes. */
export function outputSize(probe: MediaProbe, box: Box = FULL): { width: number; height: number } {
  const v = probe.video!;
  const [w, h] = v.rotation === 90 || v.rotation === 270 ? [v.height, v.width] : [v.width, v.height];
  const scale = Math.min(1, box.long / Math.max(w, h), box.short / Math.min(w, h));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(w), height: even(h) };
}

/** No metadata or chapters of the input reach an output: a phone's clip carries where it was filmed. */
export const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1'];

/**
 * ffmpeg turns the picture upright itself (autorotate); the outputs carry no rotation. An
 * output stops at `maxSeconds` whatever the input claims: a backstop for a clip whose header
 * understates its length.
 */
const common = (input: string, probe: MediaProbe, maxSeconds: number) => {
  const { width, height } = outputSize(probe);
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
    ...NO_METADATA,
    '-t',
    String(maxSeconds),
    '-vf',
    `scale=${width}:${height}`,
    '-metadata:s:v:0',
    'rotate=0',
  ];
};

/**
 * H.264 High and AAC in an mp4 that starts playing before it has all loaded, tagged so Apple
 * players take it. The clip staff review first, so x264's veryfast at CRF 23: on an 8 s 720p30
 * phone-like clip (moving detail and sensor noise, 6.6 MB) it took 5.6 s of CPU where medium
 * took 12.4 s, and made 4.7 MB where medium made 5.5 MB (SSIM to the original 0.987 and 0.991);
 * superfast took 4.0 s but made 7.5 MB.
 */
const mp4Output = (preset: string, crf: number) => [
  '-c:v',
  'libx264',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
  '-preset',
  preset,
  '-crf',
  String(crf),
  '-tag:v',
  'avc1',
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-ac',
  '2',
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
];
const MP4_OUTPUT = mp4Output('veryfast', 23);
/**
 * The review proxy of a clip that must be encoded (HEVC, 10-bit, 4K...): what staff need to
 * judge it, as soon as possible; the full-quality mp4 (MP4_OUTPUT) follows when the queue is idle.
 * On a 10 s 1080p30 HEVC phone-like clip (moving detail and sensor noise), 720p at ultrafast CRF
 * 26 took 6.1 CPU s (4.2 of them decoding the HEVC) where the full mp4 took 16.6, SSIM to the
 * source 0.945 against the full mp4's 0.964, 4.9 MB against 7.7. superfast at CRF 23 took 8.5 s
 * for 0.947; at CRF 26, 8.0 s for 0.943 (3.0 MB).
 */
const PROXY_OUTPUT = mp4Output('ultrafast', 26);

/** Which mp4 a review run makes: the full-quality one, or the review proxy. */
export type Rendition = 'full' | 'proxy';

/** A frame the moderation model looks at: `at` seconds into the clip, written to `file`. */
interface ModerationFrame {
  at: number;
  file: string;
}

/** What makes a clip reviewable: the mp4, the frames its poster is chosen from (into the folder `posters`), and the frames its moderation looks at. */
interface ReviewOutputs {
  mp4: string;
  posters?: string;
  frames?: ModerationFrame[];
  /** The fingerprint's frames and sound, from the same decode (a clip is decoded once). */
  fingerprint?: FingerprintFiles;
}

/**
 * One ffmpeg run that decodes the clip once and writes every output a review needs: the mp4
 * (see MP4_OUTPUT, or PROXY_OUTPUT at 720p for the review proxy), the poster's candidates (posterFrames.ts, 640 wide)
 * and small JPEG frames for the moderation model.
 * Each output drops the input's metadata and chapters; the mp4 stops at `maxSeconds`. Separate
 * runs decoded the clip again for the thumbnail and once per moderation frame (20% of
 * a clip's time went there). With `-progress pipe:1` it prints how far it got (see encodedSeconds).
 */
export function reviewArgs(input: string, outputs: ReviewOutputs, probe: MediaProbe, maxSeconds: number, rendition: Rendition = 'full'): string[] {
  const { width, height } = outputSize(probe, rendition === 'proxy' ? PROXY : FULL);
  const frames = outputs.frames ?? [];
  const branches = ['mp4', ...(outputs.posters ? ['posters'] : []), ...frames.map((_, i) => `frame${i}`), ...(outputs.fingerprint ? ['fingerprint'] : [])];
  const graph = [`[0:v:0]scale=${width}:${height},format=yuv420p,split=${branches.length}${branches.map((b) => `[${b}]`).join('')}`];
  const args = ['-hide_banner', '-nostdin', '-y', ...SAFE_INPUT, '-i', input];
  const output = rendition === 'proxy' ? PROXY_OUTPUT : MP4_OUTPUT;
  const mp4 = ['-map', '[mp4]', '-map', '0:a:0?', ...NO_METADATA, '-t', String(maxSeconds), '-metadata:s:v:0', 'rotate=0', ...output, outputs.mp4];
  const images: string[] = [];
  if (outputs.posters) {
    const w = Math.min(POSTER_WIDTH, width);
    const h = Math.max(2, Math.round((height * w) / width / 2) * 2);
    graph.push(posterBranch('posters', 'postersOut', probe.duration, w, h));
    images.push(...posterOutput('postersOut', outputs.posters, NO_METADATA));
  }
  frames.forEach(({ at, file }, i) => {
    graph.push(`[frame${i}]trim=start=${at.toFixed(2)},trim=end_frame=1,scale=320:-2[frame${i}Out]`);
    images.push('-map', `[frame${i}Out]`, ...NO_METADATA, '-frames:v', '1', '-q:v', '4', '-f', 'image2', file);
  });
  if (outputs.fingerprint) {
    graph.push(`[fingerprint]${FINGERPRINT_FILTER}[fingerprintOut]`);
    images.push(...fingerprintOutputs('[fingerprintOut]', outputs.fingerprint, maxSeconds));
  }
  return [...args, '-filter_complex', graph.join(';'), ...mp4, ...images, '-progress', 'pipe:1'];
}

/** How many seconds of the clip a reviewArgs run encoded, from its last progress report; 0 when it reported none. */
export function encodedSeconds(progress: string): number {
  const times = [...progress.matchAll(/^out_time=(\d+):(\d+):(\d+(?:\.\d+)?)$/gm)];
  const last = times.at(-1);
  return last ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]) : 0;
}

/** The full-quality mp4 alone (MP4_OUTPUT), made after the review proxy; with its progress as reviewArgs. */
export function mp4Args(input: string, output: string, probe: MediaProbe, maxSeconds: number): string[] {
  return [...common(input, probe, maxSeconds), ...MP4_OUTPUT, output, '-progress', 'pipe:1'];
}

/** VP9 (4:2:0, which browsers need) and Opus in a webm. */
export function webmArgs(input: string, output: string, probe: MediaProbe, maxSeconds: number): string[] {
  return [
    ...common(input, probe, maxSeconds),
    '-c:v',
    'libvpx-vp9',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '33',
    '-b:v',
    '0',
    '-deadline',
    'good',
    '-cpu-used',
    '5',
    '-row-mt',
    '1',
    '-c:a',
    'libopus',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-f',
    'webm',
    output,
  ];
}

/** One small JPEG frame at `seconds`, for a moderation model. */
export function frameArgs(input: string, output: string, seconds: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    seconds.toFixed(2),
    ...SAFE_INPUT,
    '-i',
    input,
    ...NO_METADATA,
    '-vf',
    'scale=320:-2',
    '-frames:v',
    '1',
    '-q:v',
    '4',
    '-f',
    'image2',
    output,
  ];
}
