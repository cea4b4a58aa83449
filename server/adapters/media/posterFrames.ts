import fs from 'node:fs';
import path from 'node:path';

/**
 * The frames a clip's poster is chosen from (posterChoice.ts scores them): a few spots spread
 * evenly over the clip, and at each the most representative of a handful of consecutive frames
 * (ffmpeg's thumbnail filter), so a spot that falls on a flash or a cut still gives a steady frame.
 */
export const POSTER_SPOTS = 8;
/** Consecutive frames the thumbnail filter picks one from at each spot (a sixth of a second at 30 fps). */
export const POSTER_WINDOW = 5;
/** As wide as the thumbnail it may become. */
export const POSTER_WIDTH = 640;

/** When each spot is: the middle of each of POSTER_SPOTS equal parts of the clip. */
export function posterSpots(duration: number): number[] {
  const step = Math.max(0, duration) / POSTER_SPOTS;
  return Array.from({ length: POSTER_SPOTS }, (_, i) => (i + 0.5) * step);
}

/** Where a run writes the candidates: numbered from 1 (ffmpeg's image2 numbering). */
export const candidatePattern = (dir: string) => path.join(dir, 'candidate%02d.jpg');
export const candidateFile = (dir: string, i: number) => path.join(dir, `candidate${String(i + 1).padStart(2, '0')}.jpg`);

/** The candidates a run wrote, in the clip's order (a short clip gives fewer). */
export function candidatesIn(dir: string): string[] {
  return Array.from({ length: POSTER_SPOTS }, (_, i) => candidateFile(dir, i)).filter((file) => fs.existsSync(file));
}

/**
 * A branch of a filter graph that decodes the clip once (encode.ts reviewArgs): from its input
 * label, a window of frames at each spot, one picked of each, scaled to `width`x`height`. Frames
 * outside the windows are dropped before any work is done on them.
 */
export function posterBranch(input: string, output: string, duration: number, width: number, height: number): string {
  const [first] = posterSpots(duration);
  const step = duration / POSTER_SPOTS;
  const select = `select='gte(t,${first.toFixed(3)}+floor(selected_n/${POSTER_WINDOW})*${step.toFixed(3)})'`;
  return `[${input}]setpts=PTS-STARTPTS,${select},thumbnail=${POSTER_WINDOW},scale=${width}:${height}[${output}]`;
}

/** The output options of the candidates of a posterBranch: each frame its own JPEG, no metadata. */
export const posterOutput = (label: string, dir: string, noMetadata: readonly string[]) => [
  '-map',
  `[${label}]`,
  ...noMetadata,
  '-frames:v',
  String(POSTER_SPOTS),
  '-vsync',
  'vfr',
  '-q:v',
  '3',
  '-f',
  'image2',
  candidatePattern(dir),
];
