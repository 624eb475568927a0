import type { Prng } from '../core/prng.ts';
import type { Budget } from './budget.ts';
import type { Problem } from './problem.ts';

/**
 * A game as NRPA adapts a policy to it: per step, the code and base weight of every legal move and
 * which one was played, so that an adaptation needs no move generation. Arrays grow as needed and are
 * reused.
 */
export class GameRecord {
  steps = 0;
  /** Step t's moves are entries offsets[t] … offsets[t + 1] − 1; the played one is entry played[t]. */
  offsets = new Int32Array(64);
  played = new Int32Array(64);
  codes = new Int32Array(1024);
  bases = new Float64Array(1024);

  clear(): void {
    this.steps = 0;
    this.offsets[0] = 0;
  }

  /**
   * Makes room for the next step's `count` moves; returns the entry where they go: their codes and base
   * weights are written there, then the step is {@link add}ed.
   */
  reserve(count: number): number {
    const t = this.steps;
    const used = this.offsets[t];
    if (t + 2 > this.offsets.length) {
      this.offsets = growInt(this.offsets, t + 2);
      this.played = growInt(this.played, t + 2);
    }
    if (used + count > this.codes.length) {
      this.codes = growInt(this.codes, used + count);
      const grown = new Float64Array(this.codes.length);
      grown.set(this.bases);
      this.bases = grown;
    }
    return used;
  }

  /**
   * Appends the step of `count` moves written from the entry {@link reserve} gave, the `chosen`-th played;
   * `reserve(count)` must have come first for this step (the arrays may be too short otherwise).
   */
  add(count: number, chosen: number): void {
    const t = this.steps;
    const used = this.offsets[t];
    this.played[t] = used + chosen;
    this.offsets[t + 1] = used + count;
    this.steps = t + 1;
  }
}

function growInt(array: Int32Array, needed: number): Int32Array<ArrayBuffer> {
  let length = array.length * 2;
  while (length < needed) length *= 2;
  const larger = new Int32Array(length);
  larger.set(array);
  return larger;
}

/**
 * Random playouts for the Monte-Carlo methods: from a state, draw moves until the game ends. A move is
 * drawn with probability ∝ exp(prior + policy weight of its code) (Rosin 2011; priors as the bias of
 * Cazenave's generalised NRPA, 2020); without a policy, from the priors alone. The policy comes as
 * exp(weight) per code (NRPA keeps it so), and a move's base weight exp(prior) is computed once per
 * distinct prior, so a step needs hardly any exp. Scratch arrays are sized once, so a
 * playout allocates nothing (but for a growing {@link GameRecord}).
 */
export class Playouts<S> {
  readonly moves: Int32Array;
  /**
   * After {@link weigh}: each move's code (with a policy), base weight exp(prior) (in the record instead,
   * when one is kept), weight, and their sum.
   */
  readonly codes: Int32Array;
  readonly bases: Float64Array;
  readonly weights: Float64Array;
  total = 0;
  private readonly priors: Float64Array;
  /** The last prior other than 0 that {@link weigh} met, and its exp. */
  private lastPrior = 0;
  private lastBase = 1;

  constructor(
    readonly problem: Problem<S>,
    readonly prng: Prng,
  ) {
    this.moves = new Int32Array(problem.maxMoves);
    this.codes = new Int32Array(problem.maxMoves);
    this.priors = new Float64Array(problem.maxMoves);
    this.bases = new Float64Array(problem.maxMoves);
    this.weights = new Float64Array(problem.maxMoves);
  }

  /**
   * Lists the moves of `state` with their codes, base weights and weights under `policy` (exp(weight)
   * per code, or null for none); returns their number. Moves with prior −Infinity weigh 0, unless every
   * move has it: then their base weights are all 1. With a `record`, also writes their codes and base
   * weights to it as its next step, to be {@link GameRecord.add}ed once a move is drawn.
   */
  weigh(state: S, policy: Float64Array | null, record?: GameRecord): number {
    const { problem, moves, codes, priors, weights } = this;
    const inOnePass = problem.listMoves !== undefined;
    const count = inOnePass ? problem.listMoves!(state, moves, priors, codes) : problem.moves(state, moves);
    if (count === 0) return 0;
    const withPriors = inOnePass || problem.priors !== undefined;
    if (!inOnePass) {
      problem.priors?.(state, moves, count, priors);
      if (policy !== null) for (let i = 0; i < count; i++) codes[i] = problem.code!(state, moves[i]);
    }
    const from = record === undefined ? 0 : record.reserve(count);
    const codesOut = record === undefined ? codes : record.codes;
    const bases = record === undefined ? this.bases : record.bases;
    // Priors take few values, most of them 0: exp is slow, so a prior of 0 weighs 1 without it, and the
    // last other prior's exp is remembered, from step to step.
    let { lastPrior, lastBase } = this;
    let open = 0;
    let total = 0;
    for (let i = 0; i < count; i++) {
      let base = 1;
      const prior = withPriors ? priors[i] : 0;
      if (prior === -Infinity) {
        base = 0;
      } else {
        open++;
        if (prior !== 0) {
          if (prior !== lastPrior) {
            lastPrior = prior;
            lastBase = Math.exp(prior);
          }
          base = lastBase;
        }
      }
      const code = codes[i];
      codesOut[from + i] = code;
      bases[from + i] = base;
      const weight = policy === null ? base : base * policy[code];
      weights[i] = weight;
      total += weight;
    }
    this.lastPrior = lastPrior;
    this.lastBase = lastBase;
    if (open === 0) {
      bases.fill(1, from, from + count);
      total = weigh(bases.subarray(from), policy, codes, count, weights);
    }
    this.total = total;
    return count;
  }

  /** Draws one of the `count` moves weighed last; returns its index. */
  draw(count: number): number {
    let r = this.prng.nextFloat() * this.total;
    const weights = this.weights;
    for (let i = 0; i < count; i++) {
      r -= weights[i];
      if (r < 0 && weights[i] > 0) return i;
    }
    for (let i = count - 1; i > 0; i--) if (weights[i] > 0) return i; // rounding left r ≥ 0
    return 0;
  }

  /**
   * Plays `state` to the end, writing the moves to `sequence` from index `length`, each move charged to
   * `budget` (a playout always finishes, so every playout is a complete game). With a `record`, also
   * records each step for NRPA. Returns the new length.
   */
  run(state: S, policy: Float64Array | null, sequence: Int32Array, length: number, budget: Budget, record?: GameRecord): number {
    let n = length;
    record?.clear();
    for (let count = this.weigh(state, policy, record); count > 0; count = this.weigh(state, policy, record)) {
      const chosen = this.draw(count);
      record?.add(count, chosen);
      const move = this.moves[chosen];
      this.problem.play(state, move);
      sequence[n++] = move;
      budget.spend();
    }
    return n;
  }
}

/**
 * Writes each of `count` moves' weight, base weight × policy[code] (or the base weight alone without a
 * policy), to `weights` from index `from`; returns their sum.
 */
export function weigh(
  bases: Float64Array,
  policy: Float64Array | null,
  codes: Int32Array,
  count: number,
  weights: Float64Array,
  from = 0,
): number {
  let total = 0;
  for (let i = from; i < from + count; i++) {
    const weight = policy === null ? bases[i] : bases[i] * policy[codes[i]];
    weights[i] = weight;
    total += weight;
  }
  return total;
}
