import type { AgentSpec } from './agent-spec.ts';
import { Evaluator, type FeatureTerm } from './evaluator.ts';
import type { FeatureInput } from './features/index.ts';

/**
 * An agent's value of one placement: its weights' evaluation, or its despair weights' when the
 * placement leaves the highest column above the agent's threshold. Every player of an agent (its own
 * policies, the Aveiro client, the generic searches) values placements through this one class.
 */
export class PlacementValue {
  private readonly evaluator: Evaluator;
  private readonly despair: Evaluator | null;
  private readonly despairAbove: number;
  /** The weights by scan slot that bound `of` from above (`Evaluator.boundWeights`), or null when none do (a despair switch among them). */
  readonly boundWeights: Float64Array | null;
  /** Whether some feature reads the board before full rows are removed. */
  readonly needsBoardBeforeClear: boolean;

  constructor(spec: AgentSpec) {
    this.evaluator = new Evaluator(spec.weights, spec.sense);
    this.despair = spec.despair === null ? null : new Evaluator(spec.despair.weights, spec.sense);
    this.despairAbove = spec.despair?.maxHeightAbove ?? Infinity;
    this.boundWeights = this.despair === null ? this.evaluator.boundWeights : null;
    this.needsBoardBeforeClear = this.evaluator.needsBoardBeforeClear || (this.despair?.needsBoardBeforeClear ?? false);
  }

  of(input: FeatureInput): number {
    return this.evaluatorFor(input).score(input);
  }

  /** The value `of` gives, with each feature's term and whether the despair weights gave it. */
  explain(input: FeatureInput): { value: number; despair: boolean; features: FeatureTerm[] } {
    const evaluator = this.evaluatorFor(input);
    return { value: evaluator.score(input), despair: evaluator === this.despair, features: evaluator.terms(input) };
  }

  private evaluatorFor(input: FeatureInput): Evaluator {
    return this.despair !== null && input.after.top > this.despairAbove ? this.despair : this.evaluator;
  }
}
