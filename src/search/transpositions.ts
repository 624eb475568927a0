import type { Problem } from './problem.ts';

/**
 * A transposition table for the systematic searches, keyed by the problem's hash (Zobrist for SameGame).
 * A state's future does not depend on how it was reached (see {@link Problem.hash}), so a state reached
 * again needs searching again only with a higher score than before, or with more moves left to search
 * (depth-limited searches). Without a hash, every state is new.
 */
export class Transpositions<S> {
  private readonly scores = new Map<number, number>();
  private readonly depths = new Map<number, number>();

  constructor(private readonly problem: Problem<S>) {}

  /**
   * Whether `state`, with `remaining` moves left to search below it, is worth searching: true (and
   * remembered) unless the same state was met with a score as high and at least as many moves left.
   */
  improves(state: S, remaining: number): boolean {
    const { problem } = this;
    if (problem.hash === undefined) return true;
    const hash = problem.hash(state);
    const score = problem.score(state);
    const known = this.scores.get(hash);
    if (known !== undefined && known >= score && this.depths.get(hash)! >= remaining) return false;
    this.scores.set(hash, score);
    this.depths.set(hash, remaining);
    return true;
  }
}
