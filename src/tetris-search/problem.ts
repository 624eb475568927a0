import type { Problem } from '../search/problem.ts';
import { Board } from '../tetris/board.ts';
import type { Piece } from '../tetris/pieces.ts';
import { PlacementGenerator } from '../tetris/placements.ts';
import type { RotationSystem } from '../tetris/rotation/index.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import { PlacementValue } from '../tetris-ai/placement-value.ts';
import { PlacementSimulator } from '../tetris-ai/simulator.ts';

/** A position: the board, how many of the known pieces are placed, the lines they cleared, and their value. */
export interface TetrisState {
  readonly board: Board;
  placed: number;
  lines: number;
  /** The agent's value of the placements so far, combined as its policy says (0 with no agent). */
  value: number;
}

export interface TetrisProblemSetting {
  readonly board: Board;
  /** The known pieces, in the order they come; a game places them all, or ends when one has no placement. */
  readonly pieces: readonly Piece[];
  readonly system: RotationSystem;
  /**
   * Whose values a game's score is: the agent's value of each placement, combined by its policy (the
   * sum, or the last one's), as its own lookahead weighs a line of play. Without one the score is the
   * lines cleared, which is what the research protocol counts.
   */
  readonly agent?: AgentSpec;
}

/**
 * The score of a game of an agent in which a known piece found no placement: below any value a real
 * placement gets, as the agent's own lookahead counts such a line −∞ (finite, for the searches' sums).
 */
export const TOPPED_OUT = -1e12;

/**
 * Tetris with known pieces as a search {@link Problem}, under the research protocol: each piece is
 * dropped straight down (drop placements); full rows are cleared. A move is `rotation × width + x`
 * (the rotation and column of a drop placement), listed in the placement generator's order.
 *
 * - Score: the lines cleared, or with an agent its value of the game (see {@link TetrisProblemSetting.agent}).
 * - Policy codes (NRPA): the piece's place in the sequence × the moves of a piece + the move, so a
 *   placement of the first piece and the same placement of the second learn apart.
 * - No `guide`: with an agent the score already is its judgement of the board a line leaves, so the
 *   Monte-Carlo methods steer by it. No `hash`: lines of a few known pieces seldom reach one board by
 *   two ways, and beam, NMCS and NRPA (what `play --search` uses) need none.
 */
export class TetrisProblem implements Problem<TetrisState> {
  readonly maxMoves: number;
  readonly maxDepth: number;
  readonly codeCount: number;
  private readonly generator: PlacementGenerator;
  private readonly simulator: PlacementSimulator;
  private readonly value: PlacementValue | null;
  private readonly sum: boolean;

  constructor(private readonly setting: TetrisProblemSetting) {
    const { board, pieces, system, agent } = setting;
    this.maxMoves = 4 * board.width;
    this.maxDepth = pieces.length;
    this.codeCount = pieces.length * this.maxMoves;
    this.generator = new PlacementGenerator(board.width, board.height, system);
    this.simulator = new PlacementSimulator(board.width, board.height);
    this.value = agent === undefined ? null : new PlacementValue(agent);
    this.sum = agent?.policy.combine === 'sum';
  }

  start(): TetrisState {
    return { board: this.setting.board.clone(), placed: 0, lines: 0, value: 0 };
  }

  clone(state: TetrisState): TetrisState {
    return { board: state.board.clone(), placed: state.placed, lines: state.lines, value: state.value };
  }

  copy(target: TetrisState, source: TetrisState): void {
    target.board.rows.set(source.board.rows);
    target.placed = source.placed;
    target.lines = source.lines;
    target.value = source.value;
  }

  moves(state: TetrisState, out: Int32Array): number {
    if (state.placed >= this.setting.pieces.length) return 0;
    const { generator } = this;
    const count = generator.generate(state.board, this.setting.pieces[state.placed], 'drop');
    for (let i = 0; i < count; i++) out[i] = generator.rotation[i] * state.board.width + generator.x[i];
    return count;
  }

  play(state: TetrisState, move: number): void {
    const { board } = state;
    const piece = this.setting.pieces[state.placed];
    const { rotation, x, y } = this.placement(state, move);
    const keepBefore = this.value?.needsBoardBeforeClear ?? false;
    this.simulator.simulate(board, board.stackHeight(), this.setting.system.orientations[piece][rotation], x, y, keepBefore);
    const { input } = this.simulator;
    if (this.value !== null) {
      const own = this.value.of(input);
      state.value = this.sum ? state.value + own : own;
    }
    board.rows.set(this.simulator.board.rows);
    state.lines += input.linesCleared;
    state.placed++;
  }

  /** The drop placement a move of `state` stands for: its rotation, column and resting row. */
  placement(state: TetrisState, move: number): { rotation: number; x: number; y: number } {
    const { width } = state.board;
    const [rotation, x] = [Math.floor(move / width), move % width];
    const { generator } = this;
    const count = generator.generate(state.board, this.setting.pieces[state.placed], 'drop');
    for (let i = 0; i < count; i++)
      if (generator.rotation[i] === rotation && generator.x[i] === x) return { rotation, x, y: generator.y[i] };
    throw new RangeError(`move ${move} is not a placement of the piece`);
  }

  score(state: TetrisState): number {
    if (this.value === null) return state.lines;
    const toppedOut =
      state.placed < this.setting.pieces.length && this.generator.generate(state.board, this.setting.pieces[state.placed], 'drop') === 0;
    return toppedOut ? TOPPED_OUT : state.value;
  }

  code(state: TetrisState, move: number): number {
    return state.placed * this.maxMoves + move;
  }
}
