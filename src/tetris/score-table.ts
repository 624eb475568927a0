import type { GameConfig } from './game.ts';
import { RULE_SETS } from './rules.ts';

/**
 * What makes two Tetris games' scores comparable, and so keys a high-score table: the rule set, the
 * board, the rotation system, how pieces are dealt, how many next pieces show, the challenge rows at
 * the start, and under rules with a target score the target. The seed is left out: each game is dealt
 * its own pieces.
 */
export interface TetrisScoreTable {
  readonly game: 'tetris';
  readonly rules: GameConfig['rules'];
  /** WIDTHxHEIGHT. */
  readonly board: string;
  readonly rotation: GameConfig['rotation'];
  readonly dealing: GameConfig['randomizer'];
  readonly preview: number;
  readonly rows: number;
  readonly target?: number;
}

/** The high-score table of games played under `config`. */
export function tetrisScoreTable(config: GameConfig): TetrisScoreTable {
  return {
    game: 'tetris',
    rules: config.rules,
    board: `${config.width}x${config.height}`,
    rotation: config.rotation,
    dealing: config.randomizer,
    preview: config.preview,
    rows: config.garbageRows,
    ...(RULE_SETS[config.rules].hasTarget && { target: config.target }),
  };
}
