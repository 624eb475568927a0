import type { Problem } from '../../src/search/problem.ts';

/** A position of the toy problem: the digits chosen so far. */
export interface ToyState {
  digits: number[];
}

/**
 * A small puzzle for the search library's conformance suite: choose `length` digits (default 5) from
 * 0–2, one after the other; digit d at place i earns (d + 1) × (i + 1), but after a 2 only 0 or 1 may
 * follow, and a run of three 1s earns 10 more. With 5 digits its best game, 1 1 1 1 1 (60 points: 30
 * for the digits, 30 for three runs), is not the greedy one, which takes a 2 first. With 0 the game
 * is over at the start.
 */
export class ToyProblem implements Problem<ToyState> {
  readonly maxMoves = 3;
  readonly codeCount: number;

  constructor(readonly maxDepth = 5) {
    this.codeCount = 3 * maxDepth;
  }

  start(): ToyState {
    return { digits: [] };
  }

  clone(state: ToyState): ToyState {
    return { digits: [...state.digits] };
  }

  copy(target: ToyState, source: ToyState): void {
    target.digits = [...source.digits];
  }

  moves(state: ToyState, out: Int32Array): number {
    if (state.digits.length === this.maxDepth) return 0;
    const last = state.digits.at(-1);
    const count = last === 2 ? 2 : 3;
    for (let d = 0; d < count; d++) out[d] = d;
    return count;
  }

  play(state: ToyState, move: number): void {
    const last = state.digits.at(-1);
    if (move < 0 || move > 2 || (last === 2 && move === 2) || state.digits.length === this.maxDepth)
      throw new RangeError(`${move} is not a move`);
    state.digits.push(move);
  }

  score(state: ToyState): number {
    let total = 0;
    state.digits.forEach((digit, i) => (total += (digit + 1) * (i + 1)));
    for (let i = 2; i < state.digits.length; i++)
      if (state.digits[i - 2] === 1 && state.digits[i - 1] === 1 && state.digits[i] === 1) total += 10;
    return total;
  }

  hash(state: ToyState): number {
    return state.digits.reduce((hash, digit) => hash * 4 + digit + 1, 0);
  }

  code(state: ToyState, move: number): number {
    return state.digits.length * 3 + move;
  }
}
