import { dfs, runSearch, type MethodSettings } from '../search/index.ts';
import type { Piece } from '../tetris/pieces.ts';
import type { RotationSystem } from '../tetris/rotation/index.ts';
import type { Choice, Chooser, TurnState } from '../tetris-ai/agent.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import type { TetrisSearchMethod } from './methods.ts';
import { TetrisProblem, type TetrisState } from './problem.ts';

export interface SearchPlayerSettings {
  readonly method: TetrisSearchMethod;
  /** Nodes (placements tried) per piece. */
  readonly nodes: number;
  /** The Monte-Carlo methods' seed; piece k of a game searches with seed + k. */
  readonly seed: number;
  /** The method's own settings (see `SEARCH_SETTINGS`). */
  readonly level?: number;
  readonly iterations?: number;
  readonly stabilization?: number;
  readonly width?: number;
}

/**
 * Plays each piece by searching the known pieces (the current one and the preview) with a generic
 * method, the agent's value of each line of play being the score (see {@link TetrisProblem}), and
 * placing the first piece as the best line found does. Piece k of a game searches with seed + k, so a
 * game is the same every time.
 */
export class SearchPlayer implements Chooser {
  private pieces = 0;

  constructor(
    private readonly spec: AgentSpec,
    private readonly system: RotationSystem,
    private readonly settings: SearchPlayerSettings,
  ) {}

  choose(state: TurnState): Choice | null {
    const problem = this.problem(state, [state.piece, ...state.preview]);
    const { method, nodes, seed, ...own } = this.settings;
    const settings: MethodSettings<TetrisState> = { ...own, maxNodes: nodes, seed: seed + this.pieces++, restart: true };
    const searched = runSearch(problem, method, settings);
    // A budget smaller than one whole line needs (beam rates a whole depth before it goes deeper) finds
    // no line: the piece then goes where the agent values it most on its own, as a greedy agent's would.
    const line = searched.moves.length > 0 ? searched : dfs(this.problem(state, [state.piece]));
    if (line.moves.length === 0) return null;
    return { ...problem.placement(problem.start(), line.moves[0]), value: line.score };
  }

  private problem(state: TurnState, pieces: readonly Piece[]): TetrisProblem {
    return new TetrisProblem({ board: state.board, pieces, system: this.system, agent: this.spec });
  }
}
