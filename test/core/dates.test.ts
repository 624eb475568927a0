import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/core/dates.ts';

describe("Gridmind's date format", () => {
  it('writes a stored date as year-month-day and 24-hour time to the minute, in local time', () => {
    expect(formatDate(new Date(2026, 10, 24, 14, 5, 59).toISOString())).toBe('2026-11-24 14:05');
    expect(formatDate(new Date(2027, 0, 3, 9, 7).toISOString())).toBe('2027-01-03 09:07');
    expect(formatDate(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('2026-12-31 23:59');
  });

  it("shows a stored UTC time in the reader's time zone", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Kolkata'; // UTC+05:30
      expect(formatDate('2026-11-24T20:45:00.000Z')).toBe('2026-11-25 02:15');
      process.env.TZ = 'America/Sao_Paulo'; // UTC−03:00
      expect(formatDate('2026-01-01T01:00:00.000Z')).toBe('2025-12-31 22:00');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
