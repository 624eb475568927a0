import type { Board } from '../tetris/board.ts';
import type { Piece } from '../tetris/pieces.ts';
import { PlacementGenerator, type PlacementMode } from '../tetris/placements.ts';
import type { RotationSystem, Spawn } from '../tetris/rotation/index.ts';
import type { RuleSet } from '../tetris/rules.ts';
import type { AgentSpec } from './agent-spec.ts';
import { Evaluator } from './evaluator.ts';
import { s4Priority } from './search-path.ts';
import { PlacementSimulator } from './simulator.ts';

/** What an agent knows when it picks a placement. */
export interface TurnState {
  readonly board: Board;
  readonly piece: Piece;
  /** The known next pieces; lookahead uses as many as its depth allows. */
  readonly preview: readonly Piece[];
  readonly rules: RuleSet;
  readonly score: number;
  readonly level: number;
  /** The score to reach exactly, under rules with a target. */
  readonly target: number | null;
  /** Where the piece is, for reachable placements (default: its spawn position). */
  readonly from?: Spawn;
}

export interface Choice {
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
  /** The value the policy gave it (higher is better). */
  readonly value: number;
}

/** Per search depth: its own placements, scratch board and values, so deeper levels never overwrite them. */
interface Level {
  readonly generator: PlacementGenerator;
  readonly simulator: PlacementSimulator;
  readonly values: Float64Array;
  readonly candidates: Int32Array;
}

/**
 * An agent: an evaluator (features × weights, with S1's despair switch) driven by a policy (greedy,
 * lookahead over the preview with optional beam, S4's target and tie-break rules). One instance serves
 * one board size, rotation system and placement mode, and reuses its buffers from turn to turn.
 */
export class TetrisAgent {
  private readonly evaluator: Evaluator;
  private readonly despairEvaluator: Evaluator | null;
  private readonly levels: Level[];

  constructor(
    readonly spec: AgentSpec,
    readonly width: number,
    readonly height: number,
    readonly system: RotationSystem,
    readonly mode: PlacementMode,
  ) {
    this.evaluator = new Evaluator(spec.weights, spec.sense);
    this.despairEvaluator = spec.despair === null ? null : new Evaluator(spec.despair.weights, spec.sense);
    this.levels = Array.from({ length: spec.policy.lookahead + 1 }, () => {
      const generator = new PlacementGenerator(width, height, system);
      const capacity = generator.rotation.length;
      return {
        generator,
        simulator: new PlacementSimulator(width, height),
        values: new Float64Array(capacity),
        candidates: new Int32Array(capacity),
      };
    });
  }

  /** The placement the policy picks, or null when the piece has none. */
  choose(state: TurnState): Choice | null {
    const depth = Math.min(this.spec.policy.lookahead, state.preview.length);
    const { value, index } = this.search(0, depth, state.board, state.piece, state.score, state);
    if (index < 0) return null;
    const generator = this.levels[0].generator;
    return { rotation: generator.rotation[index], x: generator.x[index], y: generator.y[index], value };
  }

  /**
   * The best value reachable by placing `piece` on `board` and then the next `depth - level` preview
   * pieces, with the index of the placement that reaches it (−1 when the piece has no placement).
   * A placement after which a known piece has no placement is worth −∞; when every placement is,
   * the best by its own value is chosen, so the agent still moves.
   */
  private search(
    level: number,
    depth: number,
    board: Board,
    piece: Piece,
    score: number,
    state: TurnState,
  ): { value: number; index: number } {
    const { generator, simulator, values, candidates } = this.levels[level];
    const { policy } = this.spec;
    const count = generator.generate(board, piece, this.mode, level === 0 ? state.from : undefined);
    if (count === 0) return { value: -Infinity, index: -1 };

    const top = board.stackHeight();
    const despair = this.despairEvaluator !== null && top > this.spec.despair!.maxHeightAbove;
    const evaluator = despair ? this.despairEvaluator! : this.evaluator;
    const keepBefore = evaluator.needsBoardBeforeClear;
    const orientations = this.system.orientations[piece];
    const checkTarget = policy.rejectOvershoot && state.target !== null;
    const deeper = level < depth;
    const expandAll = deeper && (policy.beam === null || policy.beam >= count);

    let best = -Infinity;
    let bestIndex = -1;
    let fallback = -1; // best own value, whatever its future or overshoot
    let candidateCount = 0;
    for (let i = 0; i < count; i++) {
      simulator.simulate(board, top, orientations[generator.rotation[i]], generator.x[i], generator.y[i], keepBefore);
      const own = evaluator.score(simulator.input);
      values[i] = own;
      if (fallback < 0 || own > values[fallback]) fallback = i;
      if (!deeper && !checkTarget) {
        if (this.isBetter(own, best, i, bestIndex, generator)) [best, bestIndex] = [own, i];
        continue;
      }
      const points = state.rules.points(simulator.input.linesCleared, state.level);
      if (checkTarget && score + points > state.target!) continue;
      if (!deeper) {
        if (this.isBetter(own, best, i, bestIndex, generator)) [best, bestIndex] = [own, i];
      } else if (expandAll) {
        const total = this.combine(own, this.search(level + 1, depth, simulator.board, state.preview[level], score + points, state).value);
        if (this.isBetter(total, best, i, bestIndex, generator)) [best, bestIndex] = [total, i];
      } else {
        candidates[candidateCount++] = i;
      }
    }

    if (deeper && !expandAll) {
      // Beam: look deeper only from the `beam` placements with the best own values.
      const kept = candidates
        .subarray(0, candidateCount)
        .sort((a, b) => values[b] - values[a] || a - b)
        .subarray(0, policy.beam!);
      for (const i of kept.slice().sort()) {
        simulator.simulate(board, top, orientations[generator.rotation[i]], generator.x[i], generator.y[i], keepBefore);
        const points = state.rules.points(simulator.input.linesCleared, state.level);
        const total = this.combine(
          values[i],
          this.search(level + 1, depth, simulator.board, state.preview[level], score + points, state).value,
        );
        if (this.isBetter(total, best, i, bestIndex, generator)) [best, bestIndex] = [total, i];
      }
    }
    if (bestIndex < 0) return { value: deeper ? -Infinity : values[fallback], index: fallback };
    return { value: best, index: bestIndex };
  }

  private combine(own: number, future: number): number {
    return this.spec.policy.combine === 'sum' ? own + future : future;
  }

  /** Whether placement i (worth `value`) beats the best so far; −∞ never does; ties go by the policy. */
  private isBetter(value: number, best: number, i: number, bestIndex: number, generator: PlacementGenerator): boolean {
    if (value === -Infinity) return false;
    if (bestIndex < 0 || value > best) return true;
    if (value < best || this.spec.policy.tieBreak === 'first') return false;
    return s4Priority(generator, i, this.width) < s4Priority(generator, bestIndex, this.width);
  }
}
