import type { Problem } from './problem.ts';

/**
 * The nodes of a search tree as (parent, move) records in typed arrays, 8 bytes a node, for searches
 * that keep many nodes open (breadth-first, best-first). A node's state is rebuilt when needed: from
 * the last node rebuilt when that is its parent (a search diving), from the last parent rebuilt when
 * they share it (siblings), else by replaying its moves from the start.
 */
export class NodeStore<S> {
  count = 1;
  private parents = new Int32Array(1024);
  private moves = new Int32Array(1024);
  private readonly start: S;
  private readonly last: S;
  private readonly parentState: S;
  private lastNode = 0;
  private parentNode = 0;
  private readonly path: Int32Array;

  /** A store holding the root, node 0, the problem's start state. */
  constructor(private readonly problem: Problem<S>) {
    this.start = problem.start();
    this.last = problem.start();
    this.parentState = problem.start();
    this.path = new Int32Array(problem.maxDepth);
    this.parents[0] = -1;
  }

  /** Adds the child of `parent` reached by `move`; returns its id. */
  add(parent: number, move: number): number {
    if (this.count === this.parents.length) {
      this.parents = grow(this.parents);
      this.moves = grow(this.moves);
    }
    const id = this.count++;
    this.parents[id] = parent;
    this.moves[id] = move;
    return id;
  }

  /** The moves from the start to node `id`. */
  movesTo(id: number): number[] {
    const moves: number[] = [];
    for (let n = id; n > 0; n = this.parents[n]) moves.push(this.moves[n]);
    return moves.reverse();
  }

  /** Writes node `id`'s state to `target`; returns the number of moves replayed to rebuild it. */
  stateOf(id: number, target: S): number {
    const { problem } = this;
    let played = 1;
    if (id === 0) {
      problem.copy(target, this.start);
      played = 0;
    } else if (this.parents[id] === this.lastNode && this.lastNode !== this.parentNode) {
      problem.copy(this.parentState, this.last);
      this.parentNode = this.lastNode;
      problem.copy(target, this.parentState);
      problem.play(target, this.moves[id]);
    } else {
      if (this.parents[id] !== this.parentNode) played += this.replay(this.parents[id]);
      problem.copy(target, this.parentState);
      problem.play(target, this.moves[id]);
    }
    problem.copy(this.last, target);
    this.lastNode = id;
    return played;
  }

  /** Rebuilds node `id`'s state into the parent cache from the start; returns the moves played. */
  private replay(id: number): number {
    let length = 0;
    for (let n = id; n > 0; n = this.parents[n]) this.path[length++] = this.moves[n];
    this.problem.copy(this.parentState, this.start);
    for (let i = length - 1; i >= 0; i--) this.problem.play(this.parentState, this.path[i]);
    this.parentNode = id;
    return length;
  }
}

function grow(array: Int32Array): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}
