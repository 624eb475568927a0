import { readFileSync } from 'node:fs';
import { InputError } from '../core/errors.ts';
import { fileProblem } from '../node/files.ts';
import { replaySameGame, type SameGameReplay } from '../samegame/replay.ts';
import { parseSameGameReplay } from '../samegame/replay-schema.ts';
import { replay, type ReplayLog } from '../tetris/game.ts';
import { parseTetrisReplay } from '../tetris/replay-schema.ts';
import { print } from './options.ts';

export function replayFile(file: string, json: boolean): void {
  let log: unknown;
  try {
    log = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(
      `cannot read the replay ${file}: ${error instanceof SyntaxError ? `not JSON (${error.message})` : fileProblem(error)}`,
    );
  }
  const isSameGame = (log as { format?: unknown } | null)?.format === 'gridmind-samegame-replay';
  const result = isSameGame ? sameGameResult(parseSameGameReplay(log)) : tetrisResult(parseTetrisReplay(log));
  if (json) print(JSON.stringify(result));
  else
    print(
      `${file}: ${Object.entries(result)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')}`,
    );
}

function tetrisResult(log: ReplayLog): Record<string, unknown> {
  const game = replay(log);
  const { rules, width, height, rotation, seed } = game.config;
  const { score, lines, pieces, level, outcome } = game;
  return { game: 'tetris', rules, board: `${width}x${height}`, rotation, seed, score, lines, pieces, level, outcome, ms: game.clock };
}

function sameGameResult(log: SameGameReplay): Record<string, unknown> {
  const game = replaySameGame(log);
  const { width, height } = game.board;
  return {
    game: 'samegame',
    rules: `${game.rules.scoring}/${game.rules.shift}`,
    board: `${width}x${height}`,
    score: game.score(),
    cleared: game.cleared(),
    moves: game.history().length,
    over: game.isOver(),
  };
}
