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

const THUMBNAIL_WIDTH = 640;

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
const MP4_OUTPUT = [
  '-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '23', '-tag:v', 'avc1',
  '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
  '-movflags', '+faststart', '-f', 'mp4',
];

/** A frame the moderation model looks at: `at` seconds into the clip, written to `file`. */
interface ModerationFrame {
  at: number;
  file: string;
}

/** What makes a clip reviewable: the mp4, its thumbnail, and the frames its moderation looks at. */
interface ReviewOutputs {
  mp4: string;
  thumbnail?: string;
  frames?: ModerationFrame[];
}

/**
 * One ffmpeg run that decodes the clip once and writes every output a review needs: the mp4
 * (see MP4_OUTPUT), the thumbnail (ffmpeg's thumbnail filter picks the most representative of
 * the 30 frames after the first tenth, 640 wide) and small JPEG frames for the moderation model.
 * Each output drops the input's metadata and chapters; the mp4 stops at `maxSeconds`. Separate
 * runs decoded the clip again for the thumbnail and once per moderation frame (20% of
 * a clip's time went there). With `-progress pipe:1` it prints how far it got (see encodedSeconds).
 */
export function reviewArgs(input: string, outputs: ReviewOutputs, probe: MediaProbe, maxSeconds: number): string[] {
  const { width, height } = outputSize(probe);
  const frames = outputs.frames ?? [];
  const branches = ['mp4', ...(outputs.thumbnail ? ['thumbnail'] : []), ...frames.map((_, i) => `frame${i}`)];
  const graph = [`[0:v:0]scale=${width}:${height},format=yuv420p,split=${branches.length}${branches.map((b) => `[${b}]`).join('')}`];
  const args = ['-hide_banner', '-nostdin', '-y', ...SAFE_INPUT, '-i', input];
  const mp4 = ['-map', '[mp4]', '-map', '0:a:0?', ...NO_METADATA, '-t', String(maxSeconds), '-metadata:s:v:0', 'rotate=0', ...MP4_OUTPUT, outputs.mp4];
  const images: string[] = [];
  if (outputs.thumbnail) {
    const w = Math.min(THUMBNAIL_WIDTH, width);
    const h = Math.max(2, Math.round((height * w) / width / 2) * 2);
    const start = probe.duration > 2 ? (probe.duration * 0.1).toFixed(2) : '0';
    // trim=end_frame ends the branch after its frames, so the rest of the clip is not queued for it.
    graph.push(`[thumbnail]trim=start=${start},trim=end_frame=30,thumbnail=30,scale=${w}:${h}[thumbnailOut]`);
    images.push('-map', '[thumbnailOut]', ...NO_METADATA, '-frames:v', '1', '-q:v', '3', '-f', 'image2', outputs.thumbnail);
  }
  frames.forEach(({ at, file }, i) => {
    graph.push(`[frame${i}]trim=start=${at.toFixed(2)},trim=end_frame=1,scale=320:-2[frame${i}Out]`);
    images.push('-map', `[frame${i}Out]`, ...NO_METADATA, '-frames:v', '1', '-q:v', '4', '-f', 'image2', file);
  });
  return [...args, '-filter_complex', graph.join(';'), ...mp4, ...images, '-progress', 'pipe:1'];
}

/** How many seconds of the clip a reviewArgs run encoded, from its last progress report; 0 when it reported none. */
export function encodedSeconds(progress: string): number {
  const times = [...progress.matchAll(/^out_time=(\d+):(\d+):(\d+(?:\.\d+)?)$/gm)];
  const last = times.at(-1);
  return last ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]) : 0;
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

/** One small JPEG frame at `seconds`, for a moderation model. */
export function frameArgs(input: string, output: string, seconds: number): string[] {
  return ['-hide_banner', '-nostdin', '-y', '-ss', seconds.toFixed(2), ...SAFE_INPUT, '-i', input, ...NO_METADATA, '-vf', 'scale=320:-2', '-frames:v', '1', '-q:v', '4', '-f', 'image2', output];
}
