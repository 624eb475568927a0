/**
 * A SameGame as data: the board it started from (board-file text), its rules and its moves. Replaying it
 * on the engine gives its score; nothing in the file is taken on trust but the moves.
 */
import { InputError } from '../core/errors.ts';
import { join } from 'node:path';
import { parseBoardText, readBoardFile } from './board-files.ts';
import type { SameGameBoard } from './board.ts';
import { SameGame } from './game.ts';
import { randomBoard } from './random-boards.ts';
import { parseTestSet, TEST_SETS } from './test-sets.ts';
import { parseScoring, parseShift, type SameGameRules } from './rules.ts';
import type { SameGameReplay } from './replay-log.ts';

export { sameGameReplay, type SameGameReplay } from './replay-log.ts';

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
  if (log.deal !== undefined && board.toString() !== dealtBoard(log.deal, board).toString()) {
    throw new InputError(`the board is not the one its deal gives (${JSON.stringify(log.deal)})`);
  }
  const game = new SameGame(board, rules);
  playMoves(game, log.moves);
  return game;
}

/** The board a deal names (a random board of the size of `board`, or a test set's file); a deal that names none is an InputError. */
function dealtBoard(deal: NonNullable<SameGameReplay['deal']>, board: SameGameBoard): SameGameBoard {
  if ('set' in deal) {
    const set = parseTestSet(String(deal.set));
    if (typeof deal.file !== 'string' || !/^[\w.-]+\.txt$/.test(deal.file))
      throw new InputError('deal.file must name a board file of the set, such as schadd_01.txt');
    return readBoardFile(join(TEST_SETS[set], deal.file));
  }
  const { seed, colours } = deal;
  if (!Number.isSafeInteger(seed) || seed < 0) throw new InputError(`deal.seed ${seed} is not a whole number from 0 on`);
  return randomBoard(board.width, board.height, colours, seed);
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
