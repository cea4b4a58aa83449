import { REEL_SHAPES, type ReelShape } from '#shared/domain/reels';
import { SAFE_INPUT } from './safeInput';

/** One clip's part of the reel: where in its file, and what the picture is like. */
export interface ReelPart {
  file: string;
  start: number;
  duration: number;
  /** The picture as shown (after the file's rotation). */
  width: number;
  height: number;
  hasAudio: boolean;
  /** A PNG of the fan's handle drawn while the part plays. */
  credit?: string;
}

export interface ReelPlan {
  parts: ReelPart[];
  /** Each shape's opening and closing card (PNG of the shape's size). */
  cards: Record<ReelShape, { open: string; close: string }>;
  /** The outputs' size as a fraction of the shapes' (1; a draft is smaller). */
  scale?: number;
}

/** A shape's frame at a scale: even sides, as yuv420p needs. */
export function shapeSize(shape: ReelShape, scale = 1): { width: number; height: number } {
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(REEL_SHAPES[shape].width), height: even(REEL_SHAPES[shape].height) };
}

export const CARD_SECONDS = 1.5;
/** Each crossfade: short enough to keep the moments, long enough not to look like a cut. */
export const FADE_SECONDS = 0.4;
const FPS = 30;
/** The loudness social platforms play at; -1.5 dBTP leaves headroom for their own encode. */
const LOUDNESS = 'I=-14:TP=-1.5:LRA=11';
const SHAPES = Object.keys(REEL_SHAPES) as ReelShape[];
const AUDIO_FORMAT = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';

/** The reel's length: the cards and the parts, less what the crossfades overlap. */
export function plannedSeconds(plan: Pick<ReelPlan, 'parts'>): number {
  const items = [CARD_SECONDS, ...plan.parts.map((part) => part.duration), CARD_SECONDS];
  return items.reduce((a, b) => a + b, 0) - FADE_SECONDS * (items.length - 1);
}

const fixed = (n: number) => n.toFixed(3);

/**
 * The inputs: each part's file from its start for its duration (input seeking: only that much is
 * decoded), the cards and the credits as single pictures (overlay keeps a picture that has ended).
 */
function inputsOf(plan: ReelPlan) {
  const args: string[] = [];
  let next = 0;
  const parts = plan.parts.map((part) => {
    args.push('-ss', fixed(part.start), '-t', fixed(part.duration), ...SAFE_INPUT, '-i', part.file);
    return next++;
  });
  // Each card is read once: the loop filter repeats its one decoded picture (a PNG decoded 45 times over is seconds of work at 1080p).
  const cards = Object.fromEntries(
    SHAPES.map((shape) => {
      const index = { open: next++, close: next++ };
      for (const png of [plan.cards[shape].open, plan.cards[shape].close]) args.push('-i', png);
      return [shape, index];
    }),
  ) as Record<ReelShape, { open: number; close: number }>;
  const credits = plan.parts.map((part) => {
    if (!part.credit) return undefined;
    args.push('-i', part.credit);
    return next++;
  });
  return { args, parts, cards, credits };
}

/** The sound of every part and card, crossfaded into [label]: silence where a clip has none. */
function audioGraph(plan: ReelPlan, parts: number[], label: string): string[] {
  const silence = (seconds: number, out: string) => `anullsrc=r=48000:cl=stereo,atrim=0:${fixed(seconds)},${AUDIO_FORMAT},asetpts=PTS-STARTPTS[${out}]`;
  const chains = [silence(CARD_SECONDS, 'aopen'), silence(CARD_SECONDS, 'aclose')];
  plan.parts.forEach((part, i) => {
    chains.push(
      part.hasAudio ? `[${parts[i]}:a]${AUDIO_FORMAT},asetpts=PTS-STARTPTS,apad,atrim=0:${fixed(part.duration)}[a${i}]` : silence(part.duration, `a${i}`),
    );
  });
  const order = ['aopen', ...plan.parts.map((_, i) => `a${i}`), 'aclose'];
  let previous = order[0];
  order.slice(1).forEach((item, k) => {
    const out = k === order.length - 2 ? label : `ax${k}`;
    chains.push(`[${previous}][${item}]acrossfade=d=${FADE_SECONDS}[${out}]`);
    previous = out;
  });
  return chains;
}

/**
 * A part fitted to a shape without black bars: cut to the shape where the picture is already of
 * its orientation (upright for 9:16, wide for 16:9, near-square for 1:1), else shown whole in
 * front of a blurred, darkened copy of itself filling the frame.
 */
function fitted(input: string, part: ReelPart, shape: ReelShape, scale: number, out: string): string {
  const { width: W, height: H } = shapeSize(shape, scale);
  const aspect = part.width / part.height;
  const crop = shape === 'vertical' ? aspect < 1 : shape === 'landscape' ? aspect > 1 : aspect > 0.8 && aspect < 1.25;
  if (crop) return `[${input}]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},setsar=1[${out}]`;
  // The fill is blurred small and scaled up: a tenth of the pixels to blur.
  const w = Math.max(2, Math.round(W / 20) * 2);
  const h = Math.max(2, Math.round(H / 20) * 2);
  return (
    `[${input}]split=2[${out}b][${out}f];` +
    `[${out}b]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},boxblur=6:2,drawbox=t=fill:c=black@0.4,scale=${W}:${H}[${out}bg];` +
    `[${out}f]scale=${W}:${H}:force_original_aspect_ratio=decrease[${out}fg];` +
    `[${out}bg][${out}fg]overlay=(W-w)/2:(H-h)/2,setsar=1[${out}]`
  );
}

/** Each shape's picture: cards and parts (credits drawn on theirs) crossfaded into [v<shape>]. */
function videoGraph(plan: ReelPlan, inputs: ReturnType<typeof inputsOf>): string[] {
  const chains: string[] = [];
  const even = `fps=${FPS},format=yuv420p,setsar=1`;
  const card = `loop=loop=${Math.round(CARD_SECONDS * FPS) - 1}:size=1:start=0,setpts=N/${FPS}/TB,`;
  plan.parts.forEach((part, i) => {
    chains.push(
      `[${inputs.parts[i]}:v]setpts=PTS-STARTPTS,fps=${FPS},trim=duration=${fixed(part.duration)},split=${SHAPES.length}${SHAPES.map((s) => `[p${i}${s}]`).join('')}`,
    );
    const credit = inputs.credits[i];
    if (credit !== undefined) chains.push(`[${credit}:v]format=rgba,split=${SHAPES.length}${SHAPES.map((s) => `[c${i}${s}]`).join('')}`);
  });
  for (const shape of SHAPES) {
    const scale = plan.scale ?? 1;
    const { height: H } = shapeSize(shape, scale);
    // The credit's plate sits 48 px in and 72 px up from the bottom of a 1080-pixel frame.
    const [left, top] = [Math.round(48 * scale), H - Math.round((64 + 72) * scale)];
    const items: { label: string; seconds: number }[] = [];
    chains.push(`[${inputs.cards[shape].open}:v]${card}${even}[open${shape}]`);
    items.push({ label: `open${shape}`, seconds: CARD_SECONDS });
    plan.parts.forEach((part, i) => {
      const fit = `f${i}${shape}`;
      chains.push(fitted(`p${i}${shape}`, part, shape, scale, fit));
      const drawn = inputs.credits[i] !== undefined ? `[${fit}][c${i}${shape}]overlay=${left}:${top}:eof_action=repeat` : `[${fit}]null`;
      chains.push(`${drawn},${even}[q${i}${shape}]`);
      items.push({ label: `q${i}${shape}`, seconds: part.duration });
    });
    chains.push(`[${inputs.cards[shape].close}:v]${card}${even}[close${shape}]`);
    items.push({ label: `close${shape}`, seconds: CARD_SECONDS });
    let previous = items[0].label;
    let length = items[0].seconds;
    items.slice(1).forEach((item, k) => {
      const out = k === items.length - 2 ? `v${shape}` : `x${k}${shape}`;
      chains.push(`[${previous}][${item.label}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${fixed(length - FADE_SECONDS)}[${out}]`);
      length += item.seconds - FADE_SECONDS;
      previous = out;
    });
  }
  return chains;
}

/** The first of the two loudness passes: loudnorm measures the crossfaded sound and prints what it found. */
export function measureArgs(plan: ReelPlan): string[] {
  const inputs = inputsOf(plan);
  const graph = [...audioGraph(plan, inputs.parts, 'mix'), `[mix]loudnorm=${LOUDNESS}:print_format=json[out]`];
  return ['-hide_banner', '-nostats', '-v', 'info', ...inputs.args, '-filter_complex', graph.join(';'), '-map', '[out]', '-f', 'null', '-'];
}

/** What loudnorm measured (its JSON at the end of the log). */
export interface LoudnessMeasure {
  input_i: string;
  input_tp: string;
  input_lra: string;
  input_thresh: string;
  target_offset: string;
}

export function parseLoudness(log: string): LoudnessMeasure | undefined {
  const start = log.lastIndexOf('{');
  const end = log.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    const measure = JSON.parse(log.slice(start, end + 1)) as LoudnessMeasure;
    // A reel without any sound measures -inf: nothing to bring up.
    return Number.isFinite(Number(measure.input_i)) && Number.isFinite(Number(measure.input_tp)) ? measure : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The render: one ffmpeg run writing the three shapes, H.264/AAC with the index first (plays
 * while it loads), the sound brought to -14 LUFS with the measured values (loudnorm's second
 * pass), and nothing of the sources' metadata or chapters. Progress goes to stdout.
 */
export function renderArgs(plan: ReelPlan, measure: LoudnessMeasure | undefined, outputs: Record<ReelShape, string>, preset = 'veryfast'): string[] {
  const inputs = inputsOf(plan);
  const normalise = measure
    ? `loudnorm=${LOUDNESS}:measured_I=${measure.input_i}:measured_TP=${measure.input_tp}:measured_LRA=${measure.input_lra}:measured_thresh=${measure.input_thresh}:offset=${measure.target_offset}:linear=true,aresample=48000,`
    : '';
  const graph = [
    ...audioGraph(plan, inputs.parts, 'mix'),
    `[mix]${normalise}asplit=${SHAPES.length}${SHAPES.map((s) => `[a${s}]`).join('')}`,
    ...videoGraph(plan, inputs),
  ];
  const encode = [
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-ar',
    '48000',
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
  ];
  return [
    '-hide_banner',
    '-nostats',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    '-y',
    ...inputs.args,
    '-filter_complex',
    graph.join(';'),
    ...SHAPES.flatMap((shape) => ['-map', `[v${shape}]`, '-map', `[a${shape}]`, ...encode, outputs[shape]]),
  ];
}

/** Seconds written so far, from a chunk of -progress output (out_time_ms is in microseconds, as old and new ffmpeg both write it). */
export function progressSeconds(chunk: string): number | undefined {
  const matches = [...chunk.matchAll(/out_time_(?:ms|us)=(\d+)/g)];
  return matches.length ? Number(matches[matches.length - 1][1]) / 1e6 : undefined;
}
