import { TetrisAgent } from '../../../src/tetris-ai/agent.ts';
import type { AgentSpec } from '../../../src/tetris-ai/agent-spec.ts';
import type { Explanation } from '../../../src/tetris-ai/explanation.ts';
import { pieceCells } from '../../../src/tetris/moves.ts';
import type { Game } from '../../../src/tetris/game.ts';

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
