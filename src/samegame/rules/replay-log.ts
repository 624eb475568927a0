/** A SameGame replay's format (replay.ts plays it back): what a finished game is saved and submitted as. */
import type { SameGameBoard } from './board.ts';
import type { SameGameRules } from './options.ts';

/** The test sets a replay may name as its board's source (test-sets.ts says where each lies). */
export type TestSetName = 'standard';

export interface SameGameReplay {
  format: 'gridmind-samegame-replay';
  version: 1;
  /** The board at the start, as a board file (data/samegame/README.md). */
  board: string;
  rules: SameGameRules;
  /** Each move as a cell [x, y] of the group it removes, on the board before that move. */
  moves: [x: number, y: number][];
  /**
   * Where the board came from, checked when given: a random board's seed and colours (`randomBoard`), or
   * a board file of a shipped test set (`{"set":"standard","file":"schadd_01.txt"}`).
   */
  deal?: { seed: number; colours: number } | { set: TestSetName; file: string };
}

export function sameGameReplay(board: SameGameBoard, rules: SameGameRules, moves: readonly (readonly [number, number])[]): SameGameReplay {
  return {
    format: 'gridmind-samegame-replay',
    version: 1,
    board: board.toString(),
    rules: { ...rules },
    moves: moves.map(([x, y]) => [x, y]),
  };
}
