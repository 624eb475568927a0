import type { Piece } from '../pieces.ts';
import { orientationFromCells, rotateClockwise, type Orientation } from '../shape.ts';

/**
 * The spawn orientation of each piece in its square rotation box, as the Tetris Guideline draws it
 * (I in a 4×4 box, O in 2×2, the others in 3×3; T points up, J's and L's long side lies flat).
 * Index order is {@link PIECE_NAMES}: I O T S Z J L.
 */
const SPAWN_DRAWINGS: readonly (readonly string[])[] = [
  ['....', '####', '....', '....'],
  ['##', '##'],
  ['.#.', '###', '...'],
  ['.##', '##.', '...'],
  ['##.', '.##', '...'],
  ['#..', '###', '...'],
  ['..#', '###', '...'],
];

/** Per piece, the side of its square rotation box. */
const BOX_SIZES: readonly number[] = SPAWN_DRAWINGS.map((rows) => rows.length);

/**
 * Per piece, the four orientations reached by quarter turns clockwise about the centre of the box,
 * starting from the spawn orientation (some repeat a shape: O always, I/S/Z every half turn).
 */
export function quarterTurns(): Orientation[][] {
  return SPAWN_DRAWINGS.map((rows) => {
    const size = rows.length;
    let cells: [number, number][] = [];
    rows.forEach((row, index) => [...row].forEach((char, x) => char === '#' && cells.push([x, size - 1 - index])));
    const turns: Orientation[] = [];
    for (let turn = 0; turn < 4; turn++) {
      turns.push(orientationFromCells(cells));
      cells = rotateClockwise(cells, size);
    }
    return turns;
  });
}

/**
 * The Guideline's spawn box for orientation lists whose index 0 is the spawn orientation: the box
 * centred (left of centre when the leftover is odd), the spawn orientation's top cells on the top row.
 */
export function centredSpawnBox(orientations: readonly (readonly Orientation[])[]) {
  return (piece: Piece, width: number, height: number): { x: number; y: number } => {
    const spawn = orientations[piece][0];
    return { x: Math.floor((width - BOX_SIZES[piece]) / 2), y: height - spawn.boxY - spawn.height };
  };
}
