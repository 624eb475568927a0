import type { Prng } from '../core/prng.ts';

/** A weight vector, in the order of the tuning's feature list. */
export type WeightVector = number[];

/** What a tuning method needs to know of the run. */
export interface MethodSettings {
  readonly dimensions: number;
  readonly population: number;
  /** Cross-entropy: the fraction of each population kept as the elite. */
  readonly eliteFraction: number;
  readonly noise: NoiseSchedule;
  /** Where the search starts (the cross-entropy mean, the genetic population's centre). */
  readonly start: readonly number[];
  /** Standard deviation of the starting distribution around `start`. */
  readonly initialDeviation: number;
}

/**
 * The extra variance the noisy cross-entropy method adds after each refit (Szita & Lőrincz 2006,
 * "Learning Tetris using the noisy cross-entropy method"): `constant` adds Z = 4; `linear` adds
 * Z_t = max(5 − t/10, 0) at iteration t (from 0), their decreasing schedule.
 */
export type NoiseSchedule = 'constant' | 'linear';

/**
 * A population-based optimiser of weight vectors, as pure functions of a JSON-serialisable state, so
 * that a run can be stored after every iteration and resumed: `initial` builds the state,
 * `candidates` draws one iteration's population, `update` learns from their scores (higher is
 * better), and `finalists` names the vectors worth a final validation.
 */
export interface TuningMethod<State> {
  readonly name: string;
  initial(settings: MethodSettings, rng: Prng): State;
  candidates(state: State, settings: MethodSettings, rng: Prng): WeightVector[];
  update(state: State, candidates: readonly WeightVector[], scores: readonly number[], iteration: number, settings: MethodSettings): State;
  finalists(state: State): WeightVector[];
  /** How many finalists a run with these settings ends with. */
  finalistCount(settings: MethodSettings): number;
  /**
   * How many of an iteration's best candidates make its elite: the cross-entropy method refits its
   * distribution to them, the genetic algorithm copies them unchanged into the next generation.
   */
  eliteCount(settings: MethodSettings): number;
  /** The mean of the search distribution `state` draws candidates from, feature by feature. */
  distributionMean(state: State): WeightVector;
}

/** Indices of `scores` from best to worst; ties keep the lower index first, so the order is deterministic. */
export function rankByScore(scores: readonly number[]): number[] {
  return scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
}
