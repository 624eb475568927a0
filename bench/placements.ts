/**
 * Speed of placement generation on mid-game 10×20 boards: generations per second for `drop` and
 * `reachable` mode, median of several rounds, single thread; reachable generation beside the
 * search before fit masks (2026-11-24).
 */
import { Prng } from '../src/core/prng.ts';
import { Board } from '../src/tetris/board.ts';
import { PIECE_COUNT } from '../src/tetris/pieces.ts';
import type { PlacementMode } from '../src/tetris/placement-modes.ts';
import { PlacementGenerator } from '../src/tetris/placements.ts';
import { ROTATION_SYSTEMS, type RotationSystemName } from '../src/tetris/rotation/index.ts';
import { median } from '../src/core/stats.ts';

const ROUNDS = 7;
/** Reachable generations per second before fit masks (2026-11-24; docs/results.md, `npm run bench` of that time). */
const REACHABLE_BASELINE = 21_000;
const BOARDS = 200;

/** Ragged stacks 3–10 rows high with a few holes, as boards look mid-game. */
function midGameBoards(prng: Prng): Board[] {
  return Array.from({ length: BOARDS }, () => {
    const board = new Board(10, 20);
    for (let x = 0; x < 10; x++) {
      const height = 3 + prng.nextInt(8);
      for (let y = 0; y < height; y++) if (prng.nextInt(10) > 0) board.setCell(x, y, true);
    }
    for (let y = 0; y < 20; y++) if (board.rows[y] === board.fullRow) board.setCell(prng.nextInt(10), y, false);
    return board;
  });
}

export function benchPlacements(): string[] {
  const boards = midGameBoards(new Prng(2024));
  const lines: string[] = [];
  const cases: [PlacementMode, RotationSystemName, number][] = [
    ['drop', 'classic', 200],
    ['reachable', 'classic', 10],
    ['reachable', 'srs', 10],
  ];
  for (const [mode, rotation, repeats] of cases) {
    const generator = new PlacementGenerator(10, 20, ROTATION_SYSTEMS[rotation]);
    const rates: number[] = [];
    let placements = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const start = process.hrtime.bigint();
      let generations = 0;
      for (let r = 0; r < repeats; r++) {
        for (const board of boards) {
          for (let piece = 0; piece < PIECE_COUNT; piece++) placements += generator.generate(board, piece, mode);
          generations += PIECE_COUNT;
        }
      }
      rates.push(generations / (Number(process.hrtime.bigint() - start) / 1e9));
    }
    const perGeneration = placements / (ROUNDS * repeats * boards.length * PIECE_COUNT);
    const rate = median(rates);
    const baseline =
      mode === 'reachable' ? `; ${(rate / REACHABLE_BASELINE).toFixed(1)}x the search before fit masks, 21,000 (the goal: >= 5)` : '';
    lines.push(
      `placements ${mode.padEnd(9)} ${rotation.padEnd(7)} 10x20: ${Math.round(rate).toLocaleString('en-US')} generations/s ` +
        `(median of ${ROUNDS}; ${perGeneration.toFixed(1)} placements each${baseline})`,
    );
  }
  return lines;
}
