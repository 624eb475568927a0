import type { SameGameRules } from '../../src/samegame/rules.ts';
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

/** The high-score table of SameGame games under `rules` on a board of `width` × `height` dealt with `colours` colours. */
export function sameGameScoreTable(rules: SameGameRules, width: number, height: number, colours: number): ScoreTable {
  return { game: 'samegame', rules: `${rules.scoring}/${rules.shift}`, board: `${width}x${height}`, colours };
}

/** A SameGame table in words: "10×10 boards, 3 colours, standard scoring, columns closing to the left". */
export function describeSameGameTable({ rules, board, colours }: ScoreTable): string {
  const [scoring, shift] = rules.split('/');
  return `${board.replace('x', '×')} boards, ${colours} colours, ${scoring} scoring, columns closing to the ${shift}`;
}

/** Where the High scores page shows a SameGame table: `#/scores/samegame/SCORING/SHIFT/WIDTHxHEIGHT/COLOURS`. */
export const sameGameTableAddress = ({ rules, board, colours }: ScoreTable) => `#/scores/samegame/${rules}/${board}/${colours}`;

/** The SameGame table an address of {@link sameGameTableAddress} names, or null. */
export function sameGameTableOf(hash: string): ScoreTable | null {
  const found = /^#\/scores\/samegame\/([a-z]+)\/([a-z]+)\/(\d{1,2}x\d{1,2})\/(\d)$/.exec(hash);
  if (found === null) return null;
  const [, scoring, shift, board, colours] = found;
  return { game: 'samegame', rules: `${scoring}/${shift}`, board, colours: Number(colours) };
}

/** Where a SameGame high score is watched again: `#/samegame/replay/ID`. */
export const sameGameWatchAddress = ({ id }: Pick<HighScore, 'id'>) => `#/samegame/replay/${id}`;

/** The high score an address of {@link sameGameWatchAddress} names, or null. */
export function watchedSameGameScoreOf(hash: string): number | null {
  const found = /^#\/samegame\/replay\/(\d{1,15})$/.exec(hash);
  return found === null ? null : Number(found[1]);
}
