import type { SameGameRules } from '../../src/samegame/rules/options.ts';
import { UNNAMED_AGENT } from '../../src/core/player-names.ts';
import type { AgentShare } from '../../src/store/highscores.ts';
import type { HighScore, ScoreTable } from './api.ts';

/**
 * Who played a high score's game, as the tables show it: the player alone; the agents alone when they
 * placed every piece; else "Bob + bcts (62%)", each agent with its share of the pieces. Pieces the
 * game's inputs show an agent placed, which its submission did not credit to one, are "an agent"'s:
 * "Bob (an agent)" when it placed them all.
 */
export function whoPlayed({ name, pieces, agents, players }: HighScore): string {
  const agentName = (agent: AgentShare) => (agent.name === UNNAMED_AGENT ? 'an agent' : agent.name);
  if (players === 'human') return name;
  if (players === 'agents')
    return agents.every((agent) => agent.name === UNNAMED_AGENT) ? `${name} (an agent)` : agents.map(agentName).join(' + ');
  const share = (count: number) => `${Math.max(1, Math.round((100 * count) / Math.max(1, pieces ?? 0)))}%`;
  return `${name} + ${agents.map((agent) => `${agentName(agent)} (${share(agent.pieces)})`).join(' + ')}`;
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
