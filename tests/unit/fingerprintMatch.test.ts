import { describe, expect, it } from 'vitest';
import { hamming } from '../../server/adapters/media/frameHash';
import { packedShare, packView } from '../../server/adapters/media/fingerprintMatch';
import { decodeStoredViews, encodeFingerprint } from '../../server/services/duplicates';

/** The packed comparison answers what BigInt hashes' bit counts answer, and a stored fingerprint reads back as it was packed. */

function random64(seed: number) {
  let state = seed >>> 0;
  const next32 = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return BigInt(state >>> 0);
  };
  return () => (next32() << 32n) | next32();
}

describe('packed frame comparison', () => {
  it('finds a frame within 14 bits and only then, as the BigInt bit count does', () => {
    const next = random64(11);
    for (let i = 0; i < 500; i++) {
      const a = next();
      let b = a;
      // 10 to 18 distinct bits flipped, across both halves.
      const flips = new Set<number>();
      while (flips.size < 10 + (i % 9)) flips.add(Number(next() % 64n));
      for (const bit of flips) b ^= 1n << BigInt(bit);
      expect(packedShare([packView([a])], [packView([b])])).toBe(hamming(a, b) <= 14 ? 1 : 0);
    }
  });

  it('gives the share of the shorter side found in the other', () => {
    const [a, b, c] = [0x0123456789abcdefn, 0xfedcba9876543210n, 0xffffffff00000000n];
    expect(packedShare([packView([a, b, c, 0n])], [packView([a ^ 1n, c])])).toBe(1);
    expect(packedShare([packView([a, b, c, 0n])], [packView([a ^ 1n, 0x5555555555555555n])])).toBe(0.5);
  });

  it('reads a stored fingerprint back as its stored views packed', () => {
    const frames = [
      [0xdeadbeefcafebaben, 1n],
      [0x8000000000000001n, 0xffffffffffffffffn],
      [2n, 3n],
    ];
    const stored = decodeStoredViews(encodeFingerprint({ frames, envelope: [0, 45, 90] }));
    expect(stored.frames).toEqual(frames.slice(0, 2).map(packView));
    expect(stored.envelope).toEqual([0, 45, 90]);
  });
});
