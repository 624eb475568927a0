import { Prng } from '../core/prng.ts';

/**
 * Zobrist hashing (Zobrist, 1970) for states that are arrays of small values: one random 53-bit key
 * per (position, value), and a state's hash is the XOR of the keys of its non-zero entries (zero
 * meaning "nothing there"). Keys come from a seeded generator, so hashes are the same on every run.
 * Two states with different entries collide with probability about 2⁻⁵³.
 */
export class ZobristTable {
  /** The key of (position, value) is high[i] · 2³² + low[i], i = position · values + value (21 + 32 bits). */
  private readonly high: Int32Array;
  private readonly low: Int32Array;

  constructor(
    readonly positions: number,
    readonly values: number,
    seed = 0x5a0b,
  ) {
    const prng = new Prng(seed);
    this.high = new Int32Array(positions * values);
    this.low = new Int32Array(positions * values);
    for (let i = 0; i < this.high.length; i++) {
      this.high[i] = prng.nextUint32() >>> 11;
      this.low[i] = prng.nextUint32() | 0;
    }
  }

  /** The hash of `state`, whose entries are values 0 … values − 1 (0 adds nothing). */
  hash(state: ArrayLike<number>): number {
    const { high, low, values } = this;
    let h = 0;
    let l = 0;
    for (let position = 0; position < state.length; position++) {
      const value = state[position];
      if (value === 0) continue;
      const i = position * values + value;
      h ^= high[i];
      l ^= low[i];
    }
    return h * 0x1_0000_0000 + (l >>> 0);
  }
}
