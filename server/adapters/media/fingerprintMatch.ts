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

/**
 * A view's hashes as 32-bit halves (high, low, high, low...): a look-up confirms tens of candidates
 * of hundreds of frame pairs each, and a BigInt's bit count allocates at every step.
 */
export type PackedView = Uint32Array;

export function packView(hashes: bigint[]): PackedView {
  const packed = new Uint32Array(hashes.length * 2);
  hashes.forEach((hash, i) => {
    packed[i * 2] = Number(hash >> 32n);
    packed[i * 2 + 1] = Number(hash & 0xffffffffn);
  });
  return packed;
}

function bits32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** How many of `frames` have a frame of `others` within FRAME_BITS, as a share of `frames`. */
function shareFound(frames: PackedView, others: PackedView): number {
  let count = 0;
  for (let i = 0; i < frames.length; i += 2) {
    const high = frames[i];
    const low = frames[i + 1];
    for (let j = 0; j < others.length; j += 2) {
      if (bits32(high ^ others[j]) + bits32(low ^ others[j + 1]) <= FRAME_BITS) {
        count++;
        break;
      }
    }
  }
  return count / (frames.length / 2);
}

/** The best share of the shorter side's frames found in the other, over the query's views and the candidate's stored ones. */
export function packedShare(query: PackedView[], candidate: PackedView[]): number {
  let best = 0;
  for (const frames of query) {
    for (const others of candidate) {
      if (!frames.length || !others.length) continue;
      // One frame alone (a still scene, a photo) must match too; the share then is 0 or 1.
      const share = frames.length <= others.length ? shareFound(frames, others) : shareFound(others, frames);
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

/** A fingerprint as its comparisons read it: views packed, the candidate side's stored ones only. */
export interface PackedFingerprint {
  frames: PackedView[];
  envelope: number[];
}

export const packFingerprint = (fingerprint: Fingerprint): PackedFingerprint => ({ frames: fingerprint.frames.map(packView), envelope: fingerprint.envelope });

/** The same footage, `query` packed once for all its candidates: most frames shared, or many shared and the same sound. */
export function isSameFootage(query: PackedFingerprint, candidate: PackedFingerprint): boolean {
  const share = packedShare(query.frames, candidate.frames.slice(0, STORED_VIEWS));
  if (share >= SAME_SHARE) return true;
  return share >= SHARE_WITH_SOUND && envelopeCorrelation(query.envelope, candidate.envelope) >= SOUND_CORRELATION;
}
