import type { SearchLimits, SearchResult } from './problem.ts';
import type { SearchTrace } from './trace.ts';

/** Moves between two looks at the clock and at cancellation. */
const CHECK_EVERY = 256;

/**
 * A search's budget and bookkeeping: counts nodes (moves played), watches the clock and asks whether
 * the search is cancelled, and remembers the best game found so far. `spend` is cheap: it reads the clock only every
 * {@link CHECK_EVERY} nodes. Once exhausted, it stays exhausted.
 */
export class Budget {
  nodes = 0;
  bestScore = -Infinity;
  bestMoves: number[] = [];
  private readonly started = performance.now();
  private readonly deadline: number;
  private readonly maxNodes: number;
  private readonly cancelled: (() => boolean) | undefined;
  private readonly trace: SearchTrace | undefined;
  private nextCheck = CHECK_EVERY;
  private stopped: SearchResult['stop'] | null = null;

  constructor(limits: SearchLimits = {}) {
    this.deadline = this.started + (limits.timeMs ?? Infinity);
    this.maxNodes = limits.maxNodes ?? Infinity;
    this.cancelled = limits.cancelled;
    this.trace = limits.trace;
    this.check();
  }

  /** Counts `n` nodes; returns true when the budget is exhausted. */
  spend(n = 1): boolean {
    this.nodes += n;
    if (this.nodes >= this.nextCheck || this.nodes >= this.maxNodes) {
      this.nextCheck = this.nodes + CHECK_EVERY;
      this.check();
    }
    return this.stopped !== null;
  }

  get exhausted(): boolean {
    return this.stopped !== null;
  }

  /** Keeps a game if it beats the best so far (ties keep the first); returns whether it did. A trace records every game offered. */
  offer(score: number, moves: ArrayLike<number>, length = moves.length): boolean {
    this.trace?.game(length > 0 ? moves[0] : undefined, score);
    if (score <= this.bestScore) return false;
    this.bestScore = score;
    this.bestMoves = Array.from({ length }, (_, i) => moves[i]);
    this.trace?.improved(score, this.nodes, performance.now() - this.started);
    return true;
  }

  /** The result: the best game found, or (none found) the start score `startScore`. */
  result(startScore: number): SearchResult {
    const solved = this.bestScore > -Infinity;
    return {
      score: solved ? this.bestScore : startScore,
      moves: solved ? this.bestMoves : [],
      solved,
      nodes: this.nodes,
      ms: performance.now() - this.started,
      stop: this.stopped ?? 'done',
    };
  }

  private check(): void {
    if (this.stopped !== null) return;
    if (this.cancelled?.()) this.stopped = 'cancelled';
    else if (this.nodes >= this.maxNodes) this.stopped = 'nodes';
    else if (performance.now() >= this.deadline) this.stopped = 'time';
  }
}
