import { RULE_SETS, type RuleSetName } from '../../src/tetris/rules.ts';
import type { ScoreTable } from './api.ts';

/** The high-score table of Tetris games under `rules` on `board` (WIDTHxHEIGHT): one per target under rules with a target. */
export function tetrisScoreTable(rules: RuleSetName, board: string, target: number): ScoreTable {
  return RULE_SETS[rules].hasTarget ? { game: 'tetris', rules, board, target } : { game: 'tetris', rules, board };
}
