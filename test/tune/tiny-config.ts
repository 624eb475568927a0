import type { TuneConfig } from '../../src/tune/tuning.ts';

/** A tuning run small enough for a test: 8 candidates of 2 games on 6 × 8, 3 iterations, 4 validation games. */
export const tinyTuneConfig = (
  method: 'ce' | 'ga',
  seed: number,
  features: readonly string[] = ['holes', 'landingHeight', 'rowTransitions'],
): TuneConfig => ({
  method,
  features,
  width: 6,
  height: 8,
  population: 8,
  gamesPerEval: 2,
  iterations: 3,
  noise: 'constant',
  eliteFraction: 0.25,
  seed,
  validationGames: 4,
  start: null,
  initialDeviation: 10,
});
