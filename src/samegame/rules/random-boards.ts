import { InputError } from '../../core/errors.ts';
import { Prng } from '../../core/prng.ts';
import { SameGameBoard } from './board.ts';
import { MAX_COLOURS, MIN_COLOURS } from './options.ts';

/**
 * A full board of independent, uniform colours from a seed: cells are drawn row by row from the top
 * row, each left to right (the order of a board file), so a seed gives the same board everywhere.
 */
export function randomBoard(width: number, height: number, colours: number, seed: number): SameGameBoard {
  if (!Number.isInteger(colours) || colours < MIN_COLOURS || colours > MAX_COLOURS) {
    throw new InputError(`${colours} colours is out of range: use ${MIN_COLOURS} to ${MAX_COLOURS}`);
  }
  const board = new SameGameBoard(width, height, colours);
  const prng = new Prng(seed);
  for (let y = height - 1; y >= 0; y--) {
    for (let x = 0; x < width; x++) {
      const colour = prng.nextInt(colours);
      board.cells[board.index(x, y)] = colour + 1;
      board.counts[colour]++;
    }
  }
  board.heights.fill(height);
  return board;
}
