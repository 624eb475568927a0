import type { Board } from './board.ts';
import type { Key } from './keys.ts';
import type { Piece } from './pieces.ts';
import { CLOCKWISE, COUNTER_CLOCKWISE, type RotationSystem } from './rotation/index.ts';

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
      if (turn === null) return null;
      for (let m = 0; m < turn.moves.length; m += 2) {
        const nx = x + turn.moves[m];
        const ny = y + turn.moves[m + 1];
        if (fits(turn.to, nx, ny)) return { piece, rotation: turn.to, x: nx, y: ny };
      }
      return null;
    }
  }
}

/** The resting position straight below the piece: where a hard drop puts it. */
export function dropPiece(board: Board, system: RotationSystem, active: ActivePiece): ActivePiece {
  const orientation = system.orientations[active.piece][active.rotation];
  let y = active.y;
  while (board.fits(orientation, active.x, y - 1)) y--;
  return { ...active, y };
}

/** The board cells [x, y] a piece covers. */
export function pieceCells(system: RotationSystem, active: ActivePiece): [number, number][] {
  return system.orientations[active.piece][active.rotation].cells.map(([dx, dy]) => [active.x + dx, active.y + dy]);
}
