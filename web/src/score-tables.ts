import { RULE_SETS, type RuleSetName } from '../../src/tetris/rules.ts';
import type { HighScore, ScoreTable } from './api.ts';

/** The high-score table of Tetris games under `rules` on `board` (WIDTHxHEIGHT): one per target under rules with a target. */
export function tetrisScoreTable(rules: RuleSetName, board: string, target: number): ScoreTable {
  return RULE_SETS[rules].hasTarget ? { game: 'tetris', rules, board, target } : { game: 'tetris', rules, board };
}

/**
 * Who played a high score's game, as the tables show it: the player alone; the agents alone when they
 * placed every piece; else "Bob + bcts (62%)", each agent with its share of the pieces.
 */
export function whoPlayed({ name, pieces, agents }: HighScore): string {
  if (agents.length === 0) return name;
  const placed = agents.reduce((sum, agent) => sum + agent.pieces, 0);
  const share = (count: number) => `${Math.max(1, Math.round((100 * count) / Math.max(1, pieces ?? placed)))}%`;
  const list = agents.map((agent) => `${agent.name} (${share(agent.pieces)})`).join(' + ');
  return placed >= (pieces ?? placed) ? agents.map((agent) => agent.name).join(' + ') : `${name} + ${list}`;
}
