import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';

describe('Prng (xoshiro128** seeded through a MurmurHash3-finalised Weyl sequence)', () => {
  it('gives the pinned stream for a seed, so every platform draws the same numbers', () => {
    const prng = new Prng(1);
    expect(Array.from({ length: 5 }, () => prng.nextUint32())).toEqual([816339110, 3133668328, 1594393956, 940892425, 3965068945]);
    const large = new Prng(2 ** 40 + 7, 3);
    expect(Array.from({ length: 3 }, () => large.nextUint32())).toEqual([360327958, 1115188208, 1295208712]);
  });

  it('separates seeds and streams', () => {
    const first = (prng: Prng) => Array.from({ length: 4 }, () => prng.nextUint32());
    expect(first(new Prng(1))).not.toEqual(first(new Prng(2)));
    expect(first(new Prng(1, 0))).not.toEqual(first(new Prng(1, 1)));
    expect(first(new Prng(2 ** 32))).not.toEqual(first(new Prng(0)));
  });

  it('draws unbiased integers in range', () => {
    const prng = new Prng(7);
    const counts = new Array(7).fill(0);
    const draws = 70_000;
    for (let i = 0; i < draws; i++) counts[prng.nextInt(7)]++;
    // χ² with 6 degrees of freedom: 22.46 is the 0.1 % critical value.
    const chiSquare = counts.reduce((sum, count) => sum + (count - draws / 7) ** 2 / (draws / 7), 0);
    expect(chiSquare).toBeLessThan(22.46);
    expect(() => prng.nextInt(0)).toThrow(RangeError);
  });

  it('draws floats in [0, 1)', () => {
    const prng = new Prng(3);
    for (let i = 0; i < 10_000; i++) {
      const value = prng.nextFloat();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('clones continue the same stream independently', () => {
    const prng = new Prng(11);
    prng.nextUint32();
    const copy = prng.clone();
    const a = [prng.nextUint32(), prng.nextUint32()];
    const b = [copy.nextUint32(), copy.nextUint32()];
    expect(b).toEqual(a);
  });

  it('rejects seeds that are not safe integers', () => {
    expect(() => new Prng(1.5)).toThrow(/safe integer/);
    expect(() => new Prng(Number.NaN)).toThrow(/safe integer/);
  });
});
