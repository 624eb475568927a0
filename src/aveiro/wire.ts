import { Board } from '../tetris/board.ts';
import { pieceCells, type ActivePiece } from '../tetris/moves.ts';
import { parsePiece, PIECE_NAMES } from '../tetris/pieces.ts';
import { AVEIRO_DRAWINGS, aveiroRotation } from '../tetris/rotation/aveiro.ts';
import type { RotationSystem } from '../tetris/rotation/index.ts';
import type { ShapeName } from './course-random.ts';

/**
 * The Aveiro protocol's coordinates (github.com/dgomes/ia-tetris): cells [x, y] with y downwards, walls
 * at x = 0 and x = 9 for y 0…29, the floor at y = 30, and the 8 × 30 playfield between them. Gridmind's
 * board counts x from 0 at the left playable column and y from 0 at the bottom row: board (x, y) is
 * wire (x + 1, 29 − y).
 */
export type Cell = [x: number, y: number];

export const WIDTH = 10;
export const HEIGHT = 30;
/** The playable columns, Gridmind's board width. */
export const COLUMNS = WIDTH - 2;

/** The walls and the floor, in the course's order: the floor (x 0…9), the left wall, the right wall (y 0…29). */
export const GRID: readonly Cell[] = [
  ...Array.from({ length: WIDTH }, (_, x): Cell => [x, HEIGHT]),
  ...Array.from({ length: HEIGHT }, (_, y): Cell => [0, y]),
  ...Array.from({ length: HEIGHT }, (_, y): Cell => [WIDTH - 1, y]),
];

/** A board row (from the bottom) as the wire's y. */
export const wireRow = (row: number): number => HEIGHT - 1 - row;

/** A piece's cells on the wire, row by row from the top and left to right in a row, as the course lists them. */
export function pieceOnWire(system: RotationSystem, active: ActivePiece): Cell[] {
  return pieceCells(system, active)
    .map(([x, y]): Cell => [x + 1, wireRow(y)])
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** Per shape, its starting orientation's cells inside its 5×5 box, row by row, as the drawings show them. */
const BOXES: ReadonlyMap<string, readonly Cell[]> = new Map(
  PIECE_NAMES.map((shape) => {
    const rotation = aveiroRotation.spawn(parsePiece(shape), COLUMNS, HEIGHT).rotation;
    const cells = AVEIRO_DRAWINGS[shape][rotation].flatMap((row, dy) =>
      [...row].flatMap((char, dx) => (char === '1' ? [[dx, dy] as Cell] : [])),
    );
    return [shape, cells];
  }),
);

/** A next piece as the frames show it: its starting orientation's cells inside its 5×5 box, row by row. */
export function boxCells(shape: ShapeName): Cell[] {
  return BOXES.get(shape)!.map(([x, y]) => [x, y]);
}

/** Gridmind's board holding a frame's locked cells. */
export function boardOfCells(cells: readonly Cell[]): Board {
  const board = new Board(COLUMNS, HEIGHT);
  for (const [x, y] of cells) if (x >= 1 && x <= COLUMNS && y >= 0 && y < HEIGHT) board.setCell(x - 1, wireRow(y), true);
  return board;
}

/** Which piece, orientation and board position four cells on the wire show (anywhere: a next piece's box too), or null if none matches. */
export function identifyPiece(cells: readonly Cell[]): ActivePiece | null {
  const onBoard = cells.map(([x, y]) => `${x - 1},${wireRow(y)}`).sort();
  const x = Math.min(...cells.map(([cx]) => cx)) - 1;
  const y = wireRow(Math.max(...cells.map(([, cy]) => cy)));
  for (let piece = 0; piece < PIECE_NAMES.length; piece++) {
    for (let rotation = 0; rotation < aveiroRotation.orientations[piece].length; rotation++) {
      const shown = pieceCells(aveiroRotation, { piece, rotation, x, y })
        .map(([cx, cy]) => `${cx},${cy}`)
        .sort();
      if (shown.length === onBoard.length && shown.every((cell, i) => cell === onBoard[i])) return { piece, rotation, x, y };
    }
  }
  return null;
}
