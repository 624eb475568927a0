/**
 * The generator of Python's `random` module, exactly: MT19937 (Matsumoto and Nishimura, 1998) seeded as
 * CPython's `random.seed(n)` seeds it for a whole number n (`init_by_array` over the 32-bit words of |n|,
 * least significant first), with `getrandbits`, `randbelow` and `choice` as CPython computes them. The
 * Aveiro course's server deals its pieces with `random.choice` after `random.seed(N)`; Gridmind deals
 * the same with this.
 */
const N = 624;
const M = 397;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;
const MATRIX_A = 0x9908b0df;

export class PythonRandom {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  /** `random.seed(seed)` for a whole number 0 ≤ seed ≤ 2^53. */
  constructor(seed: number) {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`a seed must be a whole number from 0 to 2^53: ${seed}`);
    const key = seed < 2 ** 32 ? [seed] : [seed % 2 ** 32, Math.floor(seed / 2 ** 32)];
    this.seedByArray(key);
  }

  /** `random.getrandbits(bits)` for 1 ≤ bits ≤ 32: the top bits of the next 32-bit output. */
  getrandbits(bits: number): number {
    return this.next32() >>> (32 - bits);
  }

  /** `random._randbelow(n)`: a whole number below n (n ≤ 2^31), by rejection over the fewest bits that hold n − 1. */
  randbelow(n: number): number {
    const bits = 32 - Math.clz32(n);
    let value = this.getrandbits(bits);
    while (value >= n) value = this.getrandbits(bits);
    return value;
  }

  /** `random.choice(items)`. */
  choice<T>(items: readonly T[]): T {
    return items[this.randbelow(items.length)];
  }

  private seedByGenerator(seed: number): void {
    const { mt } = this;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) mt[i] = Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
    this.index = N;
  }

  private seedByArray(key: readonly number[]): void {
    const { mt } = this;
    this.seedByGenerator(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      mt[i] = (mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = UPPER_MASK;
  }

  private twist(): void {
    const { mt } = this;
    for (let k = 0; k < N; k++) {
      const y = (mt[k] & UPPER_MASK) | (mt[(k + 1) % N] & LOWER_MASK);
      mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    this.index = 0;
  }

  private next32(): number {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}
