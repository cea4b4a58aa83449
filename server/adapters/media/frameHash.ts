/**
 * Perceptual hashes of small grayscale frames, and what compares them. A frame is FRAME_SIZE x
 * FRAME_SIZE luma bytes (ffmpeg or sharp scale the picture to it, squashing its aspect: a copy
 * rotated by 90° then squashes the same way once turned back). The hash is a 64-bit pHash: the
 * signs of the 8 x 8 lowest frequencies of the frame's DCT against their median, which survives
 * re-encoding, scaling, a watermark and a small crop.
 */

export const FRAME_SIZE = 32;
/** The frames decoded are twice as wide, so a zoomed-in variant keeps detail. */
export const DECODED_SIZE = FRAME_SIZE * 2;
/** What a copy cropped by 10% shows of its source. */
const CROP_SHARE = 0.9;
const LOW = 8;
/** A frame whose luma varies less than this (standard deviation, 0-255) is black, blank or flat: its hash says nothing. */
const FLAT_STDDEV = 12;

/** cos((2x + 1) u π / 2N), computed once. */
const COSINES = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: FRAME_SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * FRAME_SIZE))),
);

/** A DECODED_SIZE² frame as FRAME_SIZE²: each pixel the mean of four. */
export function downscale(decoded: Uint8Array): Uint8Array {
  const out = new Uint8Array(FRAME_SIZE * FRAME_SIZE);
  for (let y = 0; y < FRAME_SIZE; y++) {
    for (let x = 0; x < FRAME_SIZE; x++) {
      const at = 2 * y * DECODED_SIZE + 2 * x;
      out[y * FRAME_SIZE + x] = (decoded[at] + decoded[at + 1] + decoded[at + DECODED_SIZE] + decoded[at + DECODED_SIZE + 1] + 2) >> 2;
    }
  }
  return out;
}

/**
 * The middle 90% of a DECODED_SIZE² frame as FRAME_SIZE² (bilinear): what a copy cropped by 10%
 * shows, so a crop and its source are compared at one scale, whichever of the two came first.
 */
export function centreCrop(decoded: Uint8Array): Uint8Array {
  const out = new Uint8Array(FRAME_SIZE * FRAME_SIZE);
  const span = DECODED_SIZE * CROP_SHARE;
  const offset = (DECODED_SIZE - span) / 2;
  const step = span / FRAME_SIZE;
  for (let y = 0; y < FRAME_SIZE; y++) {
    const sy = Math.min(DECODED_SIZE - 1.001, offset + (y + 0.5) * step - 0.5);
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    for (let x = 0; x < FRAME_SIZE; x++) {
      const sx = Math.min(DECODED_SIZE - 1.001, offset + (x + 0.5) * step - 0.5);
      const x0 = Math.floor(sx);
      const fx = sx - x0;
      const at = y0 * DECODED_SIZE + x0;
      const top = decoded[at] * (1 - fx) + decoded[at + 1] * fx;
      const bottom = decoded[at + DECODED_SIZE] * (1 - fx) + decoded[at + DECODED_SIZE + 1] * fx;
      out[y * FRAME_SIZE + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return out;
}

/** A frame with nothing to recognise it by: black, a white wall, a lens cap. */
export function isFlat(frame: Uint8Array): boolean {
  let sum = 0;
  let squares = 0;
  for (const value of frame) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / frame.length;
  return Math.sqrt(Math.max(0, squares / frame.length - mean * mean)) < FLAT_STDDEV;
}

/** The frame turned a quarter clockwise. */
export function rotateQuarter(frame: Uint8Array): Uint8Array {
  const out = new Uint8Array(frame.length);
  for (let y = 0; y < FRAME_SIZE; y++) {
    for (let x = 0; x < FRAME_SIZE; x++) out[x * FRAME_SIZE + (FRAME_SIZE - 1 - y)] = frame[y * FRAME_SIZE + x];
  }
  return out;
}

/** The frame in its four orientations: upright, then a quarter, a half and three quarters clockwise. */
export function orientations(frame: Uint8Array): Uint8Array[] {
  const all = [frame];
  for (let i = 0; i < 3; i++) all.push(rotateQuarter(all[i]));
  return all;
}

/** The 64-bit pHash of a FRAME_SIZE² luma frame. */
export function pHash(frame: Uint8Array): bigint {
  // The rows' low frequencies first, then the columns': 8 x 32 x 32 + 8 x 8 x 32 multiplications.
  const rows = new Float64Array(FRAME_SIZE * LOW);
  for (let y = 0; y < FRAME_SIZE; y++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < FRAME_SIZE; x++) sum += frame[y * FRAME_SIZE + x] * COSINES[u][x];
      rows[y * LOW + u] = sum;
    }
  }
  const coefficients = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < FRAME_SIZE; y++) sum += rows[y * LOW + u] * COSINES[v][y];
      coefficients[v * LOW + u] = sum;
    }
  }
  // The mean (DC) is left out of the median: it dwarfs the rest and says only how bright the frame is.
  const median = [...coefficients.subarray(1)].sort((a, b) => a - b)[(LOW * LOW - 1) >> 1];
  let hash = 0n;
  for (let i = 0; i < LOW * LOW; i++) hash = (hash << 1n) | (i > 0 && coefficients[i] > median ? 1n : 0n);
  return hash;
}

/** Bits that differ between two hashes. */
export function hamming(a: bigint, b: bigint): number {
  let x = a ^ b;
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

export const BANDS = 4;
const BAND_BITS = 16;

/**
 * The hash's four 16-bit bands, each as one number that also says which band it is: two hashes
 * with at most a few bits apart very likely share one band exactly, which an index finds.
 */
export function bandKeys(hash: bigint): number[] {
  return Array.from({ length: BANDS }, (_, band) => band * 2 ** BAND_BITS + Number((hash >> BigInt(band * BAND_BITS)) & 0xffffn));
}

export const toHex = (hash: bigint) => hash.toString(16).padStart(16, '0');
