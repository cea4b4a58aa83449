import { describe, expect, it } from 'vitest';
import { alignEnvelopes } from '../../server/adapters/media/envelopeAlign';
import { slidingProducts } from '../../server/adapters/media/crossCorrelation';

/** A loudness envelope (0-90 dB) that never repeats: a seeded pseudo-random walk. */
function envelope(steps: number, seed: number): number[] {
  let state = seed;
  let level = 50;
  return Array.from({ length: steps }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    level = Math.min(90, Math.max(10, level + ((state / 2 ** 31) * 20 - 10)));
    return Math.round(level);
  });
}

describe('aligning two envelopes', () => {
  const song = envelope(600, 7);

  it('finds the offset of two windows of one envelope, either way round', () => {
    const first = song.slice(100, 300);
    const second = song.slice(160, 400).map((value) => Math.min(90, value + 3));
    // A moment t s into the first is t - 6 s into the second.
    expect(alignEnvelopes(first, second)).toMatchObject({ offsetMs: -6000 });
    expect(alignEnvelopes(second, first)).toMatchObject({ offsetMs: 6000 });
  });

  it('never aligns unrelated envelopes, silence, or an overlap under 6 s', () => {
    expect(alignEnvelopes(song.slice(0, 200), envelope(200, 99))).toBeUndefined();
    expect(alignEnvelopes(song.slice(0, 200), Array(200).fill(0))).toBeUndefined();
    expect(alignEnvelopes(song.slice(0, 55), song.slice(0, 55))).toBeUndefined();
  });

  it('slides by FFT to the sums a direct slide gives', () => {
    const a = envelope(37, 1);
    const b = envelope(53, 2);
    const products = slidingProducts(a, b);
    for (let lag = -(a.length - 1); lag < b.length; lag++) {
      let direct = 0;
      for (let i = Math.max(0, -lag); i < Math.min(a.length, b.length - lag); i++) direct += a[i] * b[i + lag];
      expect(products(lag)).toBeCloseTo(direct, 6);
    }
  });
});
