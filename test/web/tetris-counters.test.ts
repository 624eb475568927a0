import { describe, expect, it } from 'vitest';
import { compactCount, compactTime, exactCount, exactTime } from '../../web/src/tetris/counters.ts';

describe('the Tetris counters’ text', () => {
  it('shows a count below a million in full, and from there three significant digits and a unit, cut and never rounded up', () => {
    expect(compactCount(0)).toBe('0');
    expect(compactCount(999_999)).toBe('999,999');
    expect(compactCount(1_000_000)).toBe('1.00 M');
    expect(compactCount(10_101_605)).toBe('10.1 M');
    expect(compactCount(1_150_000)).toBe('1.15 M'); // 1.15 · 100 is 114.999… in floating point: the digits come from the text
    expect(compactCount(999_999_999)).toBe('999 M');
    expect(compactCount(1_000_000_000)).toBe('1.00 B');
    expect(compactCount(123_456_789_012)).toBe('123 B');
    expect(compactCount(4_560_000_000_000)).toBe('4.56 T');
    expect(compactCount(Number.MAX_SAFE_INTEGER)).toBe('9.00 Q');
    expect(compactCount(999e15)).toBe('999 Q');
    expect(compactCount(-12_345_678)).toBe('−12.3 M');
  });

  it('keeps every count the engine can reach within 7 characters', () => {
    for (let value = 1; value <= Number.MAX_SAFE_INTEGER; value = value * 3 + 7) expect(compactCount(value).length).toBeLessThanOrEqual(7);
    expect(compactCount(Number.MAX_SAFE_INTEGER).length).toBeLessThanOrEqual(7);
  });

  it('groups the exact count by thousands', () => {
    expect(exactCount(10_101_605)).toBe('10,101,605');
    expect(exactCount(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740,991');
  });

  it('shows a clock as minutes and seconds, hours from an hour on, and whole days from a day on', () => {
    expect(exactTime(0)).toBe('00:00');
    expect(exactTime(187_999)).toBe('03:07');
    expect(exactTime(3_600_000 + 62_000)).toBe('1:01:02');
    expect(compactTime(187_999)).toBe('03:07');
    expect(compactTime(24 * 3_600_000 - 1)).toBe('23:59:59');
    expect(compactTime(3 * 24 * 3_600_000 + 5)).toBe('3 d');
    expect(exactTime(3 * 24 * 3_600_000 + 5)).toBe('72:00:00');
    expect(compactTime(Number.MAX_SAFE_INTEGER)).toBe('104 M d');
    expect(exactTime(Number.MAX_SAFE_INTEGER)).toBe('2,501,999,792:59:00');
  });
});
