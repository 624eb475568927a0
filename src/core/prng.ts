/**
 * Gridmind's seeded pseudo-random number generator.
 *
 * Definition: xoshiro128** (Blackman & Vigna, 2018), a 128-bit state generator with 32-bit output,
 * whose four state words are filled from the seed by a SplitMix-style Weyl sequence passed through
 * the MurmurHash3 32-bit finaliser. Only 32-bit integer operations (`Math.imul`, shifts, xor) are
 * used, so a given seed yields the same stream on every platform and JavaScript engine.
 *
 * A seed is any safe integer; a `stream` number (default 0) selects an independent stream from the
 * same seed, so that, for example, the pieces and the garbage rows of one game never share numbers.
 */
export class Prng {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(seed: number, stream = 0) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
    const low = seed >>> 0;
    const high = Math.floor(seed / 0x1_0000_0000) >>> 0;
    let weyl = finalise32(low ^ 0x6a09e667) ^ finalise32(high ^ 0xbb67ae85) ^ finalise32(stream ^ 0x3c6ef372);
    const next = (): number => {
      weyl = (weyl + 0x9e3779b9) | 0;
      return finalise32(weyl);
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
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

  /** A uniform float in [0, 1) with 53 random bits. */
  nextFloat(): number {
    const high = this.nextUint32() >>> 5; // 27 bits
    const low = this.nextUint32() >>> 6; // 26 bits
    return (high * 0x400_0000 + low) / 0x20_0000_0000_0000;
  }

  /** An independent copy that continues the same stream from the current point. */
  clone(): Prng {
    const copy = Object.create(Prng.prototype) as Prng;
    copy.s0 = this.s0;
    copy.s1 = this.s1;
    copy.s2 = this.s2;
    copy.s3 = this.s3;
    return copy;
  }
}

function rotateLeft(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

/** MurmurHash3's 32-bit finaliser: a bijective avalanche mix of one word. */
function finalise32(value: number): number {
  let z = value | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}
