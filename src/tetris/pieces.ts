import { InputError } from '../core/errors.ts';

/** The seven tetrominoes, in Gridmind's fixed order (randomizers draw indices in this order). */
export const PIECE_NAMES = ['I', 'O', 'T', 'S', 'Z', 'J', 'L'] as const;
export type PieceName = (typeof PIECE_NAMES)[number];
/** A tetromino as its index in {@link PIECE_NAMES}: 0 = I … 6 = L. */
export type Piece = number;
export const PIECE_COUNT = PIECE_NAMES.length;

/** Reads a piece letter (any case); an unknown letter is an {@link InputError}. */
export function parsePiece(text: string): Piece {
  const index = PIECE_NAMES.indexOf(text.trim().toUpperCase() as PieceName);
  if (index < 0) throw new InputError(`unknown piece "${text}": use one of ${PIECE_NAMES.join(' ')}`);
  return index;
}

export function pieceName(piece: Piece): PieceName {
  return PIECE_NAMES[piece];
}
