/**
 * A tuning run's learning curve, read back from what the tuner stores: every candidate of every
 * iteration and its lines. The method's state after each iteration is replayed from them (its
 * `update` is a pure function of the candidates and their scores), so a run shows its whole curve,
 * however old, and the numbers are the tuner's own.
 */
import { maximum, mean } from '../core/stats.ts';
import type { StoredTuneIteration } from '../store/tune-runs.ts';
import { rankByScore, type WeightVector } from './method.ts';
import { initialTuneState } from './tuner.ts';
import { methodSettings, TUNING_METHODS, type TunePlan, type TuningRun } from './tuning.ts';

/** One search iteration of a run. Scores are candidates' mean lines over the iteration's games. */
export interface IterationPoint {
  /** From 0. */
  readonly iteration: number;
  readonly best: number;
  /** The mean score of the iteration's elite: its best candidates, as many as the method's elite count. */
  readonly eliteMean: number;
  readonly mean: number;
  /**
   * The mean of the method's search distribution after the iteration, in the order of the run's
   * features: the cross-entropy mean refitted to the iteration's elite; the genetic algorithm's
   * generation just played, averaged.
   */
  readonly weights: WeightVector;
}

/** The run's finished search iterations, from its stored iterations (`loadTuneIterations`). */
export function learningCurve(run: TuningRun, stored: readonly StoredTuneIteration<TunePlan>[]): IterationPoint[] {
  const { config } = run;
  const method = TUNING_METHODS[config.method];
  const settings = methodSettings(config);
  let state = initialTuneState(config).method;
  return stored.slice(0, run.state.iteration).map(({ iteration, plan, results }) => {
    const scores = plan.candidates.map((_, candidate) => mean(results.get(candidate)!));
    state = method.update(state, plan.candidates, scores, iteration, settings);
    const elite = rankByScore(scores).slice(0, method.eliteCount(settings));
    return {
      iteration,
      best: maximum(scores),
      eliteMean: mean(elite.map((candidate) => scores[candidate])),
      mean: mean(scores),
      weights: method.distributionMean(state),
    };
  });
}
