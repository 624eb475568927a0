import { InputError } from '../core/errors.ts';
import { parseName } from '../core/names.ts';
import type { Prng } from '../core/prng.ts';
import { PIECE_COUNT, parsePiece, type Piece } from './pieces.ts';

export const RANDOMIZER_NAMES = ['uniform', 'bag7', 'sequence'] as const;
export type RandomizerName = (typeof RANDOMIZER_NAMES)[number];
/** The randomizers that deal pieces by a seed ("sequence" lists them): a high score's. */
export const DEALT_RANDOMIZERS = ['uniform', 'bag7'] as const satisfies readonly RandomizerName[];
export type DealtRandomizer = (typeof DEALT_RANDOMIZERS)[number];

/** An endless source of pieces. */
export interface Randomizer {
  next(): Piece;
  /** An independent copy that deals the pieces this one would deal from now on. */
  clone(): Randomizer;
}

/** `uniform`: every piece independent and uniform over the 7 shapes (the research protocol's generator). */
export function uniformRandomizer(prng: Prng): Randomizer {
  return { next: () => prng.nextInt(PIECE_COUNT), clone: () => uniformRandomizer(prng.clone()) };
}

/** `bag7`: the Guideline's "7-bag": each run of 7 pieces is a shuffle (Fisher–Yates) of all 7 shapes. */
export function bagRandomizer(prng: Prng): Randomizer {
  return bagDealing(prng, []);
}

/** The 7-bag randomizer drawing from `prng`, with `bag` (which it owns) the pieces of the current bag still to deal, last first. */
function bagDealing(prng: Prng, bag: Piece[]): Randomizer {
  return {
    next: () => {
      if (bag.length === 0) {
        for (let piece = 0; piece < PIECE_COUNT; piece++) bag.push(piece);
        for (let i = bag.length - 1; i > 0; i--) {
          const j = prng.nextInt(i + 1);
          [bag[i], bag[j]] = [bag[j], bag[i]];
        }
      }
      return bag.pop()!;
    },
    clone: () => bagDealing(prng.clone(), [...bag]),
  };
}

/** `sequence`: a fixed list of pieces, repeated from its start when it runs out. */
export function sequenceRandomizer(pieces: readonly Piece[]): Randomizer {
  if (pieces.length === 0) throw new InputError('a piece sequence needs at least one piece, such as "TSZOILJ"');
  return sequenceDealing(pieces, 0);
}

/** The sequence randomizer of `pieces` (not empty) whose next piece is `pieces[index]`. */
function sequenceDealing(pieces: readonly Piece[], index: number): Randomizer {
  return {
    next: () => {
      const piece = pieces[index];
      index = (index + 1) % pieces.length;
      return piece;
    },
    clone: () => sequenceDealing(pieces, index),
  };
}

/** Reads a piece list such as `TSZ` or `T,S,Z` (letters in any case). */
export function parsePieceSequence(text: string): Piece[] {
  return [...text.replace(/[\s,]/g, '')].map(parsePiece);
}

export function parseRandomizerName(text: string): RandomizerName {
  return parseName(RANDOMIZER_NAMES, 'randomizer', text);
}
