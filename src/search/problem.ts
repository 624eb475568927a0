import type { SearchTrace } from './trace.ts';

/**
 * The small interface every search method works on: a deterministic single-agent problem (a puzzle)
 * with integer moves and a score to maximise. A game joins the search library by implementing it.
 *
 * States are mutable objects the search owns. Hot loops reuse them (`copy`, `play`) and pass moves in
 * typed arrays, so a search allocates nothing per node.
 */
export interface Problem<S> {
  /** A fresh copy of the start state. */
  start(): S;
  /** A fresh copy of `state`. */
  clone(state: S): S;
  /** Makes `target` equal to `source`. */
  copy(target: S, source: S): void;
  /**
   * Writes the legal moves of `state` into `out` from index 0 and returns their number, at most
   * {@link maxMoves}; 0 means the game is over. The order must depend on the state alone.
   */
  moves(state: S, out: Int32Array): number;
  /** Plays one of the moves `moves` gave for this state. */
  play(state: S, move: number): void;
  /**
   * The score of `state`: what its moves have won, plus the end-of-game adjustment once no move is
   * left. Searches maximise the score of the state where the game ends.
   */
  score(state: S): number;
  /**
   * Optional, for the Monte-Carlo methods: the value they steer by when it should differ from the score,
   * such as a score that also counts what a game leaves undone (default: the score). They still keep
   * and report the best game by score.
   */
  guide?(state: S): number;
  /** No state has more moves than this. */
  readonly maxMoves: number;
  /** No game is longer than this. */
  readonly maxDepth: number;
  /**
   * Optional: a hash of the state (a non-negative safe integer, equal for equal states, Zobrist-style),
   * for methods that merge transpositions. Two states with equal hashes must have the same futures.
   */
  hash?(state: S): number;
  /**
   * Optional, for NRPA: the policy code of `move` in `state`, an integer from 0 to {@link codeCount} − 1;
   * moves with one code share a policy weight.
   */
  code?(state: S, move: number): number;
  readonly codeCount?: number;
  /**
   * Optional, for playouts: writes a prior log-weight for each of the `count` moves of `state` to
   * `out`. A playout draws a move with probability ∝ exp(prior + policy weight); moves with prior
   * −Infinity are drawn only when every move has it (then uniformly). Without priors, all are 0.
   */
  priors?(state: S, moves: Int32Array, count: number, out: Float64Array): void;
  /**
   * Optional, for playouts, where it saves time: what `moves`, `priors` and `code` give, in one call.
   * Writes the moves of `state` to `moves`, and per move its prior to `priors` and (given {@link code})
   * its code to `codes`; returns their number. It must give exactly what those three give.
   */
  listMoves?(state: S, moves: Int32Array, priors: Float64Array, codes: Int32Array): number;
}

/**
 * Rates the `count` children of `state` reached by `moves`, higher first, into `out`: how depth-first
 * methods order them and how best-first and beam search rank them.
 */
export type ChildRating<S> = (state: S, moves: Int32Array, count: number, out: Float64Array) => void;

/** When a search must stop; it then returns the best it has found. */
export interface SearchLimits {
  /** Wall-clock budget in milliseconds (default: none). */
  readonly timeMs?: number;
  /** Budget of nodes, a node being one move played (default: none). */
  readonly maxNodes?: number;
  /**
   * Asked every few hundred nodes whether to stop: cancellation. A search runs without yielding, so a
   * search on a worker thread is best cancelled through memory both threads see, for example
   * `() => Atomics.load(flag, 0) !== 0` on an Int32Array over a SharedArrayBuffer.
   */
  readonly cancelled?: () => boolean;
  /** Records every complete game the search accepts and each new best (for explaining it); none by default. */
  readonly trace?: SearchTrace;
}

/** What every method reports. */
export interface SearchResult {
  /**
   * The score of the best game found (the state after `moves`); when no game was found (`solved`
   * false), the start state's score.
   */
  readonly score: number;
  /** The moves of that game, from the start state; [] when none was found. */
  readonly moves: number[];
  /** Whether a game that the method accepts as a solution was found. */
  readonly solved: boolean;
  /** Moves played by the search. */
  readonly nodes: number;
  readonly ms: number;
  /** Why the search ended: it was done, or the time, the node budget or a cancellation stopped it. */
  readonly stop: 'done' | 'time' | 'nodes' | 'cancelled';
}

/** Which games count as solutions. */
export interface GoalOption<S> {
  /** A game counts as a solution only when its final state passes (for SameGame: "only accept an empty final board"). */
  readonly goal?: (state: S) => boolean;
}

/** Options of the systematic searches: breadth-first, depth-first and its depth-limited variants, best-first. */
export interface TreeSearchOptions<S> extends SearchLimits, GoalOption<S> {
  /** Stop at the first solution instead of searching on for the best. */
  readonly first?: boolean;
}
