import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';

describe('Prng (xoshiro128** seeded by SplitMix64)', () => {
  it('gives the pinned stream for a seed, so every platform draws the same numbers', () => {
    const prng = new Prng(1);
    expect(Array.from({ length: 5 }, () => prng.nextUint32())).toEqual([2847984117, 1422201160, 1575901717, 3460112957, 2996767747]);
    const large = new Prng(2 ** 40 + 7, 3);
    expect(Array.from({ length: 3 }, () => large.nextUint32())).toEqual([2987839106, 147656472, 866116980]);
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

  it('saves and restores its state, continuing the same stream', () => {
    const prng = new Prng(42);
    prng.nextUint32();
    const copy = Prng.fromState(prng.state());
    expect(Array.from({ length: 5 }, () => copy.nextUint32())).toEqual(Array.from({ length: 5 }, () => prng.nextUint32()));
    expect(() => Prng.fromState([0, 0, 0, 0])).toThrow(RangeError);
    expect(() => Prng.fromState([1, 2, 3])).toThrow(RangeError);
    expect(() => Prng.fromState([1, 2, 3, 2 ** 40])).toThrow(RangeError);
  });

  it('clones: the copy draws what the original draws next, and drawing from one leaves the other where it was', () => {
    const prng = new Prng(7, 3);
    prng.nextUint32();
    const copy = prng.clone();
    expect(copy.state()).toEqual(prng.state());
    const next = Array.from({ length: 5 }, () => prng.nextUint32());
    expect(copy.state()).not.toEqual(prng.state());
    expect(Array.from({ length: 5 }, () => copy.nextUint32())).toEqual(next);
    expect(copy.state()).toEqual(prng.state());
  });

  it('draws standard normal numbers', () => {
    const prng = new Prng(5);
    const draws = Array.from({ length: 40_000 }, () => prng.nextGaussian());
    const mean = draws.reduce((a, b) => a + b) / draws.length;
    const variance = draws.reduce((sum, x) => sum + (x - mean) ** 2, 0) / draws.length;
    expect(Math.abs(mean)).toBeLessThan(0.02); // 4 standard errors
    expect(variance).toBeGreaterThan(0.97);
    expect(variance).toBeLessThan(1.03);
    expect(draws.filter((x) => Math.abs(x) < 1).length / draws.length).toBeCloseTo(0.6827, 1.5);
  });

  it('draws floats in [0, 1)', () => {
    const prng = new Prng(3);
    for (let i = 0; i < 10_000; i++) {
      const value = prng.nextFloat();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('never gives two seeds or streams the same numbers (the start state is injective)', () => {
    const first = (prng: Prng) => `${prng.nextUint32()},${prng.nextUint32()}`;
    const seen = new Set<string>();
    for (const seed of [
      0,
      1,
      -1,
      2 ** 32,
      2 ** 32 + 1,
      2660749605,
      2 ** 53 - 2,
      3468648424,
      12345,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
    ]) {
      for (const stream of [0, 1, 2, 1023]) seen.add(first(new Prng(seed, stream)));
    }
    expect(seen.size).toBe(11 * 4);
  });

  it('rejects seeds that are not safe integers', () => {
    expect(() => new Prng(1.5)).toThrow(/safe integer/);
    expect(() => new Prng(Number.NaN)).toThrow(/safe integer/);
    expect(() => new Prng(1, 1024)).toThrow(/stream must be 0 to 1023/);
  });
});
