import { Budget } from './budget.ts';
import { PriorityQueue } from './heap.ts';
import { NodeStore } from './node-store.ts';
import type { ChildRating, Problem, SearchResult, TreeSearchOptions } from './problem.ts';
import { Transpositions } from './transpositions.ts';

export interface BestFirstOptions<S> extends TreeSearchOptions<S> {
  /** A child's priority in the open list: its rating when its parent was expanded. */
  readonly rating: ChildRating<S>;
}

/**
 * Best-first search: the open state with the highest rating is expanded next (ties: the older); every
 * game that ends is a candidate solution. Without `first`, it goes on until the open list is empty or
 * the budget ends. Nodes are (parent, move) records whose states are rebuilt on demand, so the open
 * list costs 20 bytes a state; with a hashing problem, a state reached again with no more points than
 * before is not opened again.
 */
export function bestFirst<S>(problem: Problem<S>, options: BestFirstOptions<S>): SearchResult {
  const budget = new Budget(options);
  const store = new NodeStore(problem);
  const open = new PriorityQueue();
  const transpositions = new Transpositions(problem);
  const moves = new Int32Array(problem.maxMoves);
  const ratings = new Float64Array(problem.maxMoves);
  const state = problem.start();
  const child = problem.start();
  transpositions.improves(state, 0);
  open.push(0, 0);
  while (open.size > 0 && !budget.exhausted) {
    const id = open.pop();
    if (budget.spend(store.stateOf(id, state))) break;
    const count = problem.moves(state, moves);
    if (count === 0) {
      if ((options.goal?.(state) ?? true) && budget.offer(problem.score(state), store.movesTo(id)) && options.first) break;
      continue;
    }
    options.rating(state, moves, count, ratings);
    for (let i = 0; i < count && !budget.spend(); i++) {
      problem.copy(child, state);
      problem.play(child, moves[i]);
      if (transpositions.improves(child, Infinity)) open.push(store.add(id, moves[i]), ratings[i]);
    }
  }
  return budget.result(problem.score(problem.start()));
}
