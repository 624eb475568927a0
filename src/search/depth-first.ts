import { Budget } from './budget.ts';
import type { ChildRating, Problem, SearchResult, TreeSearchOptions } from './problem.ts';
import { SEARCH_DEFAULTS } from './settings.ts';
import { Transpositions } from './transpositions.ts';

export interface DepthFirstOptions<S> extends TreeSearchOptions<S> {
  /** Children are searched best rated first (a depth-first search with a heuristic turns best-first); default: move order. */
  readonly rating?: ChildRating<S>;
}

export interface DepthLimitedOptions<S> extends DepthFirstOptions<S> {
  /** Moves searched below the start: deeper states are not expanded (DLS), or the last depth tried (IDDFS). */
  readonly depth: number;
}

export interface IterativeDeepeningOptions<S> extends DepthLimitedOptions<S> {
  /** The first depth limit tried (default: `SEARCH_DEFAULTS`, or 0 when `depth` is 0: a game over at the start is still searched). */
  readonly minDepth?: number;
}

/**
 * Depth-first search (DFS): the first child, its first child and so on to the end of a game, then
 * back to the last choice left. Without `first`, it goes on through the whole tree and keeps the best
 * solution. Memory: one state per depth.
 */
export function dfs<S>(problem: Problem<S>, options: DepthFirstOptions<S> = {}): SearchResult {
  return new DepthFirst(problem, options).run([Infinity]);
}

/** Depth-limited search (DLS): depth-first, expanding no state `depth` moves below the start. */
export function dls<S>(problem: Problem<S>, options: DepthLimitedOptions<S>): SearchResult {
  return new DepthFirst(problem, options).run([checkDepth(options.depth)]);
}

/**
 * Iterative deepening (IDDFS): depth-limited searches with limits minDepth, minDepth + 1, … up to
 * `depth`. It stops after the first limit that finds a solution with `first`, and otherwise when a
 * search was cut nowhere by its limit (it saw the whole tree) or after the last limit.
 */
export function iddfs<S>(problem: Problem<S>, options: IterativeDeepeningOptions<S>): SearchResult {
  const last = checkDepth(options.depth);
  const first = checkDepth(options.minDepth ?? Math.min(SEARCH_DEFAULTS.minDepth.iddfs, last));
  const limits: number[] = [];
  for (let limit = first; limit <= last; limit++) limits.push(limit);
  return new DepthFirst(problem, options).run(limits);
}

function checkDepth(depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`depth limit must be a whole number ≥ 0, got ${depth}`);
  return depth;
}

class DepthFirst<S> {
  private readonly budget: Budget;
  private readonly states: S[];
  private readonly moves: Int32Array[];
  private readonly ratings: Float64Array;
  private readonly order: Int32Array[];
  private readonly path: Int32Array;
  private transpositions: Transpositions<S>;
  private limit = Infinity;
  /** Whether the current depth limit kept a state from being expanded. */
  private cut = false;
  private done = false;

  constructor(
    private readonly problem: Problem<S>,
    private readonly options: DepthFirstOptions<S>,
  ) {
    this.budget = new Budget(options);
    const levels = problem.maxDepth + 1;
    this.states = Array.from({ length: levels }, () => problem.start());
    this.moves = Array.from({ length: levels }, () => new Int32Array(problem.maxMoves));
    this.order = Array.from({ length: levels }, () => new Int32Array(problem.maxMoves));
    this.ratings = new Float64Array(problem.maxMoves);
    this.path = new Int32Array(levels);
    this.transpositions = new Transpositions(problem);
  }

  /** Searches with each depth limit in turn; stops early as the searches above say. */
  run(limits: number[]): SearchResult {
    for (const limit of limits) {
      if (this.budget.exhausted) break;
      this.limit = limit;
      this.cut = false;
      this.transpositions = new Transpositions(this.problem);
      this.visit(0);
      if (this.done || this.budget.exhausted || !this.cut) break;
    }
    return this.budget.result(this.problem.score(this.states[0]));
  }

  private visit(depth: number): void {
    const { problem, budget, options } = this;
    const state = this.states[depth];
    const moves = this.moves[depth];
    const count = problem.moves(state, moves);
    if (count === 0) {
      if ((options.goal?.(state) ?? true) && budget.offer(problem.score(state), this.path, depth) && options.first) this.done = true;
      return;
    }
    if (depth >= this.limit) {
      this.cut = true;
      return;
    }
    const order = this.order[depth];
    for (let i = 0; i < count; i++) order[i] = i;
    if (options.rating) sortByRating(options.rating, state, moves, count, this.ratings, order);
    const child = this.states[depth + 1];
    for (let k = 0; k < count && !this.done; k++) {
      const move = moves[order[k]];
      problem.copy(child, state);
      problem.play(child, move);
      if (budget.spend()) return;
      if (!this.transpositions.improves(child, this.limit - depth - 1)) continue;
      this.path[depth] = move;
      this.visit(depth + 1);
      if (budget.exhausted) return;
    }
  }
}

/** Orders `order[0 … count − 1]` (indices into `moves`) by the children's ratings, best first, ties in move order. */
function sortByRating<S>(
  rating: ChildRating<S>,
  state: S,
  moves: Int32Array,
  count: number,
  ratings: Float64Array,
  order: Int32Array,
): void {
  rating(state, moves, count, ratings);
  for (let i = 1; i < count; i++) {
    const index = order[i];
    let j = i - 1;
    while (j >= 0 && ratings[order[j]] < ratings[index]) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = index;
  }
}
