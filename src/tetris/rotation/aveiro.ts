import { PIECE_NAMES, type Piece } from '../pieces.ts';
import { orientationFromDrawing } from '../shape.ts';
import { buildRotationSystem } from './system.ts';

/**
 * `aveiro`: the University of Aveiro course server's pieces (github.com/dgomes/ia-tetris).
 * Each orientation is drawn in a 5×5 box (rows top to bottom); the `w` key steps to the next
 * orientation in the list with the box left in place, and is reverted when blocked (no kicks).
 * A new piece starts in orientation 1 (O in 0) with its box at the protocol's x = 2 (x = 1 of the
 * 8 playable columns), the box's top row on the board's top row.
 */
export const AVEIRO_DRAWINGS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  I: [
    ['..1..', '..1..', '..1..', '..1..', '.....'],
    ['.....', '1111.', '.....', '.....', '.....'],
  ],
  O: [['.....', '.....', '.11..', '.11..', '.....']],
  T: [
    ['.....', '..1..', '.111.', '.....', '.....'],
    ['.....', '..1..', '..11.', '..1..', '.....'],
    ['.....', '.....', '.111.', '..1..', '.....'],
    ['.....', '..1..', '.11..', '..1..', '.....'],
  ],
  S: [
    ['.....', '.....', '..11.', '.11..', '.....'],
    ['.....', '..1..', '..11.', '...1.', '.....'],
  ],
  Z: [
    ['.....', '.....', '.11..', '..11.', '.....'],
    ['.....', '..1..', '.11..', '.1...', '.....'],
  ],
  J: [
    ['.....', '.1...', '.111.', '.....', '.....'],
    ['.....', '..11.', '..1..', '..1..', '.....'],
    ['.....', '.....', '.111.', '...1.', '.....'],
    ['.....', '..1..', '..1..', '.11..', '.....'],
  ],
  L: [
    ['.....', '...1.', '.111.', '.....', '.....'],
    ['.....', '..1..', '..1..', '..11.', '.....'],
    ['.....', '.....', '.111.', '.1...', '.....'],
    ['.....', '.11..', '..1..', '..1..', '.....'],
  ],
};

const BOX = 5;
const orientations = PIECE_NAMES.map((name) => AVEIRO_DRAWINGS[name].map(orientationFromDrawing));

export const aveiroRotation = buildRotationSystem({
  name: 'aveiro',
  summary: 'Aveiro course server: 5×5 boxes, next orientation in place, reverted when blocked; O 1, I/S/Z 2, T/J/L 4',
  orientations,
  counterClockwise: false,
  spawnRotation: orientations.map((turns) => (turns.length > 1 ? 1 : 0)),
  spawnBox: (_piece: Piece, width: number, height: number) => ({ x: Math.floor((width - BOX) / 2), y: height - BOX }),
  kicks: () => [[0, 0]],
});
