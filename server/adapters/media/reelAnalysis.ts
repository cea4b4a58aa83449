import fs from 'node:fs';
import path from 'node:path';
import { SAFE_INPUT } from './safeInput';
import { runToolForLog } from './runLog';
import { filtersOf } from './ffmpegFilters';

/** What one second of a clip is like: how loud, and whether its picture is fit for a reel. */
export interface SecondScore {
  /** Mean momentary loudness (LUFS, floored at SILENCE_LUFS). */
  loudness: number;
  /** A black frame in it (blackdetect, or nine pixels in ten at black level). */
  black: boolean;
  /** Frozen picture (freezedetect). */
  frozen: boolean;
  /** Lit so little that nothing shows. */
  dark: boolean;
  /** Much blurrier than the clip's sharpest seconds (blurdetect): out of focus, a shaking hand. */
  blurred: boolean;
  /** The strongest scene change in it (0-1): cuts and whip pans. */
  scene: number;
}

export interface ClipAnalysis {
  duration: number;
  /** Second i covers [i, i + 1), the last one up to the duration. */
  seconds: SecondScore[];
}

/** Quieter than this is silence for a reel: a floor, so the -120 of digital silence does not weigh on a mean. */
export const SILENCE_LUFS = -70;
// Luma on the 16-235 scale: blackdetect's default threshold is 10% of the range above black.
const BLACK_LUMA = 16 + 0.1 * 219;
// An average this low shows nothing on a phone's screen: a pocket, a hand over the lens.
const DARK_LUMA = 24;
// The analysis looks at 10 small frames a second: enough for second-long decisions, cheap to decode.
const ANALYSIS_FPS = 10;
// blurdetect's value depends on what is filmed, so a second is blurred against the clip's own sharp
// seconds (its quarter sharpest): half as blurry again, and by more than noise on flat pictures.
const BLUR_RATIO = 1.5;
const BLUR_MARGIN = 2;

/**
 * One ffmpeg run that writes no output: the picture at 10 small frames a second through
 * blackdetect, signalstats (luma), freezedetect, blurdetect (where this ffmpeg has it) and the
 * scene score, their per-frame values printed to a file; the sound through ebur128's momentary
 * loudness (every 0.1 s) to another.
 */
export function analysisArgs(input: string, hasAudio: boolean, videoMeta: string, audioMeta: string, blur = false): string[] {
  const video =
    `[0:v]fps=${ANALYSIS_FPS},scale=160:-2,blackdetect=d=0.1:pix_th=0.10,signalstats,freezedetect=n=0.003:d=0.5,${blur ? 'blurdetect,' : ''}` +
    `select='gte(scene,0)',metadata=print:file=${filterPath(videoMeta)}[v]`;
  const audio = `[0:a]ebur128=metadata=1,ametadata=print:key=lavfi.r128.M:file=${filterPath(audioMeta)}[a]`;
  return [
    '-hide_banner',
    '-nostats',
    '-v',
    'info',
    ...SAFE_INPUT,
    '-i',
    input,
    '-filter_complex',
    hasAudio ? `${video};${audio}` : video,
    '-map',
    '[v]',
    ...(hasAudio ? ['-map', '[a]'] : []),
    '-f',
    'null',
    '-',
  ];
}

/** A path inside a filter's options: its special characters escaped. */
const filterPath = (file: string) => file.replace(/[\\:',;[\]]/g, (c) => `\\${c}`);

interface FrameValues {
  time: number;
  values: Map<string, string>;
}

/** metadata=print's file: a 'frame:N pts:P pts_time:T' line, then that frame's key=value lines. */
export function parseFrameMetadata(text: string): FrameValues[] {
  const frames: FrameValues[] = [];
  for (const line of text.split('\n')) {
    const head = /pts_time:(-?[\d.]+)/.exec(line);
    if (line.startsWith('frame:') && head) frames.push({ time: Number(head[1]), values: new Map() });
    else {
      const at = line.indexOf('=');
      if (at > 0 && frames.length) frames[frames.length - 1].values.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
    }
  }
  return frames;
}

/** blackdetect's intervals from the log: 'black_start:0 black_end:1.0 black_duration:1.0'. */
export function parseBlackIntervals(log: string): { start: number; end: number }[] {
  return [...log.matchAll(/black_start:\s*([\d.]+)\s+black_end:\s*([\d.]+)/g)].map((m) => ({ start: Number(m[1]), end: Number(m[2]) }));
}

/** The seconds of a clip from its analysis outputs. */
export function scoreSeconds(duration: number, log: string, videoMeta: string, audioMeta: string): ClipAnalysis {
  const count = Math.max(1, Math.ceil(duration - 0.01));
  const seconds: SecondScore[] = Array.from({ length: count }, () => ({
    loudness: SILENCE_LUFS,
    black: false,
    frozen: false,
    dark: false,
    blurred: false,
    scene: 0,
  }));
  const at = (time: number) => seconds[Math.min(count - 1, Math.max(0, Math.floor(time)))];
  const overlapping = (start: number, end: number, mark: (second: SecondScore) => void) => {
    for (let i = Math.max(0, Math.floor(start)); i < count && i < end; i++) mark(seconds[i]);
  };

  const luma: number[][] = seconds.map(() => []);
  const blur: number[][] = seconds.map(() => []);
  let freezeStart: number | undefined;
  for (const frame of parseFrameMetadata(videoMeta)) {
    const second = at(frame.time);
    const high = Number(frame.values.get('lavfi.signalstats.YHIGH'));
    if (Number.isFinite(high) && high <= BLACK_LUMA) second.black = true;
    const average = Number(frame.values.get('lavfi.signalstats.YAVG'));
    if (Number.isFinite(average)) luma[Math.min(count - 1, Math.floor(frame.time))].push(average);
    const blurriness = Number(frame.values.get('lavfi.blur'));
    if (Number.isFinite(blurriness)) blur[Math.min(count - 1, Math.max(0, Math.floor(frame.time)))].push(blurriness);
    second.scene = Math.max(second.scene, Number(frame.values.get('lavfi.scene_score') ?? 0) || 0);
    const start = frame.values.get('lavfi.freezedetect.freeze_start');
    if (start !== undefined) freezeStart = Number(start);
    const end = frame.values.get('lavfi.freezedetect.freeze_end');
    if (end !== undefined && freezeStart !== undefined) {
      overlapping(freezeStart, Number(end), (s) => (s.frozen = true));
      freezeStart = undefined;
    }
  }
  if (freezeStart !== undefined) overlapping(freezeStart, duration, (s) => (s.frozen = true));
  luma.forEach((values, i) => {
    if (values.length && values.reduce((a, b) => a + b, 0) / values.length < DARK_LUMA) seconds[i].dark = true;
  });
  for (const { start, end } of parseBlackIntervals(log)) overlapping(start, end, (s) => (s.black = true));
  markBlurred(seconds, blur);

  const loudness: number[][] = seconds.map(() => []);
  for (const frame of parseFrameMetadata(audioMeta)) {
    const value = Number(frame.values.get('lavfi.r128.M'));
    if (Number.isFinite(value)) loudness[Math.min(count - 1, Math.max(0, Math.floor(frame.time)))].push(Math.max(SILENCE_LUFS, value));
  }
  loudness.forEach((values, i) => {
    if (values.length) seconds[i].loudness = values.reduce((a, b) => a + b, 0) / values.length;
  });
  return { duration, seconds };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Seconds much blurrier than the clip's quarter sharpest (black and dark ones, which blurdetect finds flat, aside). */
function markBlurred(seconds: SecondScore[], blur: number[][]): void {
  const measured = blur.map((values, i) => (values.length && !seconds[i].black && !seconds[i].dark ? mean(values) : undefined));
  const sorted = measured.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  if (sorted.length < 2) return;
  const sharp = sorted[Math.floor((sorted.length - 1) / 4)];
  measured.forEach((value, i) => {
    if (value !== undefined && value > sharp * BLUR_RATIO && value - sharp > BLUR_MARGIN) seconds[i].blurred = true;
  });
}

/** Analyses a local clip (its duration and whether it has sound from its probe), in a scratch folder of the caller's. */
export async function analyseClip(
  ffmpeg: string,
  input: string,
  probe: { duration: number; hasAudio: boolean },
  dir: string,
  signal?: AbortSignal,
): Promise<ClipAnalysis> {
  const name = path.basename(input).replace(/[^A-Za-z0-9]/g, '_');
  const videoMeta = path.join(dir, `${name}.video.txt`);
  const audioMeta = path.join(dir, `${name}.audio.txt`);
  const blur = (await filtersOf(ffmpeg)).has('blurdetect');
  const log = await runToolForLog(ffmpeg, analysisArgs(input, probe.hasAudio, videoMeta, audioMeta, blur), signal);
  const read = (file: string) => fs.promises.readFile(file, 'utf8').catch(() => '');
  return scoreSeconds(probe.duration, log, await read(videoMeta), await read(audioMeta));
}
