import type { Board } from './board.ts';
import type { Key } from './keys.ts';
import type { Piece } from './pieces.ts';
import { CLOCKWISE, COUNTER_CLOCKWISE, type RotationSystem, type Turn } from './rotation/index.ts';
import type { Shape } from './shape.ts';

/** A piece in play: its orientation and bounding box's bottom-left corner on the board. */
export interface ActivePiece {
  readonly piece: Piece;
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
}

/** A key that moves the piece without locking it. */
export type MoveKey = Exclude<Key, 'H'>;

/**
 * Where one key takes a falling piece, or null when the move is blocked: L/R shift one column, D
 * goes down one row, C/A turn through the rotation system (trying its kicks in order).
 */
export function movePiece(board: Board, system: RotationSystem, active: ActivePiece, key: MoveKey): ActivePiece | null {
  const { piece, rotation, x, y } = active;
  const fits = (r: number, nx: number, ny: number): boolean => board.fits(system.orientations[piece][r], nx, ny);
  switch (key) {
    case 'L':
      return fits(rotation, x - 1, y) ? { piece, rotation, x: x - 1, y } : null;
    case 'R':
      return fits(rotation, x + 1, y) ? { piece, rotation, x: x + 1, y } : null;
    case 'D':
      return fits(rotation, x, y - 1) ? { piece, rotation, x, y: y - 1 } : null;
    case 'C':
    case 'A': {
      const turn = system.turns[piece][rotation][key === 'C' ? CLOCKWISE : COUNTER_CLOCKWISE];
      const m = turn === null ? -1 : firstFittingMove(board, system.orientations[piece][turn.to], turn, x, y);
      return m < 0 ? null : { piece, rotation: turn!.to, x: x + turn!.moves[m], y: y + turn!.moves[m + 1] };
    }
    default:
      return null; // not a move key
  }
}

/** The resting position straight below the piece: where a hard drop puts it. */
export function dropPiece(board: Board, system: RotationSystem, active: ActivePiece): ActivePiece {
  return { ...active, y: restingY(board, system.orientations[active.piece][active.rotation], active.x, active.y) };
}

/** The lowest row a shape at (x, y) reaches by falling straight down. */
export function restingY(board: Board, shape: Shape, x: number, y: number): number {
  let rest = y;
  while (board.fits(shape, x, rest - 1)) rest--;
  return rest;
}

/**
 * A turn from a piece at (x, y) to orientation `target`: the offset into `turn.moves` of the first
 * move (kick) that fits, or −1 when every one is blocked.
 */
export function firstFittingMove(board: Board, target: Shape, turn: Turn, x: number, y: number): number {
  const moves = turn.moves;
  for (let m = 0; m < moves.length; m += 2) if (board.fits(target, x + moves[m], y + moves[m + 1])) return m;
  return -1;
}

/** The board cells [x, y] a piece covers. */
export function pieceCells(system: RotationSystem, active: ActivePiece): [number, number][] {
  return system.orientations[active.piece][active.rotation].cells.map(([dx, dy]) => [active.x + dx, active.y + dy]);
}
