import type { Prng } from '../core/prng.ts';
import { rankByScore, type TuningMethod, type WeightVector } from './method.ts';

/** A generation: its weight vectors and, once played, their scores. */
export interface GeneticState {
  readonly population: WeightVector[];
  readonly scores: number[] | null;
}

/** Individuals of a generation copied unchanged into the next (elitism): the best tenth, at least 1. */
const eliteShare = 0.1;
/** Contestants per tournament when choosing a parent. */
const tournamentSize = 3;
/** Chance that a gene (one weight) of a child mutates. */
const mutationRate = 0.1;
/** Standard deviation of a mutation, relative to the child's length (vectors are kept at length 1). */
const mutationDeviation = 0.2;

/**
 * A genetic algorithm over weight directions (iarTris's report proposed one for its weights; this is a common
 * real-coded form): tournament selection of two parents, arithmetic crossover weighted by their
 * scores, Gaussian mutation of single genes, and elitism. A placement's rank does not change when
 * every weight is multiplied by the same positive number, so individuals are kept at length 1.
 */
export const geneticAlgorithm: TuningMethod<GeneticState> = {
  name: 'genetic algorithm',

  initial(settings, rng) {
    const population = Array.from({ length: settings.population }, () =>
      normalise(settings.start.map((centre) => centre + settings.initialDeviation * rng.nextGaussian())),
    );
    return { population, scores: null };
  },

  candidates(state, settings, rng: Prng) {
    if (state.scores === null) return state.population;
    const scores = state.scores;
    const ranked = rankByScore(scores);
    const next = ranked.slice(0, eliteCount(settings.population)).map((i) => state.population[i]);
    const pick = (): number => {
      let winner = rng.nextInt(scores.length);
      for (let k = 1; k < tournamentSize; k++) {
        const challenger = rng.nextInt(scores.length);
        if (scores[challenger] > scores[winner]) winner = challenger;
      }
      return winner;
    };
    while (next.length < settings.population) {
      const a = pick();
      let b = pick();
      while (b === a && scores.length > 1) b = pick(); // two parents, not a clone
      next.push(mutate(crossover(state.population[a], scores[a], state.population[b], scores[b]), rng));
    }
    return next;
  },

  update(_state, candidates, scores) {
    return { population: candidates.map((w) => [...w]), scores: [...scores] };
  },

  finalists(state) {
    if (state.scores === null) return [];
    return rankByScore(state.scores)
      .slice(0, eliteCount(state.population.length))
      .map((i) => state.population[i]);
  },

  finalistCount(settings) {
    return eliteCount(settings.population);
  },

  eliteCount(settings) {
    return eliteCount(settings.population);
  },

  /** The population's mean vector (not at length 1). */
  distributionMean(state) {
    return state.population[0].map(
      (_, d) => state.population.reduce((sum, individual) => sum + individual[d], 0) / state.population.length,
    );
  },
};

function eliteCount(population: number): number {
  return Math.max(1, Math.round(eliteShare * population));
}

/** The parents' average weighted by their scores (equal weights when both scored nothing), at length 1. */
function crossover(a: WeightVector, scoreA: number, b: WeightVector, scoreB: number): WeightVector {
  const total = scoreA + scoreB;
  const share = total > 0 ? scoreA / total : 0.5;
  return normalise(a.map((wa, d) => share * wa + (1 - share) * b[d]));
}

function mutate(child: WeightVector, rng: Prng): WeightVector {
  return normalise(child.map((w) => (rng.nextFloat() < mutationRate ? w + mutationDeviation * rng.nextGaussian() : w)));
}

/** The vector scaled to length 1 (the zero vector stays as it is). */
export function normalise(vector: readonly number[]): WeightVector {
  const length = Math.hypot(...vector);
  return length === 0 ? [...vector] : vector.map((w) => w / length);
}
