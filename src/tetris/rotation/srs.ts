import type { Piece } from '../pieces.ts';
import { buildRotationSystem } from './system.ts';
import { centredSpawnBox, quarterTurns } from './guideline-boxes.ts';

/**
 * `srs`: the Super Rotation System of the Tetris Guideline, for human players who expect modern
 * behaviour: four states per piece (O keeps one), both turn directions, and wall kicks — when the
 * plain turn is blocked, up to four box offsets are tried in order (the Guideline's tables; y up).
 * States are named 0 (spawn), R, 2, L in the tables' notation = indices 0, 1, 2, 3 here.
 */
const orientations = quarterTurns().map((turns, piece) => (piece === 1 ? [turns[0]] : turns));

type Offsets = readonly (readonly [number, number])[];

/** J, L, S, T, Z kicks for the clockwise turns 0→R, R→2, 2→L, L→0; counter-clockwise ones negate the reverse. */
// prettier-ignore
const JLSTZ_CLOCKWISE: readonly Offsets[] = [
  [[0, 0], [-1, 0], [-1, 1], [0, -2], [-1, -2]],
  [[0, 0], [1, 0], [1, -1], [0, 2], [1, 2]],
  [[0, 0], [1, 0], [1, 1], [0, -2], [1, -2]],
  [[0, 0], [-1, 0], [-1, -1], [0, 2], [-1, 2]],
];

/** I kicks for the clockwise turns 0→R, R→2, 2→L, L→0. */
// prettier-ignore
const I_CLOCKWISE: readonly Offsets[] = [
  [[0, 0], [-2, 0], [1, 0], [-2, -1], [1, 2]],
  [[0, 0], [-1, 0], [2, 0], [-1, 2], [2, -1]],
  [[0, 0], [2, 0], [-1, 0], [2, 1], [-1, -2]],
  [[0, 0], [1, 0], [-2, 0], [1, -2], [-2, 1]],
];

export const srsRotation = buildRotationSystem({
  name: 'srs',
  summary: 'Tetris Guideline Super Rotation System: both directions, wall kicks, 4 states (O 1)',
  orientations,
  counterClockwise: true,
  spawnRotation: orientations.map(() => 0),
  spawnBox: centredSpawnBox(orientations),
  kicks: (piece: Piece, from: number, to: number) => {
    const table = piece === 0 ? I_CLOCKWISE : JLSTZ_CLOCKWISE;
    if ((from + 1) % 4 === to) return table[from];
    return table[to].map(([x, y]) => [-x, -y] as const); // to→from is clockwise: undo its offsets
  },
});
