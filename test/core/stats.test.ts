import { describe, expect, it } from 'vitest';
import { maximum, mean, median, minimum, pairedComparison, percentile, standardError } from '../../src/core/stats.ts';

describe('statistics', () => {
  it('percentiles by nearest rank: the least value that p % of the values are at most', () => {
    const values = Array.from({ length: 200 }, (_, i) => 200 - i); // 200 down to 1
    expect([percentile(values, 50), percentile(values, 99), percentile(values, 100)]).toEqual([100, 198, 200]);
    expect(percentile([3, 1, 2], 99)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });

  it('mean, median and standard error, by hand', () => {
    expect(mean([1, 2, 3, 10])).toBe(4);
    expect(median([10, 1, 3, 2])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
    // Sample variance of 2, 4, 4, 4, 5, 5, 7, 9 is 32/7; stderr = √(32/7/8).
    expect(standardError([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7 / 8), 12);
    expect(standardError([3])).toBeNaN();
    expect([minimum([4, -2, 9]), maximum([4, -2, 9])]).toEqual([-2, 9]);
    expect(maximum(Array.from({ length: 300_000 }, (_, i) => i))).toBe(299_999);
  });

  it('compares two players game by game', () => {
    const comparison = pairedComparison([10, 20, 30, 40], [12, 15, 30, 31]);
    expect(comparison).toMatchObject({ meanDifference: 3, winsA: 2, winsB: 1, ties: 1 });
    expect(comparison.stderr).toBeCloseTo(standardError([-2, 5, 0, 9]), 12);
    expect(() => pairedComparison([1], [1, 2])).toThrow(/differ in size/);
  });
});
