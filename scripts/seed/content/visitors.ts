import type { ClientKeys } from '../../../server/services/clientKeys';
import type { Random } from './random';
import { COUNTRY_WEIGHTS } from './places';

export interface Visitor {
  /** The salted key the capture page's visit records for this address and browser (clientKeys.visitor). */
  key: string;
  /** ISO code as geoip-lite answers it; null for an address it does not know. */
  country: string | null;
}

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
];

/**
 * An account's audience: `size` visitors with their countries, where a few come back often and
 * most come once or twice (each visitor's chance of being the next visit falls with its rank),
 * so unique visitors across days are fewer than visits, as on a real page.
 */
export class Audience {
  private readonly visitors: Visitor[] = [];
  private readonly cumulative: number[] = [];

  constructor(random: Random, keys: ClientKeys, accountId: string, size: number, addressBase: number) {
    let total = 0;
    for (let rank = 0; rank < size; rank++) {
      const n = addressBase + rank;
      // Benchmarking addresses (RFC 2544, 198.18.0.0/15): never a real person's.
      const address = `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
      const country = random.chance(0.03) ? null : random.weighted(COUNTRY_WEIGHTS).code;
      this.visitors.push({ key: keys.visitor(address, random.pick(AGENTS), accountId), country });
      total += 1 / Math.pow(rank + 1, 0.75);
      this.cumulative.push(total);
    }
  }

  /** The next visitor: a regular more often than a newcomer. */
  pick(random: Random): Visitor {
    const target = random.next() * this.cumulative[this.cumulative.length - 1];
    let [low, high] = [0, this.cumulative.length - 1];
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return this.visitors[low];
  }
}
