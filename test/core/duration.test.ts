import { describe, expect, it } from 'vitest';
import { duration } from '../../src/core/duration.ts';

describe('duration', () => {
  it('reads in the largest two units, rounded to the second', () => {
    expect(duration(41.6)).toBe('42 s');
    expect(duration(725)).toBe('12 min 5 s');
    expect(duration(3 * 3600 + 4 * 60 + 59)).toBe('3 h 4 min');
  });
});
