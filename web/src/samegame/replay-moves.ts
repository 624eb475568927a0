import type { SameGameBoard } from '../../../src/samegame/rules/board.ts';
import { parseBoardText } from '../../../src/samegame/rules/board-text.ts';
import { SameGame } from '../../../src/samegame/rules/game.ts';
import type { SameGameReplay } from '../../../src/samegame/rules/replay-log.ts';
import { parseScoring, parseShift, type SameGameRules } from '../../../src/samegame/rules/options.ts';

/** A game to watch move by move: the board it began with, its rules and its moves (cells [x, y] as the replay format has them). */
export interface MovesToWatch {
  readonly board: SameGameBoard;
  readonly rules: SameGameRules;
  readonly moves: readonly (readonly [number, number])[];
}

/** The game after the first `count` moves (at most all of them) of a game to watch. */
export function positionAfter({ board, rules, moves }: MovesToWatch, count: number): SameGame {
  const game = new SameGame(board, rules);
  for (const [x, y] of moves.slice(0, Math.max(0, count))) game.play(x, y);
  return game;
}

/** A stored SameGame replay (`GET /api/highscores/ID/replay`) as a game to watch; anything else is an Error saying what it is not. */
export function movesOfReplay(log: unknown): MovesToWatch {
  const replay = log as Partial<SameGameReplay> | null;
  if (replay?.format !== 'gridmind-samegame-replay' || typeof replay.board !== 'string' || !Array.isArray(replay.moves)) {
    throw new Error('this is not a SameGame replay: open SameGame scores from the SameGame table of the High scores page');
  }
  const rules = { scoring: parseScoring(String(replay.rules?.scoring)), shift: parseShift(String(replay.rules?.shift)) };
  return { board: parseBoardText(replay.board), rules, moves: replay.moves };
}
