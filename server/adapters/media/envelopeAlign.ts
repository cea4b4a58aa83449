import { ENVELOPE_STEP_SECONDS } from './fingerprint';
import { slidingProducts } from './crossCorrelation';

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

/** Running sums of the values and their squares: any overlap's sums in two look-ups. */
function prefixSums(values: number[]) {
  const sum = new Float64Array(values.length + 1);
  const squares = new Float64Array(values.length + 1);
  values.forEach((value, i) => {
    sum[i + 1] = sum[i] + value;
    squares[i + 1] = squares[i] + value * value;
  });
  return { sum, squares };
}

/**
 * The Pearson correlation of a[i] with b[i + lag] over their overlap, for every lag from the one
 * where `b` starts MIN_OVERLAP_STEPS before `a` ends to its mirror; undefined where an envelope is
 * flat over the overlap.
 */
function correlations(a: number[], b: number[]): { lag: number; score: number | undefined }[] {
  const products = slidingProducts(a, b);
  const pa = prefixSums(a);
  const pb = prefixSums(b);
  const lags: { lag: number; score: number | undefined }[] = [];
  for (let lag = -(a.length - MIN_OVERLAP_STEPS); lag <= b.length - MIN_OVERLAP_STEPS; lag++) {
    const start = Math.max(0, -lag);
    const end = Math.min(a.length, b.length - lag);
    const n = end - start;
    const sa = pa.sum[end] - pa.sum[start];
    const sb = pb.sum[end + lag] - pb.sum[start + lag];
    const va = pa.squares[end] - pa.squares[start] - (sa * sa) / n;
    const vb = pb.squares[end + lag] - pb.squares[start + lag] - (sb * sb) / n;
    const flat = va <= MIN_VARIANCE * n || vb <= MIN_VARIANCE * n;
    lags.push({ lag, score: flat ? undefined : (products(lag) - (sa * sb) / n) / Math.sqrt(va * vb) });
  }
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
