/**
 * The player's keys, one letter each, as they appear in key paths and replay logs:
 * `L` left, `R` right, `C` rotate clockwise, `A` rotate counter-clockwise (anticlockwise),
 * `D` soft drop (down one row; locks when blocked), `H` hard drop (down as far as possible, then lock).
 */
export const KEYS = ['L', 'R', 'C', 'A', 'D', 'H'] as const;
export type Key = (typeof KEYS)[number];

export function isKey(value: unknown): value is Key {
  return typeof value === 'string' && (KEYS as readonly string[]).includes(value);
}
