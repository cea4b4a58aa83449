/**
 * Sliding dot products by FFT: Σ a[i]·b[i + lag] for every lag at once, in O(n log n) instead of
 * O(n·m). Two ten-minute envelopes (6,000 steps each) slid directly cost some 36 million products
 * per pair; an upload is aligned with up to a few hundred clips.
 */

/** In-place iterative radix-2 FFT (`re.length` a power of two); `inverse` without the 1/N. */
function fft(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / size;
    const stepRe = Math.cos(angle);
    const stepIm = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let wRe = 1;
      let wIm = 0;
      for (let k = 0; k < size / 2; k++) {
        const i = start + k;
        const j = i + size / 2;
        const tRe = re[j] * wRe - im[j] * wIm;
        const tIm = re[j] * wIm + im[j] * wRe;
        re[j] = re[i] - tRe;
        im[j] = im[i] - tIm;
        re[i] += tRe;
        im[i] += tIm;
        const next = wRe * stepRe - wIm * stepIm;
        wIm = wRe * stepIm + wIm * stepRe;
        wRe = next;
      }
    }
  }
}

/** Σ a[i]·b[i + lag] over the overlap, for lag from -(a.length - 1) to b.length - 1. */
export function slidingProducts(a: number[], b: number[]): (lag: number) => number {
  let n = 1;
  while (n < a.length + b.length) n <<= 1;
  const aRe = new Float64Array(n);
  const aIm = new Float64Array(n);
  const bRe = new Float64Array(n);
  const bIm = new Float64Array(n);
  aRe.set(a);
  bRe.set(b);
  fft(aRe, aIm, false);
  fft(bRe, bIm, false);
  // conj(A)·B: the circular correlation, lag k at k (k >= 0) and at n + k (k < 0); the padding keeps the wrap out.
  for (let i = 0; i < n; i++) {
    const re = aRe[i] * bRe[i] + aIm[i] * bIm[i];
    const im = aRe[i] * bIm[i] - aIm[i] * bRe[i];
    aRe[i] = re;
    aIm[i] = im;
  }
  fft(aRe, aIm, true);
  return (lag) => aRe[lag >= 0 ? lag : n + lag] / n;
}
