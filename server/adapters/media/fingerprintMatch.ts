import { hamming } from './frameHash';
import { STORED_VIEWS, type Fingerprint } from './fingerprint';

/**
 * Whether two fingerprints are the same footage. Frames are compared as sets, not in time: a
 * trimmed copy's frames are a subset of the source's, and a re-encode samples other instants.
 * The query side is given in its four orientations (a copy turned by 90° matches in one of them).
 */

/** Two frames this close (of 64 bits) are one picture. */
export const FRAME_BITS = 14;
/** Share of the shorter side's frames found in the other: at least this is the same footage... */
const SAME_SHARE = 0.6;
/** ...or at least this when their sound follows the same envelope as well. */
const SHARE_WITH_SOUND = 0.35;
const SOUND_CORRELATION = 0.8;
/** Envelopes are slid up to 3 s against each other (a trimmed start). */
const MAX_LAG_STEPS = 30;
const MIN_OVERLAP_STEPS = 20;

/** How many of `frames` have a frame of `others` within FRAME_BITS. */
function found(frames: bigint[], others: bigint[]): number {
  return frames.filter((frame) => others.some((other) => hamming(frame, other) <= FRAME_BITS)).length;
}

/** The best share of the shorter side's frames found in the other, over the query's views and the candidate's stored ones. */
export function sharedShare(query: bigint[][], candidate: bigint[][]): number {
  let best = 0;
  for (const frames of query) {
    for (const others of candidate) {
      if (!frames.length || !others.length) continue;
      // One frame alone (a still scene, a photo) must match too; the share then is 0 or 1.
      const share = frames.length <= others.length ? found(frames, others) / frames.length : found(others, frames) / others.length;
      best = Math.max(best, share);
    }
  }
  return best;
}

/** Pearson correlation of two envelopes at their best offset within ±3 s; 0 when either is silent or flat. */
export function envelopeCorrelation(a: number[], b: number[]): number {
  let best = 0;
  for (let lag = -MAX_LAG_STEPS; lag <= MAX_LAG_STEPS; lag++) {
    const start = Math.max(0, -lag);
    const end = Math.min(a.length, b.length - lag);
    if (end - start < MIN_OVERLAP_STEPS) continue;
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
    const n = end - start;
    const cov = sab - (sa * sb) / n;
    const va = saa - (sa * sa) / n;
    const vb = sbb - (sb * sb) / n;
    if (va <= n || vb <= n) continue;
    best = Math.max(best, cov / Math.sqrt(va * vb));
  }
  return best;
}

/** The same footage: most frames shared, or many shared and the same sound. */
export function isSameFootage(query: Fingerprint, candidate: Fingerprint): boolean {
  const share = sharedShare(query.frames, candidate.frames.slice(0, STORED_VIEWS));
  if (share >= SAME_SHARE) return true;
  return share >= SHARE_WITH_SOUND && envelopeCorrelation(query.envelope, candidate.envelope) >= SOUND_CORRELATION;
}
