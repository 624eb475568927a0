import { describe, expect, it } from 'vitest';
import { benchSecondsLeft } from '../../src/bench/eta.ts';

describe('benchSecondsLeft', () => {
  it('has no estimate before this session has played a game, however many were found stored', () => {
    expect(benchSecondsLeft({ done: 0, stored: 0, total: 200 }, 5)).toBeNull();
    expect(benchSecondsLeft({ done: 99, stored: 99, total: 200 }, 0.01)).toBeNull();
  });

  it('paces the games left by the games played here, not by those taken from the store', () => {
    // 99 stored at once, then 1 played in 60 s: 100 left at a minute each (not 100 / 100 per minute).
    expect(benchSecondsLeft({ done: 100, stored: 99, total: 200 }, 60)).toBeCloseTo(6000);
    expect(benchSecondsLeft({ done: 10, stored: 0, total: 40 }, 20)).toBeCloseTo(60);
    expect(benchSecondsLeft({ done: 40, stored: 4, total: 40 }, 72)).toBe(0);
  });
});
