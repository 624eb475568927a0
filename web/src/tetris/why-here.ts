import { useRef, useState } from 'preact/hooks';
import { TetrisAgent } from '../../../src/tetris-ai/agent.ts';
import type { AgentSpec } from '../../../src/tetris-ai/agent-spec.ts';
import type { Explanation } from '../../../src/tetris-ai/explanation.ts';
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

/** A numbered ghost on the board: a candidate's cells, its rank, and whether it is the chosen or the compared one. */
export interface Ghost {
  readonly cells: readonly [number, number][];
  readonly rank: number;
  readonly marked: 'chosen' | 'compared' | null;
}

/** The ghosts of the first shown candidates of an explanation, the compared one (by rank) marked. */
export function ghostsOf(explanation: Explanation, game: Game, compared: number): Ghost[] {
  return explanation.candidates.slice(0, SHOWN_CANDIDATES).map(({ rank, rotation, x, y, chosen }) => ({
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
  return { explanation, compared, compare, ghosts, pickCell };
}

/** The candidate a digit key compares while the panel shows (2 to {@link SHOWN_CANDIDATES}), or null. */
export function comparedByKey(key: string): number | null {
  return /^[2-9]$/.test(key) && Number(key) <= SHOWN_CANDIDATES ? Number(key) : null;
}
