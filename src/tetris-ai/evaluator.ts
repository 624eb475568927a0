import { findFeature, type Feature, type FeatureInput } from './features/index.ts';
import { measureHeights } from './features/measures.ts';

export type Sense = 'maximize' | 'minimize';
export type Weights = Readonly<Record<string, number>>;

/**
 * Features × weights: the value of a placement is Σ wᵢ·fᵢ. `score` always returns a value to maximise,
 * so an agent that minimises a cost (S1, S2) has its weighted sum negated.
 */
export class Evaluator {
  private readonly features: readonly Feature[];
  private readonly weights: Float64Array;
  /** Whether some feature reads the board before full rows are removed. */
  readonly needsBoardBeforeClear: boolean;
  private readonly afterHeights: boolean;
  private readonly beforeHeights: boolean;

  constructor(weights: Weights, sense: Sense) {
    const names = Object.keys(weights);
    this.features = names.map(findFeature);
    const sign = sense === 'maximize' ? 1 : -1;
    this.weights = Float64Array.from(names, (name) => sign * weights[name]);
    this.needsBoardBeforeClear = this.features.some((feature) => feature.board === 'before');
    this.afterHeights = this.features.some((feature) => feature.board === 'after' && feature.usesHeights);
    this.beforeHeights = this.features.some((feature) => feature.board === 'before' && feature.usesHeights);
  }

  score(input: FeatureInput): number {
    const { width } = input;
    if (this.afterHeights) measureHeights(input.after, width);
    if (this.beforeHeights && (input.before !== input.after || !this.afterHeights)) measureHeights(input.before, width);
    const { features, weights } = this;
    let total = 0;
    for (let i = 0; i < features.length; i++) total += weights[i] * features[i].compute(input);
    return total;
  }
}
