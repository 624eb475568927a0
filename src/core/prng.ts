/**
 * The largest seed a user gives: seeds are whole numbers from 0 to MAX_SEED, Number.MAX_SAFE_INTEGER
 * (2⁵³ − 1), the largest n such that a double holds every integer from 0 to n exactly.
 */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;
/** What is wrong with a seed outside 0–MAX_SEED, for messages. */
export const seedMessage = (seed: unknown) =>
  `the seed must be a whole number from 0 to ${MAX_SEED}, not ${typeof seed === 'string' ? JSON.stringify(seed) : String(seed)}`;

/**
 * Gridmind's seeded pseudo-random number generator.
 *
 * Definition: xoshiro128** (Blackman & Vigna, 2018), a 128-bit state generator with 32-bit output.
 * Its state is the first two outputs of SplitMix64 (Steele, Lea & Flood, 2014) started at
 * (seed + 2⁵³) + stream · 2⁵⁴: every safe-integer seed and stream 0–1023 gives a different start, and
 * SplitMix64's steps are bijections, so no two (seed, stream) pairs share a stream. Drawing uses only
 * 32-bit integer operations (`Math.imul`, shifts, xor), so a seed yields the same numbers on every
 * platform and JavaScript engine.
 *
 * The `stream` number selects an independent stream from the same seed, so that, for example, the
 * pieces and the garbage rows of one game never share numbers.
 */
export class Prng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number, stream = 0) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
    if (!Number.isInteger(stream) || stream < 0 || stream >= MAX_STREAMS)
      throw new RangeError(`stream must be 0 to ${MAX_STREAMS - 1}, got ${stream}`);
    let state = BigInt(seed) + (1n << 53n) + (BigInt(stream) << 54n);
    const next = (): bigint => {
      state = (state + 0x9e3779b97f4a7c15n) & MASK_64;
      return splitMix64Finalise(state);
    };
    const [low, high] = [next(), next()];
    this.s0 = Number(low & 0xffffffffn) | 0;
    this.s1 = Number(low >> 32n) | 0;
    this.s2 = Number(high & 0xffffffffn) | 0;
    this.s3 = Number(high >> 32n) | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1; // the all-zero state is a fixed point
  }

  /** The next 32-bit unsigned integer of the stream. */
  nextUint32(): number {
    const result = Math.imul(rotateLeft(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotateLeft(this.s3, 11);
    return result;
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ 2³², without modulo bias (rejection sampling). */
  nextInt(n: number): number {
    if (!(n >= 1 && n <= 0x1_0000_0000 && Number.isInteger(n))) throw new RangeError(`nextInt bound must be in 1..2^32, got ${n}`);
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n); // largest multiple of n not above 2³²
    let value = this.nextUint32();
    while (value >= limit) value = this.nextUint32();
    return value % n;
  }

  /** The generator's whole state, to store and later resume the stream with {@link Prng.fromState}. */
  state(): [number, number, number, number] {
    return [this.s0, this.s1, this.s2, this.s3];
  }

  /** A generator that continues the stream whose {@link Prng.state} was taken. */
  static fromState(state: readonly number[]): Prng {
    if (state.length !== 4 || state.some((word) => !Number.isInteger(word) || word < -0x8000_0000 || word > 0x7fff_ffff)) {
      throw new RangeError(`a generator state is four 32-bit integers, got ${JSON.stringify(state)}`);
    }
    if (state.every((word) => word === 0)) throw new RangeError('the all-zero generator state is not valid');
    return Prng.resuming(state[0], state[1], state[2], state[3]);
  }

  /** An independent generator that continues this one's stream from where it stands: both draw the same numbers next. */
  clone(): Prng {
    return Prng.resuming(this.s0, this.s1, this.s2, this.s3);
  }

  /** A generator in a valid state, made without the constructor's seeding (which works in BigInt, and costs more than a copy). */
  private static resuming(s0: number, s1: number, s2: number, s3: number): Prng {
    const prng = Object.create(Prng.prototype) as Prng;
    prng.s0 = s0;
    prng.s1 = s1;
    prng.s2 = s2;
    prng.s3 = s3;
    return prng;
  }

  /**
   * A standard normal draw, by Marsaglia's polar method: points uniform in the unit disc, mapped with
   * a logarithm and a square root. The square root is exactly rounded (IEEE 754); the logarithm is
   * the same V8 code on every platform, so draws agree wherever Node runs.
   */
  nextGaussian(): number {
    for (;;) {
      const u = 2 * this.nextFloat() - 1;
      const v = 2 * this.nextFloat() - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) return u * Math.sqrt((-2 * Math.log(s)) / s);
    }
  }

  /** A uniform float in [0, 1) with 53 random bits. */
  nextFloat(): number {
    const high = this.nextUint32() >>> 5; // 27 bits
    const low = this.nextUint32() >>> 6; // 26 bits
    return (high * 0x400_0000 + low) / 0x20_0000_0000_0000;
  }
}

function rotateLeft(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

const MAX_STREAMS = 1024;
const MASK_64 = (1n << 64n) - 1n;

/** SplitMix64's output function: a bijective avalanche mix of a 64-bit word. */
function splitMix64Finalise(value: bigint): bigint {
  let z = value;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK_64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK_64;
  return z ^ (z >> 31n);
}
