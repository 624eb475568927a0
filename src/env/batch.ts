import { InputError } from '../core/errors.ts';
import type { Environment, EnvironmentSpec, ResetResult, StepResult } from './environment.ts';

/** The most environments one batch steps. */
export const MAX_BATCH = 1024;

/**
 * Environments stepped together, as Gymnasium's vector environments are, with its next-step autoreset:
 * an environment whose episode ended (terminated or truncated) at one step is reset at the next, its
 * action there ignored, and that step answers for it the new episode's observation and info, reward 0,
 * neither terminated nor truncated. A reset without seeds gives each environment the next seed of its
 * own stream (see `Environment.reset`).
 */
export class BatchEnvironment {
  readonly envs: readonly Environment[];
  private readonly ended: boolean[];

  constructor(make: () => Environment, count: number) {
    if (!(Number.isInteger(count) && count >= 1 && count <= MAX_BATCH))
      throw new InputError(`a batch holds 1 to ${MAX_BATCH} environments, not ${count}`);
    this.envs = Array.from({ length: count }, make);
    this.ended = this.envs.map(() => false);
  }

  get spec(): EnvironmentSpec {
    return this.envs[0].spec;
  }

  /**
   * Resets every environment: a seed S seeds environment i with S + i (as Gymnasium's vector environments
   * do), a list gives each its own, none draws each one's next seed.
   */
  reset(seed?: number | readonly number[]): ResetResult[] {
    if (Array.isArray(seed) && seed.length !== this.envs.length)
      throw new InputError(`give one seed per environment: ${this.envs.length} seeds, not ${seed.length}`);
    const seedOf = (i: number): number | undefined => (seed === undefined ? undefined : typeof seed === 'number' ? seed + i : seed[i]);
    this.ended.fill(false);
    return this.envs.map((env, i) => env.reset({ seed: seedOf(i) }));
  }

  /** Steps each environment with its action (one per environment), resetting those whose episode ended at the last step. */
  step(actions: readonly number[]): StepResult[] {
    if (actions.length !== this.envs.length)
      throw new InputError(`give one action per environment: ${this.envs.length} actions, not ${actions.length}`);
    // Under the `error` rule an illegal action refuses the whole step, before any environment moves.
    this.envs.forEach((env, i) => {
      if (!this.ended[i] && env.illegalAction === 'error' && !env.legalActions().includes(actions[i]))
        throw new InputError(
          `environment ${i}: action ${actions[i]} is not legal now: the legal actions are ${env.legalActions().join(', ')}`,
        );
    });
    return this.envs.map((env, i) => {
      if (this.ended[i]) {
        this.ended[i] = false;
        return { ...env.reset(), reward: 0, terminated: false, truncated: false };
      }
      const result = env.step(actions[i]);
      this.ended[i] = result.terminated || result.truncated;
      return result;
    });
  }

  /** Each environment's action mask, one after another. */
  actionMasks(): Uint8Array {
    const { actionCount } = this.spec;
    const masks = new Uint8Array(this.envs.length * actionCount);
    this.envs.forEach((env, i) => masks.set(env.actionMask(), i * actionCount));
    return masks;
  }
}
