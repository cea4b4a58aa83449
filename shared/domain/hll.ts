/**
 * A HyperLogLog sketch of visitor keys (p = 14: 16,384 registers, about 0.8 % standard error),
 * so unique visitors over any range are the union of the days' sketches (the maximum of each
 * register) and no visitor key is ever stored in a roll-up.
 *
 * Stored form: byte 0 is the format. 1 = sparse (the non-zero registers as index u16 big-endian
 * and value u8, ordered by index); 3 = packed (two registers a byte, the even one in the low
 * nibble, then the registers of 15 and more as sparse triples, their nibble holding 15); 2 =
 * dense (one byte per register) is read but no longer written. A day of a page holds a few
 * hundred visitors, so its sketch is a few hundred bytes; it turns packed when that is smaller.
 * Packed is half of dense (8 KB), so a busy account's thirty days are half the bytes to read.
 * The estimate is Ertl's improved raw estimator (2017), right from one visitor to billions
 * without empirical bias tables.
 */
const HLL_P = 14;
const HLL_M = 1 << HLL_P;
/** Bits of the hash after the register index: register values are 0..Q+1. */
const Q = 32;
const SPARSE = 1;
const DENSE = 2;
const PACKED = 3;
/** A packed register's nibble: 15 means 'look in the triples after the nibbles'. */
const NIBBLE_MAX = 15;
const PACKED_BYTES = 1 + HLL_M / 2;

export type Registers = Uint8Array;

export function emptyRegisters(): Registers {
  return new Uint8Array(HLL_M);
}

/** A 64-bit hash of the key as two 32-bit halves (cyrb53's mixing, seeded twice). */
function hash(key: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** The register a key falls in and the value it sets there (position of the first 1 bit). */
export function registerOf(key: string): { index: number; value: number } {
  const [h1, h2] = hash(key);
  return { index: h1 >>> (32 - HLL_P), value: h2 === 0 ? Q + 1 : Math.clz32(h2) + 1 };
}

/** Adds a key; true when a register grew (the sketch changed). */
export function addKey(registers: Registers, key: string): boolean {
  const { index, value } = registerOf(key);
  if (registers[index] >= value) return false;
  registers[index] = value;
  return true;
}

/** Merges a stored sketch into registers (maximum of each register). */
export function mergeInto(registers: Registers, stored: Uint8Array | null | undefined): Registers {
  if (!stored || stored.length === 0) return registers;
  if (stored[0] === DENSE) {
    for (let i = 0; i < HLL_M; i++) {
      const value = stored[i + 1];
      if (value > registers[i]) registers[i] = value;
    }
    return registers;
  }
  let triples = 1;
  if (stored[0] === PACKED) {
    for (let i = 0; i < HLL_M / 2; i++) {
      const byte = stored[i + 1];
      const low = byte & 0x0f;
      const high = byte >>> 4;
      if (low > registers[2 * i]) registers[2 * i] = low;
      if (high > registers[2 * i + 1]) registers[2 * i + 1] = high;
    }
    triples = PACKED_BYTES;
  } else if (stored[0] !== SPARSE) throw new Error('Unknown sketch format');
  for (let at = triples; at + 2 < stored.length; at += 3) {
    const index = (stored[at] << 8) | stored[at + 1];
    const value = stored[at + 2];
    if (value > registers[index]) registers[index] = value;
  }
  return registers;
}

export function decode(stored: Uint8Array | null | undefined): Registers {
  return mergeInto(emptyRegisters(), stored);
}

/** The smaller of the two stored forms. */
export function encode(registers: Registers): Uint8Array {
  let used = 0;
  let large = 0;
  for (let i = 0; i < HLL_M; i++) {
    if (registers[i] !== 0) used++;
    if (registers[i] >= NIBBLE_MAX) large++;
  }
  if (1 + used * 3 <= PACKED_BYTES + large * 3) return withTriples(new Uint8Array(1 + used * 3), SPARSE, 1, registers, 1);
  const packed = withTriples(new Uint8Array(PACKED_BYTES + large * 3), PACKED, PACKED_BYTES, registers, NIBBLE_MAX);
  for (let i = 0; i < HLL_M / 2; i++) packed[i + 1] = Math.min(registers[2 * i], NIBBLE_MAX) | (Math.min(registers[2 * i + 1], NIBBLE_MAX) << 4);
  return packed;
}

/** Writes the format byte and, from `at`, the registers of at least `from` as index-value triples. */
function withTriples(out: Uint8Array, format: number, at: number, registers: Registers, from: number): Uint8Array {
  out[0] = format;
  for (let i = 0; i < HLL_M; i++) {
    if (registers[i] < from) continue;
    out[at] = i >>> 8;
    out[at + 1] = i & 0xff;
    out[at + 2] = registers[i];
    at += 3;
  }
  return out;
}

function sigma(x: number): number {
  if (x === 1) return Infinity;
  let y = 1;
  let z = x;
  for (;;) {
    x *= x;
    const before = z;
    z += x * y;
    y += y;
    if (z === before) return z;
  }
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  for (;;) {
    x = Math.sqrt(x);
    const before = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
    if (z === before) return z / 3;
  }
}

/** The estimated number of distinct keys (Ertl's improved raw estimator), rounded. */
export function estimate(registers: Registers): number {
  const counts = new Array<number>(Q + 2).fill(0);
  for (let i = 0; i < HLL_M; i++) counts[registers[i]]++;
  return estimateFromCounts(counts);
}

/** The estimate of one stored sketch, read in place (a sparse one without making registers). */
export function estimateStored(stored: Uint8Array | null | undefined): number {
  if (!stored || stored.length === 0 || stored[0] !== SPARSE) return estimate(decode(stored));
  const counts = new Array<number>(Q + 2).fill(0);
  const used = Math.floor((stored.length - 1) / 3);
  counts[0] = HLL_M - used;
  for (let at = 3; at < stored.length; at += 3) counts[stored[at]]++;
  return estimateFromCounts(counts);
}

function estimateFromCounts(counts: number[]): number {
  if (counts[0] === HLL_M) return 0;
  let z = HLL_M * tau(1 - counts[Q + 1] / HLL_M);
  for (let k = Q; k >= 1; k--) z = 0.5 * (z + counts[k]);
  z += HLL_M * sigma(counts[0] / HLL_M);
  return Math.round(HLL_M ** 2 / (2 * Math.LN2) / z);
}

/** A sketch of some keys, encoded (tests, seeds and the bench). */
export function sketchOf(keys: Iterable<string>): Uint8Array {
  const registers = emptyRegisters();
  for (const key of keys) addKey(registers, key);
  return encode(registers);
}
