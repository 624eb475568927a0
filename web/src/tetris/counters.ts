/**
 * The text of the counters beside a Tetris board (score, lines, pieces, level, time): short enough for
 * their narrow boxes at any value the engine can reach (counts up to Number.MAX_SAFE_INTEGER), with the
 * exact value for a tooltip and for screen readers.
 */

/** Units of the short scale, each 1,000 times the one before: thousand, million, billion, trillion, quadrillion. */
const UNITS = ['k', 'M', 'B', 'T', 'Q'] as const;
/** Counts from this value on are shown compact; below it the exact value ("999,999", 7 characters) fits every counter's box. */
export const COMPACT_FROM = 1_000_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A whole count in full, grouped by thousands: "10,101,605". */
export function exactCount(value: number): string {
  return Math.trunc(value).toLocaleString('en-US');
}

/**
 * A whole count in at most 6 characters for counts up to 999 Q (1e18): exact below {@link COMPACT_FROM},
 * else its first three significant digits and a unit of {@link UNITS}: 10,101,605 → "10.1 M",
 * Number.MAX_SAFE_INTEGER → "9.00 Q". The digits are cut, never rounded up, so a counter never shows
 * more than it holds (999,999,999 → "999 M").
 */
export function compactCount(value: number): string {
  const whole = Math.trunc(Math.abs(value));
  if (whole < COMPACT_FROM) return exactCount(value);
  const digits = String(whole); // exact for every integer below 1e21
  const unit = Math.min(Math.floor((digits.length - 1) / 3), UNITS.length);
  const leading = digits.slice(0, digits.length - 3 * unit);
  const fraction = digits.slice(leading.length, leading.length + Math.max(0, 3 - leading.length));
  const shown = fraction === '' ? exactCount(Number(leading)) : `${leading}.${fraction}`;
  return `${value < 0 ? '−' : ''}${shown} ${UNITS[unit - 1]}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A game clock in full: minutes and seconds ("03:07"), with the hours in front from an hour on ("1,234:05:09"). */
export function exactTime(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const hours = Math.floor(ms / HOUR);
  const minutesAndSeconds = `${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)}`;
  return hours === 0 ? minutesAndSeconds : `${exactCount(hours)}:${minutesAndSeconds}`;
}

/** A game clock in at most 8 characters: {@link exactTime} below a day ("23:59:59"), else whole days ("3 d", "104 M d"). */
export function compactTime(ms: number): string {
  return ms < DAY ? exactTime(ms) : `${compactCount(Math.floor(ms / DAY))} d`;
}
