import { replay, type LockResult, type ReplayLog } from '../tetris/game.ts';
import type { Placements } from '../tetris/placements.ts';
import { pieceName, type Piece, type PieceName } from '../tetris/pieces.ts';
import type { Shape } from '../tetris/shape.ts';

/**
 * The centre cell of a placed piece: of its four cells, the one nearest the centre of its bounding
 * box (ties: the lower, then the left one). A search path names each piece by this cell.
 */
export function centreCell(shape: Shape, x: number, y: number): [number, number] {
  const cx = (shape.width - 1) / 2;
  const cy = (shape.height - 1) / 2;
  let best = shape.cells[0];
  let bestDistance = Infinity;
  for (const cell of shape.cells) {
    const distance = (cell[0] - cx) ** 2 + (cell[1] - cy) ** 2;
    if (distance < bestDistance || (distance === bestDistance && (cell[1] < best[1] || (cell[1] === best[1] && cell[0] < best[0])))) {
      best = cell;
      bestDistance = distance;
    }
  }
  return [x + best[0], y + best[1]];
}

/**
 * The `fewest-moves` tie-break's priority of placement i (lower is preferred): 100 × sideways moves +
 * turns, counted on the keys from the spawn position, + 10 when the piece's centre cell ends in the
 * left half of the board; a placement no key path reaches comes last.
 */
export function fewestMovesPriority(placements: Placements, i: number, width: number): number {
  const keys = placements.keys(i);
  if (keys === null) return Infinity;
  let sideways = 0;
  let turns = 0;
  for (const key of keys) {
    if (key === 'L' || key === 'R') sideways++;
    else if (key === 'C' || key === 'A') turns++;
  }
  const [centreX] = centreCell(placements.orientation(i), placements.x[i], placements.y[i]);
  return 100 * sideways + turns + (centreX < width / 2 ? 10 : 0);
}

/** One step of a game's search path: the piece, its orientation and where its centre cell landed. */
export interface PathStep {
  readonly shape: PieceName;
  readonly rotation: number;
  readonly centre: [number, number];
}

export function pathStep(piece: Piece, shape: Shape, rotation: number, x: number, y: number): PathStep {
  return { shape: pieceName(piece), rotation, centre: centreCell(shape, x, y) };
}

/** The search path of a game, from its replay: a step for every piece that locked, in order. */
export function pathOfReplay(log: ReplayLog): PathStep[] {
  const locks: LockResult[] = [];
  const { system } = replay(log, (lock) => locks.push(lock));
  return locks.map(({ piece, rotation, x, y }) => pathStep(piece, system.orientations[piece][rotation], rotation, x, y));
}
