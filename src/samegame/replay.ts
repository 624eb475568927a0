/**
 * A SameGame as data: the board it started from (board-file text), its rules and its moves. Replaying it
 * on the engine gives its score; nothing in the file is taken on trust but the moves.
 */
import { InputError } from '../core/errors.ts';
import { parseBoardText } from './board-files.ts';
import type { SameGameBoard } from './board.ts';
import { SameGame } from './game.ts';
import { randomBoard } from './random-boards.ts';
import { parseScoring, parseShift, type SameGameRules } from './rules.ts';

export interface SameGameReplay {
  format: 'gridmind-samegame-replay';
  version: 1;
  /** The board at the start, as a board file (data/samegame/README.md). */
  board: string;
  rules: SameGameRules;
  /** Each move as a cell [x, y] of the group it removes, on the board before that move. */
  moves: [x: number, y: number][];
  /** Where the board came from, when it is a random board: the seed and colours that deal it (`randomBoard`). */
  deal?: { seed: number; colours: number };
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

/** Plays a replay's moves on its board under its rules; anything malformed or illegal is an InputError saying where. */
export function replaySameGame(log: SameGameReplay): SameGame {
  if (log?.format !== 'gridmind-samegame-replay' || log.version !== 1) {
    throw new InputError('not a Gridmind SameGame replay (expected format "gridmind-samegame-replay", version 1)');
  }
  if (typeof log.board !== 'string' || !Array.isArray(log.moves) || typeof log.rules !== 'object' || log.rules === null) {
    throw new InputError('a SameGame replay needs a "board" text, a "rules" object and a "moves" list');
  }
  const rules: SameGameRules = { scoring: parseScoring(String(log.rules.scoring)), shift: parseShift(String(log.rules.shift)) };
  const board = parseBoardText(log.board);
  if (log.deal !== undefined) {
    const { seed, colours } = log.deal ?? {};
    if (!Number.isSafeInteger(seed) || seed < 0 || board.toString() !== randomBoard(board.width, board.height, colours, seed).toString()) {
      throw new InputError(`the board is not the one seed ${seed} deals with ${colours} colours`);
    }
  }
  const game = new SameGame(board, rules);
  playMoves(game, log.moves);
  return game;
}

/** Plays moves given as data (cells [x, y]) on a game; the first that is no cell or removes nothing is an InputError naming it. */
export function playMoves(game: SameGame, moves: readonly unknown[]): void {
  moves.forEach((move, index) => {
    const [x, y] = Array.isArray(move) ? (move as unknown[]) : [];
    try {
      if (!Number.isInteger(x) || !Number.isInteger(y)) throw new InputError(`${JSON.stringify(move)} is not a cell [x, y]`);
      game.play(x as number, y as number);
    } catch (error) {
      throw new InputError(`move ${index + 1}: ${(error as Error).message}`);
    }
  });
}
