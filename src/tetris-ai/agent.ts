import type { Board } from '../tetris/board.ts';
import { PIECE_COUNT, type Piece } from '../tetris/pieces.ts';
import type { PlacementMode } from '../tetris/placement-modes.ts';
import { PlacementGenerator, type Placements } from '../tetris/placements.ts';
import type { RotationSystem, Spawn } from '../tetris/rotation/index.ts';
import type { Orientation } from '../tetris/shape.ts';
import type { RuleSet } from '../tetris/rules.ts';
import type { AgentSpec } from './agent-spec.ts';
import type { CandidateExplanation, Explanation, LineStep } from './explanation.ts';
import { PlacementValue } from './placement-value.ts';
import { fewestMovesPriority } from './search-path.ts';
import { PlacementSimulator } from './simulator.ts';

/** How far below the best a placement's bound must be to skip it: far more than rounding can move either. */
const BOUND_MARGIN = 1e-9;

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
  /**
   * The placements to choose among for this piece, when the front end knows better than the agent's own
   * generator which ones the piece can reach (the Aveiro client, under its server's clock); the
   * preview's pieces still get the agent's own.
   */
  readonly placements?: Placements;
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
  /** Per placement, the first bound on its value (see `bestBounded`). */
  readonly bounds: Float64Array;
  readonly candidates: Int32Array;
}

/** A candidate placement while it is being explained: its index among the piece's placements, and whether its target effect leaves it open. */
type Draft = {
  -readonly [K in keyof Omit<CandidateExplanation, 'rank' | 'chosen'>]: CandidateExplanation[K];
} & { readonly index: number; readonly open: boolean };

/** What picks a placement for each piece: an agent's own policy, or a search over the known pieces. */
export interface Chooser {
  /** The placement picked, or null when the piece has none; an {@link AgentFault} when the player erred. */
  choose(state: TurnState): Choice | null;
  /** Lets go of what the player holds (an agent in code's thread); whoever made it calls this when its game ends. */
  stop?(): void;
}

/** A player's fault in a game (an agent in code threw, or answered no placement): the game ends, and says why. */
export class AgentFault extends Error {}

/**
 * An agent: an evaluator (features × weights, with an optional despair switch) driven by a policy
 * (greedy, lookahead over the preview with optional beam, an expectation over the unknown piece after
 * the known ones, refusing to overshoot a target score, a tie-break). One instance serves
 * one board size, rotation system and placement mode, and reuses its buffers from turn to turn.
 */
export class TetrisAgent implements Chooser {
  private readonly value: PlacementValue;
  private readonly needsBoardBeforeClear: boolean;
  private readonly levels: Level[];
  /** Unknown pieces weighed after the known ones (the policy's `unknownPieces`, 0 when left out). */
  private readonly unknownPieces: number;
  /** The highest column's height above which the unknown piece is weighed (the policy's `unknownPiecesAbove`). */
  private readonly unknownAbove: number;
  /** Whether the current turn weighs the unknown piece: `unknownPieces`, on a board above `unknownAbove`. */
  private weighsUnknown = false;
  private chosenIndex = -1;
  /** The placements of the last choice's piece. */
  private chosenFrom: Placements | null = null;

  constructor(
    readonly spec: AgentSpec,
    readonly width: number,
    readonly height: number,
    readonly system: RotationSystem,
    readonly mode: PlacementMode,
  ) {
    this.value = new PlacementValue(spec);
    this.needsBoardBeforeClear = this.value.needsBoardBeforeClear;
    this.unknownPieces = spec.policy.unknownPieces ?? 0;
    this.unknownAbove = spec.policy.unknownPiecesAbove ?? -1;
    // One level per known piece searched, and one for the unknown piece weighed by its expectation.
    this.levels = Array.from({ length: spec.policy.lookahead + 1 + this.unknownPieces }, () => {
      const generator = new PlacementGenerator(width, height, system);
      const capacity = generator.rotation.length;
      return {
        generator,
        simulator: new PlacementSimulator(width, height),
        values: new Float64Array(capacity),
        bounds: new Float64Array(capacity),
        candidates: new Int32Array(capacity),
      };
    });
  }

  /** The placement the policy picks, or null when the piece has none. */
  choose(state: TurnState): Choice | null {
    const depth = Math.min(this.spec.policy.lookahead, state.preview.length);
    this.weighsUnknown = this.weighsUnknownOn(state.board);
    const { value, index } = this.search(0, depth, state.board, state.piece, state.score, state);
    const placements = state.placements ?? this.levels[0].generator;
    this.chosenIndex = index;
    this.chosenFrom = placements;
    if (index < 0) return null;
    return { rotation: placements.rotation[index], x: placements.x[index], y: placements.y[index], value };
  }

  /**
   * The best value reachable by placing `piece` on `board` and then the next `depth - level` preview
   * pieces, with the index of the placement that reaches it (−1 when the piece has no placement); with
   * `unknownPieces`, the last known piece's placements are valued with the piece after it, unknown (see
   * {@link expectedFuture}). A placement after which a known piece, or any shape of the unknown one, has
   * no placement is worth −∞; when every placement is, the best by its own value is chosen, so the agent
   * still moves. A value below `worth` (what the caller's best so far asks of this search) need not be
   * exact: the search may answer −∞ instead.
   */
  private search(
    level: number,
    depth: number,
    board: Board,
    piece: Piece,
    score: number,
    state: TurnState,
    worth = -Infinity,
  ): { value: number; index: number } {
    const { generator, simulator, values, candidates } = this.levels[level];
    const { policy } = this.spec;
    const given = level === 0 ? state.placements : undefined;
    const placements: Placements = given ?? generator;
    const count = given?.count ?? generator.generate(board, piece, this.mode, level === 0 ? state.from : undefined);
    if (count === 0) return { value: -Infinity, index: -1 };

    const orientations = this.system.orientations[piece];
    // Whether a placement's value takes in a piece after it: the next known one, or the unknown one.
    const deeper = level < depth || (level === depth && this.weighsUnknown);
    const expandAll = deeper && (policy.beam === null || policy.beam >= count);
    const needsPoints = deeper || (policy.rejectOvershoot && state.target !== null);
    // Where only the best placement matters, bounds on placements' values spare playing most of them.
    const boundWeights = needsPoints ? null : this.value.boundWeights;
    simulator.load(board, board.stackHeight(), boundWeights);
    if (boundWeights !== null) return this.bestBounded(this.levels[level], placements, count, orientations, worth);

    let best = -Infinity;
    let bestIndex = -1;
    let fallback = -1; // best own value, whatever its future or overshoot
    let candidateCount = 0;
    for (let i = 0; i < count; i++) {
      simulator.place(orientations[placements.rotation[i]], placements.x[i], placements.y[i], this.needsBoardBeforeClear);
      const own = this.value.of(simulator.input);
      values[i] = own;
      if (fallback < 0 || own > values[fallback]) fallback = i;
      let value = own;
      if (needsPoints) {
        const points = state.rules.points(simulator.input.linesCleared, state.level);
        const target = this.targetEffect(score + points, state);
        if (target === 'overshoots') continue;
        if (target === 'reaches') {
          value = deeper ? Infinity : own; // the game is won: nothing further to weigh
        } else if (deeper && !expandAll) {
          candidates[candidateCount++] = i;
          continue;
        } else if (deeper) {
          value = this.withFuture(own, best, level, depth, score + points, state);
        }
      }
      if (this.isBetter(value, best, i, bestIndex, placements)) {
        best = value;
        bestIndex = i;
      }
    }

    if (candidateCount > 0) {
      // Beam: look deeper only from the `beam` placements with the best own values, in generation order.
      const kept = candidates
        .subarray(0, candidateCount)
        .sort((a, b) => values[b] - values[a] || a - b)
        .subarray(0, policy.beam!)
        .sort();
      for (const i of kept) {
        simulator.place(orientations[placements.rotation[i]], placements.x[i], placements.y[i], this.needsBoardBeforeClear);
        const points = state.rules.points(simulator.input.linesCleared, state.level);
        const value = this.withFuture(values[i], best, level, depth, score + points, state);
        if (this.isBetter(value, best, i, bestIndex, placements)) {
          best = value;
          bestIndex = i;
        }
      }
    }
    // Nothing acceptable (every placement overshoots, or leaves a known piece no room): worth −∞,
    // and at the top the best by its own value is still played.
    return bestIndex < 0 ? { value: -Infinity, index: fallback } : { value: best, index: bestIndex };
  }

  /** Whether a turn on `board` weighs the unknown piece (`unknownPieces`, and `unknownPiecesAbove` when given). */
  private weighsUnknownOn(board: Board): boolean {
    return this.unknownPieces > 0 && board.stackHeight() > this.unknownAbove;
  }

  /** Under the overshoot rule (`rejectOvershoot`) and rules with a target: whether a score passes or reaches it. */
  private targetEffect(scoreAfter: number, state: TurnState): 'overshoots' | 'reaches' | 'open' {
    if (!this.spec.policy.rejectOvershoot || state.target === null) return 'open';
    return scoreAfter > state.target ? 'overshoots' : scoreAfter === state.target ? 'reaches' : 'open';
  }

  /**
   * Every placement of the piece valued as `choose` values it, with each feature's part in its own value
   * and the lookahead line behind its total; the chosen candidate is the placement `choose` picks, with
   * the value it gives. Where `choose` prunes (bounds, a search told what it must beat), this values
   * every candidate in full.
   */
  explain(state: TurnState): Explanation {
    const { policy } = this.spec;
    const depth = Math.min(policy.lookahead, state.preview.length);
    this.weighsUnknown = this.weighsUnknownOn(state.board);
    const unknown = this.weighsUnknown;
    const { generator, simulator } = this.levels[0];
    const placements = state.placements ?? generator;
    const count = state.placements?.count ?? generator.generate(state.board, state.piece, this.mode, state.from);
    const orientations = this.system.orientations[state.piece];
    simulator.load(state.board, state.board.stackHeight(), null);
    const drafts: Draft[] = [];
    for (let index = 0; index < count; index++) {
      const [rotation, x, y] = [placements.rotation[index], placements.x[index], placements.y[index]];
      simulator.place(orientations[rotation], x, y, this.needsBoardBeforeClear);
      const { value: own, despair, features } = this.value.explain(simulator.input);
      const points = state.rules.points(simulator.input.linesCleared, state.level);
      const target = this.targetEffect(state.score + points, state);
      const draft: Draft = { index, open: target === 'open', rotation, x, y, total: own, own, despair, features };
      if (target === 'overshoots') [draft.total, draft.refused] = [-Infinity, 'overshoots-target'];
      else if (target === 'reaches')
        draft.total = depth > 0 || unknown ? Infinity : own; // the game is won: nothing further to weigh
      else if (depth === 0 && unknown) {
        draft.total = this.expectedFuture(own, 0, simulator.board, state.score + points, state);
        if (draft.total === -Infinity) draft.refused = 'no-future';
      } else if (depth > 0) {
        const future = this.bestLine(1, depth, simulator.board, state.score + points, state);
        draft.line = future.line;
        draft.total = future.value === -Infinity ? -Infinity : policy.combine === 'sum' ? own + future.value : future.value;
        if (draft.total === -Infinity) draft.refused = 'no-future';
      }
      drafts.push(draft);
    }
    if ((depth > 0 || unknown) && policy.beam !== null && policy.beam < count) {
      // As `search`: only the `beam` open placements with the best own values are looked deeper from.
      const open = drafts.filter((draft) => draft.open).sort((a, b) => b.own - a.own || a.index - b.index);
      for (const draft of open.slice(policy.beam)) [draft.total, draft.refused] = [-Infinity, 'outside-beam'];
    }
    const byPolicy = (a: Draft, b: Draft) =>
      this.isBetter(a.total, b.total, a.index, b.index, placements)
        ? -1
        : this.isBetter(b.total, a.total, b.index, a.index, placements)
          ? 1
          : 0;
    const byOwn = (a: Draft, b: Draft) => b.own - a.own || a.index - b.index;
    // Nothing acceptable: `choose` plays the best by its own value (the first of equals).
    const ranked = [
      ...drafts.filter((draft) => draft.total !== -Infinity).sort(byPolicy),
      ...drafts.filter((draft) => draft.total === -Infinity).sort(byOwn),
    ];
    const candidates = ranked.map(({ index: _index, open: _open, ...candidate }, i) => ({ rank: i + 1, chosen: i === 0, ...candidate }));
    return {
      agent: this.spec.name,
      piece: state.piece,
      lookahead: state.preview.slice(0, depth),
      unknownPieces: unknown ? this.unknownPieces : 0,
      candidates,
    };
  }

  /**
   * The best line of the known pieces from search level `level` on (the piece `state.preview[level − 1]`
   * on `board`), as `search` values it: its value, and each placement with its own value.
   */
  private bestLine(level: number, depth: number, board: Board, score: number, state: TurnState): { value: number; line: LineStep[] } {
    const piece = state.preview[level - 1];
    const { value, index } = this.search(level, depth, board, piece, score, state);
    if (index < 0) return { value, line: [] };
    const { generator, simulator } = this.levels[level];
    const [rotation, x, y] = [generator.rotation[index], generator.x[index], generator.y[index]];
    simulator.load(board, board.stackHeight(), null);
    simulator.place(this.system.orientations[piece][rotation], x, y, this.needsBoardBeforeClear);
    const step: LineStep = { piece, rotation, x, y, value: this.value.of(simulator.input) };
    if (level === depth || value === Infinity) return { value, line: [step] }; // the last known piece, or the target reached
    const points = state.rules.points(simulator.input.linesCleared, state.level);
    return { value, line: [step, ...this.bestLine(level + 1, depth, simulator.board, score + points, state).line] };
  }

  /**
   * The shortest keys that play the last choice from where the piece was (null when none reaches it:
   * a drop placement the piece cannot get to). Valid until the next `choose`.
   */
  keysOfChoice(): string | null {
    return this.chosenIndex < 0 || this.chosenFrom === null ? null : this.chosenFrom.keys(this.chosenIndex);
  }

  /**
   * The value of the placement just played at `level` (worth `own`, its score after it `score`) with the
   * best the next known piece can do after it, whose search is told what it must reach to beat `best`,
   * the best so far; after the last known piece, with the unknown one's expected best.
   */
  private withFuture(own: number, best: number, level: number, depth: number, score: number, state: TurnState): number {
    const sum = this.spec.policy.combine === 'sum';
    const board = this.levels[level].simulator.board;
    if (level === depth) return this.expectedFuture(own, level, board, score, state);
    const future = this.search(level + 1, depth, board, state.preview[level], score, state, sum ? best - own : best);
    return sum ? own + future.value : future.value;
  }

  /**
   * The value of the last known piece's placement just played at `level` (worth `own`) with the piece
   * after it unknown: each of the 7 shapes equally likely, as the research protocol deals them, its best
   * placement's value averaged over the shapes (an expectimax step), combined with `own` as the policy
   * combines a line. −∞ when some shape would have no placement.
   */
  private expectedFuture(own: number, level: number, board: Board, score: number, state: TurnState): number {
    let total = 0;
    for (let shape = 0; shape < PIECE_COUNT; shape++) {
      const future = this.search(level + 1, level, board, shape, score, state).value;
      if (future === -Infinity) return -Infinity;
      total += future;
    }
    const expected = total / PIECE_COUNT;
    return this.spec.policy.combine === 'sum' ? own + expected : expected;
  }

  /**
   * The best placement where only it matters (no deeper level, no points to weigh), its value bounded
   * before it is played (`placement-bound.ts`): each placement is played only when its bounds do not
   * prove it worse than the best so far or than `worth`. When nothing is asked (`worth` −∞), the one
   * with the highest first bound is played first, so that the best so far is high at once. Ties go as
   * in generation order.
   */
  private bestBounded(
    { simulator, bounds }: Level,
    placements: Placements,
    count: number,
    orientations: readonly Orientation[],
    worth: number,
  ): { value: number; index: number } {
    // With nothing asked of it, the search first plays the placement with the highest first bound.
    const ordered = worth === -Infinity;
    let first = -1;
    if (ordered) {
      first = 0;
      for (let i = 0; i < count; i++) {
        bounds[i] = simulator.firstBound(orientations[placements.rotation[i]], placements.x[i], placements.y[i]);
        if (bounds[i] > bounds[first]) first = i;
      }
    }
    let best = -Infinity;
    let bestIndex = -1;
    for (let n = ordered ? -1 : 0; n < count; n++) {
      const i = n < 0 ? first : n;
      if (n === first) continue;
      const shape = orientations[placements.rotation[i]];
      const x = placements.x[i];
      const y = placements.y[i];
      const floor = best > worth ? best : worth;
      const cut = floor - BOUND_MARGIN * (1 + Math.abs(floor));
      const bound = ordered ? bounds[i] : simulator.firstBound(shape, x, y);
      if (bound < cut || (bound !== Infinity && bound + simulator.closerBound(shape, x, y) < cut)) continue;
      simulator.place(shape, x, y, this.needsBoardBeforeClear);
      const value = this.value.of(simulator.input);
      if (this.isBetter(value, best, i, bestIndex, placements)) {
        best = value;
        bestIndex = i;
      }
    }
    return { value: best, index: bestIndex };
  }

  /**
   * Whether placement i (worth `value`) beats the best so far, placement `bestIndex`; −∞ never does. Ties
   * go by the policy, and between equals by generation order, whatever the order they were played in.
   */
  private isBetter(value: number, best: number, i: number, bestIndex: number, placements: Placements): boolean {
    if (value === -Infinity) return false;
    if (bestIndex < 0 || value > best) return true;
    if (value < best) return false;
    if (this.spec.policy.tieBreak === 'first') return i < bestIndex;
    const priority = fewestMovesPriority(placements, i, this.width);
    const bestPriority = fewestMovesPriority(placements, bestIndex, this.width);
    return priority < bestPriority || (priority === bestPriority && i < bestIndex);
  }
}
