import type { Key } from '../../../src/tetris/keys.ts';

/**
 * iarTris's keys (W/↑ rotate, A/← left, D/→ right, S/↓ down, Space drop) plus the Guideline's X (clockwise)
 * and Z (counter-clockwise), mapped to game keys.
 */
const GAME_KEYS: Record<string, Key> = {
  ArrowLeft: 'L',
  a: 'L',
  ArrowRight: 'R',
  d: 'R',
  ArrowUp: 'C',
  w: 'C',
  x: 'C',
  z: 'A',
  ArrowDown: 'D',
  s: 'D',
  ' ': 'H',
};

/** Session keys: P pause, R restart (setup), H high scores. */
export type Command = 'pause' | 'restart' | 'scores';
const COMMANDS: Record<string, Command> = { p: 'pause', r: 'restart', h: 'scores' };

export function gameKeyOf(event: KeyboardEvent): Key | undefined {
  return GAME_KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
}

export function commandOf(event: KeyboardEvent): Command | undefined {
  return COMMANDS[event.key.toLowerCase()];
}

/** The help shown beside the board. */
export const KEY_HELP: readonly [string, string][] = [
  ['← / A', 'left'],
  ['→ / D', 'right'],
  ['↑ / W / X', 'rotate clockwise'],
  ['Z', 'rotate counter-clockwise (SRS)'],
  ['↓ / S', 'down'],
  ['Space', 'drop'],
  ['P', 'pause'],
  ['N / B', 'paused: a piece on / back'],
  ['Y', 'why here? every placement, as an agent values it (Esc closes)'],
  ['R', 'restart'],
  ['H', 'high scores'],
];
