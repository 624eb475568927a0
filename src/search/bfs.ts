import { Budget } from './budget.ts';
import { NodeStore } from './node-store.ts';
import type { Problem, SearchResult, TreeSearchOptions } from './problem.ts';
import { Transpositions } from './transpositions.ts';

/**
 * Breadth-first search: every state at depth d before any at depth d + 1, so the first solution found
 * has the fewest moves; without `first`, it goes on through the whole tree and keeps the
 * best. Nodes are (parent, move) records (8 bytes each) whose states are rebuilt on demand; with a
 * hashing problem, a state reached again with no more points than before is not searched again.
 */
export function bfs<S>(problem: Problem<S>, options: TreeSearchOptions<S> = {}): SearchResult {
  const budget = new Budget(options);
  const store = new NodeStore(problem);
  const transpositions = new Transpositions(problem);
  const moves = new Int32Array(problem.maxMoves);
  const state = problem.start();
  const child = problem.start();
  transpositions.improves(state, 0);
  for (let id = 0; id < store.count && !budget.spend(store.stateOf(id, state)); id++) {
    const count = problem.moves(state, moves);
    if (count === 0) {
      if ((options.goal?.(state) ?? true) && budget.offer(problem.score(state), store.movesTo(id)) && options.first) break;
      continue;
    }
    for (let i = 0; i < count && !budget.spend(); i++) {
      problem.copy(child, state);
      problem.play(child, moves[i]);
      if (transpositions.improves(child, Infinity)) store.add(id, moves[i]);
    }
  }
  return budget.result(problem.score(problem.start()));
}
