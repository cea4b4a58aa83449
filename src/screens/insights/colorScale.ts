/**
 * The map's colour scale: bins on a log scale from 1 to the largest count, so one country with
 * most of the visitors does not wash out the rest (a linear scale put every other country in the
 * palest shade). The bins' upper bounds are max^(1/n), max^(2/n) ... max, rounded; bins that
 * rounding makes empty are dropped, so small counts get fewer, exact bins (1, 2, 3).
 */
export interface Bin {
  low: number;
  high: number;
}

export function logBins(max: number, count = 5): Bin[] {
  if (!(max >= 1)) return [];
  const bins: Bin[] = [];
  let low = 1;
  for (let k = 1; k <= count; k++) {
    const high = k === count ? Math.floor(max) : Math.round(max ** (k / count));
    if (high < low) continue;
    bins.push({ low, high });
    low = high + 1;
  }
  return bins;
}

/** The bin a count falls in; -1 for none (no visitors). */
export function binOf(value: number, bins: Bin[]): number {
  if (value < 1) return -1;
  const index = bins.findIndex((bin) => value <= bin.high);
  return index < 0 ? bins.length - 1 : index;
}

/** The shade of bin `index` of `total` bins, spread over the palette (one bin: the darkest). */
export function shadeOf<T>(index: number, total: number, palette: readonly T[]): T {
  if (total <= 1) return palette[palette.length - 1];
  return palette[Math.round((index * (palette.length - 1)) / (total - 1))];
}
