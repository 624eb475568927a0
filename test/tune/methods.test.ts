import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { crossEntropyMethod, noiseAt } from '../../src/tune/cross-entropy.ts';
import { geneticAlgorithm, normalise } from '../../src/tune/genetic.ts';
import { rankByScore, type MethodSettings } from '../../src/tune/method.ts';

const settings = (overrides: Partial<MethodSettings> = {}): MethodSettings => ({
  dimensions: 2,
  population: 10,
  eliteFraction: 0.2,
  noise: 'constant',
  start: [0, 0],
  initialDeviation: 10,
  ...overrides,
});

describe('the noisy cross-entropy method', () => {
  it('follows Szita & Lőrincz: constant noise 4, or max(5 − t/10, 0)', () => {
    expect([0, 10, 100].map((t) => noiseAt('constant', t))).toEqual([4, 4, 4]);
    expect([0, 10, 25, 50, 80].map((t) => noiseAt('linear', t))).toEqual([5, 4, 2.5, 0, 0]);
  });

  it('refits mean and variance to the elite and adds the noise', () => {
    const candidates = [
      [1, 10],
      [3, 20],
      [100, 100],
      [-50, 0],
      [5, 5],
    ];
    const scores = [7, 9, 1, 2, 3];
    // Elite: 2 of 5 (ρ = 0.4): candidates 1 and 0. Mean (2, 15); population variance (1, 25) + noise.
    const state = crossEntropyMethod.update(crossEntropyMethod.initial(settings(), new Prng(1)), candidates, scores, 30, {
      ...settings({ eliteFraction: 0.4, noise: 'linear', population: 5 }),
    });
    expect(state.mean).toEqual([2, 15]);
    expect(state.variance).toEqual([1 + 2, 25 + 2]);
    expect(state.elite).toEqual([
      [3, 20],
      [1, 10],
    ]);
    expect(crossEntropyMethod.finalists(state)).toEqual([[2, 15], ...state.elite]);
  });

  it('draws candidates around the mean with the variance, the same for the same generator state', () => {
    const initial = crossEntropyMethod.initial(settings({ start: [5, -5], initialDeviation: 2, population: 4000 }), new Prng(1));
    expect(initial.variance).toEqual([4, 4]);
    const draw = () => crossEntropyMethod.candidates(initial, settings({ population: 4000 }), new Prng(9));
    const candidates = draw();
    expect(candidates).toEqual(draw());
    const meanOf = (d: number) => candidates.reduce((sum, w) => sum + w[d], 0) / candidates.length;
    const sdOf = (d: number) => Math.sqrt(candidates.reduce((sum, w) => sum + (w[d] - meanOf(d)) ** 2, 0) / candidates.length);
    expect(meanOf(0)).toBeCloseTo(5, 0);
    expect(meanOf(1)).toBeCloseTo(-5, 0);
    expect(sdOf(0)).toBeGreaterThan(1.9);
    expect(sdOf(0)).toBeLessThan(2.1);
  });
});

describe('the genetic algorithm', () => {
  it('starts with unit-length individuals and plays them first', () => {
    const state = geneticAlgorithm.initial(settings(), new Prng(3));
    expect(state.population).toHaveLength(10);
    for (const individual of state.population) expect(Math.hypot(...individual)).toBeCloseTo(1, 12);
    expect(geneticAlgorithm.candidates(state, settings(), new Prng(4))).toBe(state.population);
    expect(geneticAlgorithm.finalists(state)).toEqual([]);
  });

  it('keeps the best individual, breeds the rest at unit length, and names the best tenth as finalists', () => {
    const population = Array.from({ length: 10 }, (_, i) => normalise([i + 1, 10 - i]));
    const scores = [5, 1, 9, 2, 2, 3, 0, 4, 8, 7];
    const evaluated = geneticAlgorithm.update({ population, scores: null }, population, scores, 0, settings());
    const next = geneticAlgorithm.candidates(evaluated, settings(), new Prng(5));
    expect(next).toHaveLength(10);
    expect(next[0]).toEqual(population[2]); // elitism: the best tenth (1 of 10) passes unchanged
    for (const child of next) expect(Math.hypot(...child)).toBeCloseTo(1, 12);
    expect(next).toEqual(geneticAlgorithm.candidates(evaluated, settings(), new Prng(5)));
    expect(next.slice(1)).not.toEqual(population.slice(1));
    expect(geneticAlgorithm.finalists(evaluated)).toEqual([population[2]]);
  });

  it('breeds children between their parents: weighted averages stay inside the cone of the population', () => {
    const population = [normalise([1, 1]), normalise([1, 2]), normalise([2, 1]), normalise([3, 2])];
    const scores = [1, 2, 3, 4];
    const state = geneticAlgorithm.update({ population, scores: null }, population, scores, 0, settings({ population: 4 }));
    const children = Array.from({ length: 50 }, (_, seed) =>
      geneticAlgorithm.candidates(state, settings({ population: 4 }), new Prng(seed)).slice(1),
    ).flat();
    // Without mutation a child lies between its parents' directions; mutation moves 10 % of genes a little.
    const inside = children.filter(([x, y]) => x > 0 && y > 0 && y / x <= 2.0001 && y / x >= 0.4999);
    expect(inside.length / children.length).toBeGreaterThan(0.6);
  });
});

describe('rankByScore', () => {
  it('orders best first and keeps ties in index order', () => {
    expect(rankByScore([3, 5, 3, 9])).toEqual([3, 1, 0, 2]);
  });
});
