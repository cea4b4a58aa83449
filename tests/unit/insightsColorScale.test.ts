import { describe, expect, it } from 'vitest';
import { binOf, logBins, shadeOf } from '../../src/screens/insights/colorScale';

describe('the map colour scale', () => {
  it('bins counts on a log scale so small countries are not washed out by a big one', () => {
    const bins = logBins(12000);
    expect(bins).toEqual([
      { low: 1, high: 7 },
      { low: 8, high: 43 },
      { low: 44, high: 280 },
      { low: 281, high: 1834 },
      { low: 1835, high: 12000 },
    ]);
    // 12 and 40 visitors: distinct from 1 and from 12,000 (a linear scale put all three below 2,400 together).
    expect([1, 12, 40, 300, 12000].map((n) => binOf(n, bins))).toEqual([0, 1, 1, 3, 4]);
    expect(binOf(0, bins)).toBe(-1);
  });

  it('keeps exact bins for small counts and none for no visitors', () => {
    expect(logBins(3)).toEqual([
      { low: 1, high: 1 },
      { low: 2, high: 2 },
      { low: 3, high: 3 },
    ]);
    expect(logBins(1)).toEqual([{ low: 1, high: 1 }]);
    expect(logBins(0)).toEqual([]);
  });

  it('spreads fewer bins over the palette, darkest last', () => {
    const palette = ['a', 'b', 'c', 'd', 'e'];
    expect([0, 1, 2].map((i) => shadeOf(i, 3, palette))).toEqual(['a', 'c', 'e']);
    expect(shadeOf(0, 1, palette)).toBe('e');
  });
});
