/**
 * A SameGame as data: the board it started from (board-file text), its rules and its moves. Replaying it
 * on the engine gives its score; nothing in the file is taken on trust but the moves.
 */
import { InputError } from '../core/errors.ts';
import { join } from 'node:path';
import { parseBoardText, readBoardFile } from './board-files.ts';
import type { SameGameBoard } from './rules/board.ts';
import { SameGame } from './rules/game.ts';
import { randomBoard } from './rules/random-boards.ts';
import { TEST_SETS } from './test-sets.ts';
import type { SameGameReplay } from './rules/replay-log.ts';

export { sameGameReplay, type SameGameReplay } from './rules/replay-log.ts';

/**
 * Plays a replay's moves on its board under its rules; a board text that is no board, a board its deal does
 * not give, or a move that is malformed or illegal is an InputError saying where. A replay read from
 * outside is first read by `parseSameGameReplay` (replay-schema.ts).
 */
export function replaySameGame(log: SameGameReplay): SameGame {
  const board = parseBoardText(log.board);
  if (log.deal !== undefined && board.toString() !== dealtBoard(log.deal, board).toString()) {
    throw new InputError(`the board is not the one its deal gives (${JSON.stringify(log.deal)})`);
  }
  const game = new SameGame(board, log.rules);
  playMoves(game, log.moves);
  return game;
}

/** The board a deal names (a random board of the size of `board`, or a test set's file); a deal that names none is an InputError. */
function dealtBoard(deal: NonNullable<SameGameReplay['deal']>, board: SameGameBoard): SameGameBoard {
  if ('set' in deal) return readBoardFile(join(TEST_SETS[deal.set], deal.file));
  return randomBoard(board.width, board.height, deal.colours, deal.seed);
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
