import { useRef, useState } from 'preact/hooks';
import { TetrisAgent } from '../../../src/tetris-ai/agent.ts';
import type { AgentSpec } from '../../../src/tetris-ai/agent-spec.ts';
import type { CandidateExplanation, Explanation } from '../../../src/tetris-ai/explanation.ts';
import { pieceCells } from '../../../src/tetris/moves.ts';
import type { Game } from '../../../src/tetris/game.ts';
import { agentNamed } from '../agents.ts';

/** The agent that explains a piece when the player is none of the built-in agents (a human, an agent in code). */
export const DEFAULT_EXPLAINER = 'bcts';

/** Candidates the "Why here?" panel lists and draws as numbered ghosts. */
export const SHOWN_CANDIDATES = 5;

/**
 * How the agent `spec` values every placement of the piece the game is at: the same turn the agent
 * would be asked for (the board, the piece where it is, the preview, the rules' score and target).
 */
export function explainGameTurn(game: Game, spec: AgentSpec): Explanation {
  const { board, system } = game;
  const agent = new TetrisAgent(spec, board.width, board.height, system, game.rules.style === 'drop' ? 'drop' : 'reachable');
  return agent.explain({
    board,
    piece: game.current,
    preview: game.preview(),
    rules: game.rules,
    score: game.score,
    level: game.level,
    target: game.rules.hasTarget ? game.config.target : null,
    from: game.active ?? undefined,
  });
}

/** The candidates the panel lists and draws: the first {@link SHOWN_CANDIDATES}, and the compared one if it ranks below them. */
export function shownCandidates(explanation: Explanation, compared: number): CandidateExplanation[] {
  const first = explanation.candidates.slice(0, SHOWN_CANDIDATES);
  const other = explanation.candidates[compared - 1];
  return compared > SHOWN_CANDIDATES && other !== undefined ? [...first, other] : first;
}

/** A numbered ghost on the board: a candidate's cells, its rank, and whether it is the chosen or the compared one. */
export interface Ghost {
  readonly cells: readonly [number, number][];
  readonly rank: number;
  readonly marked: 'chosen' | 'compared' | null;
}

/** The ghosts of the first shown candidates of an explanation, the compared one (by rank) marked. */
export function ghostsOf(explanation: Explanation, game: Game, compared: number): Ghost[] {
  return shownCandidates(explanation, compared).map(({ rank, rotation, x, y, chosen }) => ({
    cells: pieceCells(game.system, { piece: explanation.piece, rotation, x, y }),
    rank,
    marked: chosen ? 'chosen' : rank === compared ? 'compared' : null,
  }));
}

/** What a view shows of the "Why here?" panel: the explanation (null while hidden), the compared rank, the ghosts, and a board click's pick. */
export interface WhyHere {
  readonly explanation: Explanation | null;
  readonly compared: number;
  compare(rank: number): void;
  /** Compares the next (+1) or previous (−1) candidate by rank, among all of them after #1. */
  step(by: 1 | -1): void;
  readonly ghosts: readonly Ghost[] | undefined;
  /** Compares the candidate whose ghost covers the clicked cell (the best ranked of them after #1). */
  pickCell(x: number, y: number): void;
}

/**
 * The "Why here?" panel's state for a view: when `shown`, the explanation by the built-in agent `agent`
 * of the turn the game is at, made once per position (`position` says when the game moved).
 */
export function useWhyHere(game: Game | null, agent: string, shown: boolean, position: string): WhyHere {
  const [compared, compare] = useState(2);
  const explained = useRef<{ key: string; explanation: Explanation } | null>(null);
  let explanation: Explanation | null = null;
  if (shown && game !== null) {
    const key = `${agent} ${position}`;
    if (explained.current?.key !== key) explained.current = { key, explanation: explainGameTurn(game, agentNamed(agent)) };
    explanation = explained.current.explanation;
  }
  const ghosts = explanation === null || game === null ? undefined : ghostsOf(explanation, game, compared);
  const pickCell = (x: number, y: number) => {
    const hit = ghosts?.filter((ghost) => ghost.cells.some(([cx, cy]) => cx === x && cy === y)).find((ghost) => ghost.rank !== 1);
    if (hit !== undefined) compare(hit.rank);
  };
  const step = (by: 1 | -1) => {
    const count = explanation?.candidates.length ?? 0;
    if (count > 1) compare(Math.min(count, Math.max(2, compared + by)));
  };
  return { explanation, compared, compare, step, ghosts, pickCell };
}

/** What a key does to the compared candidate while the panel shows: a digit 2 to {@link SHOWN_CANDIDATES} picks it, [ and ] step through all of them. */
export function compareByKey(whyHere: WhyHere, key: string): boolean {
  if (key === '[' || key === ']') whyHere.step(key === ']' ? 1 : -1);
  else if (/^[2-9]$/.test(key) && Number(key) <= SHOWN_CANDIDATES) whyHere.compare(Number(key));
  else return false;
  return true;
}
