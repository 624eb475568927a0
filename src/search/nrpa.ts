import { Prng } from '../core/prng.ts';
import { Budget } from './budget.ts';
import { GameRecord, Playouts, weigh } from './playout.ts';
import type { Problem, SearchLimits, SearchResult } from './problem.ts';
import { SEARCH_DEFAULTS } from './settings.ts';

export interface NrpaOptions extends SearchLimits {
  /** Nesting level, 1 or more. */
  readonly level: number;
  /** Iterations per level (Rosin: 100). */
  readonly iterations?: number;
  /**
   * Playouts a level-1 step runs under one policy, the best of them taken as that step's game
   * (Stabilized NRPA, Cazenave, Sevestre & Toulemont 2021: their P). Default 1, Rosin's NRPA.
   */
  readonly stabilization?: number;
  /** Learning rate α (Rosin: 1). */
  readonly alpha?: number;
  /** Independent runs from a fresh policy, the best kept (Infinity: until the budget ends). Default 1. */
  readonly runs?: number;
  readonly seed?: number;
}

/** Policy weights stay within ±this, where exp(weight) is finite and far from 0 for any number of moves. */
const WEIGHT_LIMIT = 300;

/** A policy: per move code its weight, and exp(weight), which is what playouts multiply. */
class Policy {
  readonly logits: Float64Array;
  readonly weights: Float64Array;

  constructor(codes: number) {
    this.logits = new Float64Array(codes);
    this.weights = new Float64Array(codes).fill(1);
  }

  copyFrom(other: Policy): void {
    this.logits.set(other.logits);
    this.weights.set(other.weights);
  }

  reset(): void {
    this.logits.fill(0);
    this.weights.fill(1);
  }
}

/**
 * Nested Rollout Policy Adaptation (Rosin, IJCAI 2011). A policy holds one weight per move code; a
 * playout draws each move with probability ∝ exp(prior + weight of its code) (the prior as the bias of
 * Cazenave's generalised NRPA, 2020). Level n runs `iterations` searches of level n − 1, each starting
 * from a copy of its policy, keeps the best game (ties go to the newer), and after each one adapts its
 * policy towards that game: along the game, the weight of the move played rises by α and every legal
 * move's weight falls by α times its probability under the policy before the adaptation. Level 0 is one
 * playout, or with stabilization P the best of P playouts under the same policy. Weights are clamped to
 * ±300. Games are compared by the problem's guide (default: the score); every playout is offered as a
 * solution, so the best game by score is reported. The problem must give move codes.
 */
export function nrpa<S>(problem: Problem<S>, options: NrpaOptions): SearchResult {
  const { level } = options;
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`NRPA level must be a whole number ≥ 1, got ${level}`);
  if (problem.code === undefined || problem.codeCount === undefined) throw new TypeError('NRPA needs a problem with move codes');
  const iterations = options.iterations ?? SEARCH_DEFAULTS.iterations.nrpa;
  const stabilization = options.stabilization ?? SEARCH_DEFAULTS.stabilization.nrpa;
  if (!Number.isInteger(stabilization) || stabilization < 1)
    throw new RangeError(`NRPA stabilization must be a whole number ≥ 1, got ${stabilization}`);
  const alpha = options.alpha ?? 1;
  const codeCount = problem.codeCount;
  const budget = new Budget(options);
  const playouts = new Playouts(problem, new Prng(options.seed ?? 1));
  const length = problem.maxDepth;
  // policies[n] for levels 1 … level; a playout (level 0) only reads its caller's policy.
  const policies = Array.from({ length: level + 1 }, (_, n) => new Policy(n === 0 ? 0 : codeCount));
  const touched = new Int32Array(codeCount);
  const isTouched = new Uint8Array(codeCount);
  let weights = new Float64Array(1024);
  // Slots 0 … level: each level's best game (slot n − 1 holds a spent one between two searches of level
  // n − 1); slot level + 1: the playout a stabilized step runs next.
  const next = level + 1;
  const best = Array.from({ length: level + 2 }, () => new Int32Array(length));
  const bestLength = new Int32Array(level + 2);
  const records = Array.from({ length: level + 2 }, () => new GameRecord());
  const start = problem.start();
  const state = problem.start();
  const guide = (s: S): number => (problem.guide ? problem.guide(s) : problem.score(s));

  /**
   * Adapts `policy` towards the game of `record`, with probabilities from the policy as it was before:
   * the logits change along the game, and the weights, which the probabilities come from, only after it.
   */
  const adapt = (policy: Policy, record: GameRecord): void => {
    const { logits, weights: policyWeights } = policy;
    const { offsets, codes, bases, played } = record;
    if (weights.length < codes.length) weights = new Float64Array(codes.length);
    let changed = 0;
    for (let t = 0; t < record.steps; t++) {
      const from = offsets[t];
      const to = offsets[t + 1];
      const scale = alpha / weigh(bases, policyWeights, codes, to - from, weights, from);
      for (let i = from; i < to; i++) {
        const code = codes[i];
        logits[code] -= scale * weights[i];
        if (isTouched[code] === 0) {
          isTouched[code] = 1;
          touched[changed++] = code;
        }
      }
      logits[codes[played[t]]] += alpha;
    }
    for (let k = 0; k < changed; k++) {
      const code = touched[k];
      isTouched[code] = 0;
      logits[code] = Math.max(-WEIGHT_LIMIT, Math.min(WEIGHT_LIMIT, logits[code]));
      policyWeights[code] = Math.exp(logits[code]);
    }
  };

  /** One playout under the level-1 policy, its game in slot `slot`; returns its guide value. */
  const playout = (slot: number): number => {
    problem.copy(state, start);
    bestLength[slot] = playouts.run(state, policies[1].weights, best[slot], 0, budget, records[slot]);
    budget.offer(problem.score(state), best[slot], bestLength[slot]);
    return guide(state);
  };

  /** Swaps the games of two slots. */
  const swap = (a: number, b: number): void => {
    [best[a], best[b]] = [best[b], best[a]];
    [records[a], records[b]] = [records[b], records[a]];
    [bestLength[a], bestLength[b]] = [bestLength[b], bestLength[a]];
  };

  /** Level n with its policy in policies[n]; returns the best guide value, its game in best[n] and records[n]. */
  const search = (n: number): number => {
    if (n === 0) {
      let bestValue = playout(0);
      for (let p = 1; p < stabilization && !budget.exhausted; p++) {
        const value = playout(next);
        if (value > bestValue) {
          bestValue = value;
          swap(0, next);
        }
      }
      return bestValue;
    }
    let bestValue = -Infinity;
    for (let i = 0; i < iterations; i++) {
      if (n > 1) policies[n - 1].copyFrom(policies[n]);
      const value = search(n - 1);
      if (value >= bestValue) {
        bestValue = value;
        // Slot n − 1 is rewritten before it is read again (the next search(n − 1)'s first iteration always
        // wins), so the game moves up, uncopied.
        swap(n, n - 1);
      }
      if (budget.exhausted) break;
      adapt(policies[n], records[n]);
    }
    return bestValue;
  };

  if (problem.moves(start, new Int32Array(problem.maxMoves)) === 0) {
    // The game is over at the start: its one game is the empty one (nesting would replay it iterations^level times).
    budget.offer(problem.score(start), []);
    return budget.result(problem.score(start));
  }
  const runs = options.runs ?? 1;
  for (let run = 0; run < runs && !budget.exhausted; run++) {
    policies[level].reset();
    search(level);
  }
  return budget.result(problem.score(start));
}
