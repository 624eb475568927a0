import { Prng } from '../core/prng.ts';
import { Budget } from './budget.ts';
import { Playouts } from './playout.ts';
import type { Problem, SearchLimits, SearchResult } from './problem.ts';

export interface NmcsOptions extends SearchLimits {
  /** Nesting level, 1 or more: level 1 rates each move by one playout. */
  readonly level: number;
  /** Independent runs, each from the start with the best kept (Infinity: until the budget ends). Default 1. */
  readonly runs?: number;
  readonly seed?: number;
}

/**
 * Nested Monte-Carlo Search (Cazenave, IJCAI 2009). At level n, from the current state, every move is
 * tried and rated by a level n − 1 search from the state it leads to (level 0: one playout); the best
 * complete game found so far is remembered, and its next move is played. Repeats until the game ends,
 * so the result is never worse than the best game seen. Playouts follow the problem's priors; games are
 * compared by the problem's guide (default: the score), and the best by score is reported.
 */
export function nmcs<S>(problem: Problem<S>, options: NmcsOptions): SearchResult {
  const { level } = options;
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`NMCS level must be a whole number ≥ 1, got ${level}`);
  const budget = new Budget(options);
  const playouts = new Playouts(problem, new Prng(options.seed ?? 1));
  const length = problem.maxDepth + 1;
  /** Moves from the start to the state being searched; a playout writes its moves after them. */
  const path = new Int32Array(length);
  /** Per level: the best game found by the running search of that level, from the start, and its length. */
  const best = Array.from({ length: level + 1 }, () => new Int32Array(length));
  const bestLength = new Int32Array(level + 1);
  const moves = Array.from({ length: level + 1 }, () => new Int32Array(problem.maxMoves));
  const children = Array.from({ length: level + 1 }, () => problem.start());
  const start = problem.start();
  const root = problem.start();
  const guide = (state: S): number => (problem.guide ? problem.guide(state) : problem.score(state));

  /** Searches from `state` (reached by path[0 … depth − 1]) at level n; returns the best guide value, its game in best[n]. */
  const nested = (n: number, state: S, depth: number): number => {
    let bestValue = -Infinity;
    let d = depth;
    for (;;) {
      const count = problem.moves(state, moves[n]);
      if (count === 0) {
        if (bestValue === -Infinity) {
          bestValue = guide(state);
          best[n].set(path.subarray(0, d));
          bestLength[n] = d;
          budget.offer(problem.score(state), path, d);
        }
        return bestValue;
      }
      for (let i = 0; i < count && !budget.exhausted; i++) {
        const child = children[n];
        problem.copy(child, state);
        problem.play(child, moves[n][i]);
        budget.spend();
        path[d] = moves[n][i];
        let value: number;
        let game: Int32Array;
        let end: number;
        if (n === 1) {
          end = playouts.run(child, null, path, d + 1, budget);
          value = guide(child);
          game = path;
          budget.offer(problem.score(child), path, end);
        } else {
          value = nested(n - 1, child, d + 1);
          game = best[n - 1];
          end = bestLength[n - 1];
        }
        if (value > bestValue) {
          bestValue = value;
          best[n].set(game.subarray(0, end));
          bestLength[n] = end;
        }
      }
      if (budget.exhausted) return bestValue;
      // Memorisation: follow the best game found so far.
      const move = best[n][d];
      problem.play(state, move);
      path[d++] = move;
    }
  };

  const runs = options.runs ?? 1;
  for (let run = 0; run < runs && !budget.exhausted; run++) {
    const nodesBefore = budget.nodes;
    problem.copy(root, start);
    nested(level, root, 0);
    if (budget.nodes === nodesBefore) break; // no move to play from the start: every run is this one
  }
  return budget.result(problem.score(start));
}
