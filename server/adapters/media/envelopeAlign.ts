import { ENVELOPE_STEP_SECONDS } from './fingerprint';

/**
 * Whether two clips' sound is the same moment of one performance filmed from two places, and at
 * what offset: their loudness envelopes (fingerprint.ts) are slid against each other and compared
 * by normalised cross-correlation over their overlap. Two fans' phones hear the song through
 * different crowds, microphones and levels, so only the shape of the loudness is compared (each
 * overlap's mean and scale taken out). A strict threshold and a long enough overlap keep other
 * songs, and the same song another night (another tempo, other accents), from aligning: over a
 * shorter overlap, a few bars of two songs in one rhythm correlate by chance as well as two fans'
 * recordings of one moment.
 */

/** At least 6 s heard by both. */
export const MIN_OVERLAP_STEPS = 60;
/**
 * The correlation at the best offset must reach this. On the labelled set (tests/fixtures/angleClips.ts)
 * two fans of one moment correlate at 0.77 and more, unrelated clips at 0.63 at most.
 */
export const MIN_SCORE = 0.72;
/** An envelope this flat over the overlap (dB variance per step) says nothing about where it is. */
const MIN_VARIANCE = 4;

export interface Alignment {
  /** A moment `t` s into the first clip is `t + offsetMs / 1000` s into the second. */
  offsetMs: number;
  /** The correlation at that offset (at most 1). */
  score: number;
}

/** Pearson correlation of a[i] with b[i + lag] over their overlap; undefined when short or flat. */
function correlationAt(a: number[], b: number[], lag: number): number | undefined {
  const start = Math.max(0, -lag);
  const end = Math.min(a.length, b.length - lag);
  const n = end - start;
  if (n < MIN_OVERLAP_STEPS) return undefined;
  let sa = 0,
    sb = 0,
    saa = 0,
    sbb = 0,
    sab = 0;
  for (let i = start; i < end; i++) {
    const x = a[i];
    const y = b[i + lag];
    sa += x;
    sb += y;
    saa += x * x;
    sbb += y * y;
    sab += x * y;
  }
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  if (va <= MIN_VARIANCE * n || vb <= MIN_VARIANCE * n) return undefined;
  return (sab - (sa * sb) / n) / Math.sqrt(va * vb);
}

/** Every lag's correlation, from the one where `b` starts MIN_OVERLAP_STEPS before `a` ends to its mirror. */
function correlations(a: number[], b: number[]): { lag: number; score: number | undefined }[] {
  const lags: { lag: number; score: number | undefined }[] = [];
  for (let lag = -(a.length - MIN_OVERLAP_STEPS); lag <= b.length - MIN_OVERLAP_STEPS; lag++) lags.push({ lag, score: correlationAt(a, b, lag) });
  return lags;
}

/**
 * The offset at which `b` plays the same moment as `a`, or undefined when they share none. The
 * best lag is refined between envelope steps by fitting a parabola through it and its neighbours.
 */
export function alignEnvelopes(a: number[], b: number[]): Alignment | undefined {
  if (a.length < MIN_OVERLAP_STEPS || b.length < MIN_OVERLAP_STEPS) return undefined;
  const lags = correlations(a, b);
  let best = -1;
  for (let i = 0; i < lags.length; i++) if ((lags[i].score ?? -1) > (lags[best]?.score ?? -1)) best = i;
  const peak = lags[best]?.score;
  if (peak === undefined || peak < MIN_SCORE) return undefined;
  const before = lags[best - 1]?.score;
  const after = lags[best + 1]?.score;
  let shift = 0;
  if (before !== undefined && after !== undefined) {
    const curve = before - 2 * peak + after;
    if (curve < 0) shift = Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / curve));
  }
  return { offsetMs: Math.round((lags[best].lag + shift) * ENVELOPE_STEP_SECONDS * 1000), score: peak };
}
