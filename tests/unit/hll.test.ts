import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addKey, decode, emptyRegisters, encode, estimate, estimateStored, mergeInto, sketchOf } from '#shared/domain/hll';

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('HyperLogLog sketch', () => {
  it('counts nothing as zero and small sets exactly enough', () => {
    expect(estimate(emptyRegisters())).toBe(0);
    expect(estimate(decode(sketchOf(['a'])))).toBe(1);
    expect(estimate(decode(sketchOf(keys('v', 100))))).toBe(100);
  });

  it('stays within 2% from thousands to hundreds of thousands of distinct keys', () => {
    for (const n of [5_000, 40_000, 250_000]) {
      const error = Math.abs(estimate(decode(sketchOf(keys(`n${n}`, n)))) - n) / n;
      expect(error, `n=${n}`).toBeLessThan(0.02);
    }
  });

  it('round-trips through both stored forms', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 8000 }), (items) => {
        const registers = emptyRegisters();
        for (const item of items) addKey(registers, item);
        expect(same(decode(encode(registers)), registers)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('merging is the sketch of the union, whatever the order and repetition', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.array(fc.string()), (a, b) => {
        const merged = mergeInto(mergeInto(emptyRegisters(), sketchOf(a)), sketchOf(b));
        const again = mergeInto(mergeInto(mergeInto(emptyRegisters(), sketchOf(b)), sketchOf(a)), sketchOf(a));
        expect(same(merged, decode(sketchOf([...a, ...b])))).toBe(true);
        expect(same(again, merged)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('estimates a stored sketch in place as from its registers', () => {
    for (const n of [0, 1, 300, 9000]) {
      const stored = sketchOf(keys(`s${n}`, n));
      expect(estimateStored(stored)).toBe(estimate(decode(stored)));
    }
  });

  it('adding a key twice changes the sketch once', () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        const registers = emptyRegisters();
        expect(addKey(registers, key)).toBe(true);
        expect(addKey(registers, key)).toBe(false);
      }),
    );
  });

  it('counts a visitor seen on many days once', () => {
    const days = Array.from({ length: 30 }, () => sketchOf(keys('same', 500)));
    const union = days.reduce((registers, day) => mergeInto(registers, day), emptyRegisters());
    const once = estimate(decode(days[0]));
    expect(estimate(union)).toBe(once);
    expect(Math.abs(once - 500)).toBeLessThanOrEqual(5);
  });
});

describe('HyperLogLog stored forms', () => {
  const registersOf = (n: number) => decode(sketchOf(keys(`f${n}`, n)));

  it('packs a busy sketch in half a dense one, registers of 15 and more kept exactly', () => {
    const registers = registersOf(40_000);
    const stored = encode(registers);
    expect(stored[0]).toBe(3);
    const large = registers.filter((value) => value >= 15).length;
    expect(stored.length).toBe(1 + registers.length / 2 + 3 * large);
    expect(same(decode(stored), registers)).toBe(true);
    registers[7] = 33;
    expect(decode(encode(registers))[7]).toBe(33);
  });

  it('keeps a quiet sketch sparse', () => {
    expect(encode(registersOf(300))[0]).toBe(1);
  });

  it('still reads the dense form written before the packed one', () => {
    const registers = registersOf(20_000);
    const dense = new Uint8Array(registers.length + 1);
    dense[0] = 2;
    dense.set(registers, 1);
    expect(same(decode(dense), registers)).toBe(true);
    expect(estimateStored(dense)).toBe(estimate(registers));
  });
});
