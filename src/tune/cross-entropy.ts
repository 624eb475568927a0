import type { Prng } from '../core/prng.ts';
import { rankByScore, type NoiseSchedule, type TuningMethod, type WeightVector } from './method.ts';

/** The cross-entropy method's search distribution: independent normals, and the last elite. */
export interface CrossEntropyState {
  readonly mean: number[];
  readonly variance: number[];
  /** The best candidates of the last iteration, best first. */
  readonly elite: WeightVector[];
}

/** Z_t of the noise schedule at iteration t (see {@link NoiseSchedule}). */
export function noiseAt(schedule: NoiseSchedule, iteration: number): number {
  return schedule === 'constant' ? 4 : Math.max(5 - iteration / 10, 0);
}

/**
 * The noisy cross-entropy method (Szita & Lőrincz 2006; Thiery & Scherrer 2009 built BCTS with it):
 * draw the population from N(μ, diag σ²), keep the elite fraction ρ with the best scores, refit μ and
 * σ² to the elite (maximum likelihood: their mean and population variance) and add the noise Z_t to
 * every variance so that the search does not collapse early on noisy scores.
 */
export const crossEntropyMethod: TuningMethod<CrossEntropyState> = {
  name: 'noisy cross-entropy method',

  initial(settings) {
    return {
      mean: [...settings.start],
      variance: settings.start.map(() => settings.initialDeviation ** 2),
      elite: [],
    };
  },

  candidates(state, settings, rng: Prng) {
    return Array.from({ length: settings.population }, () =>
      state.mean.map((mu, d) => mu + Math.sqrt(state.variance[d]) * rng.nextGaussian()),
    );
  },

  update(_state, candidates, scores, iteration, settings) {
    const elite = rankByScore(scores)
      .slice(0, ceEliteCount(settings.eliteFraction, settings.population))
      .map((i) => candidates[i]);
    const noise = noiseAt(settings.noise, iteration);
    const mean = Array.from({ length: settings.dimensions }, (_, d) => elite.reduce((sum, w) => sum + w[d], 0) / elite.length);
    const variance = mean.map((mu, d) => elite.reduce((sum, w) => sum + (w[d] - mu) ** 2, 0) / elite.length + noise);
    return { mean, variance, elite };
  },

  finalists(state) {
    return [state.mean, ...state.elite];
  },

  finalistCount(settings) {
    return 1 + ceEliteCount(settings.eliteFraction, settings.population);
  },

  eliteCount(settings) {
    return ceEliteCount(settings.eliteFraction, settings.population);
  },

  distributionMean(state) {
    return state.mean;
  },
};

/** How many of a population the elite keeps: the given fraction, rounded, and at least one. */
export function ceEliteCount(eliteFraction: number, population: number): number {
  return Math.max(1, Math.round(eliteFraction * population));
}
