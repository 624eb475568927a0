import type { Prng } from '../../src/core/prng.ts';
import { Board } from '../../src/tetris/board.ts';

/** A random stack: per column a random height, each cell under it filled with probability `density`. */
export function randomBoard(random: Prng, width: number, height: number, density: number): Board {
  const board = new Board(width, height);
  for (let x = 0; x < width; x++) {
    const top = random.nextInt(height - 3);
    for (let y = 0; y < top; y++) if (y === top - 1 || random.nextFloat() < density) board.setCell(x, y, true);
  }
  return board;
}
