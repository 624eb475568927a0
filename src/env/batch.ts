import { InputError } from '../core/errors.ts';
import { observationArrays, type EnvironmentSpec, type GameEnvironment, type Info, type ObservationArrays } from './environment.ts';

/** The most environments one batch steps. */
export const MAX_BATCH = 1024;

/**
 * What a batch answers: every environment's values, one after another. The arrays are the batch's own,
 * overwritten by its next reset or step: copy what you keep.
 */
export interface BatchResult {
  /** Each observation array of every environment, environment-major. */
  readonly observation: ObservationArrays;
  readonly info: readonly Info[];
  /** The action masks, environment-major (1: legal). */
  readonly masks: Uint8Array;
  readonly reward: readonly number[];
  readonly terminated: readonly boolean[];
  readonly truncated: readonly boolean[];
}

/**
 * Environments stepped together, as Gymnasium's vector environments are, with its next-step autoreset:
 * an environment whose episode ended (terminated or truncated) at one step is reset at the next, its
 * action there ignored, and that step answers for it the new episode's observation and info, reward 0,
 * neither terminated nor truncated. A reset without seeds gives each environment the next seed of its
 * own stream (see `Environment.reset`). Observations and masks are written into arrays the batch keeps.
 */
export class BatchEnvironment {
  readonly envs: readonly GameEnvironment[];
  private readonly ended: boolean[];
  private readonly observation: ObservationArrays;
  private readonly masks: Uint8Array;

  constructor(make: () => GameEnvironment, count: number) {
    if (!(Number.isInteger(count) && count >= 1 && count <= MAX_BATCH))
      throw new InputError(`a batch holds 1 to ${MAX_BATCH} environments, not ${count}`);
    this.envs = Array.from({ length: count }, make);
    this.ended = this.envs.map(() => false);
    this.observation = observationArrays(this.spec)(count);
    this.masks = new Uint8Array(count * this.spec.actionCount);
  }

  get spec(): EnvironmentSpec {
    return this.envs[0].spec;
  }

  /**
   * Resets every environment: a seed S seeds environment i with S + i (as Gymnasium's vector environments
   * do), a list gives each its own, none draws each one's next seed.
   */
  reset(seed?: number | readonly number[]): BatchResult {
    if (Array.isArray(seed) && seed.length !== this.envs.length)
      throw new InputError(`give one seed per environment: ${this.envs.length} seeds, not ${seed.length}`);
    const seedOf = (i: number): number | undefined => (seed === undefined ? undefined : typeof seed === 'number' ? seed + i : seed[i]);
    this.ended.fill(false);
    const info = this.envs.map((env, i) => env.reset({ seed: seedOf(i) }).info);
    const none = this.envs.map(() => false);
    return this.answer(
      info,
      this.envs.map(() => 0),
      none,
      none,
    );
  }

  /** Steps each environment with its action (one per environment), resetting those whose episode ended at the last step. */
  step(actions: readonly number[]): BatchResult {
    if (actions.length !== this.envs.length)
      throw new InputError(`give one action per environment: ${this.envs.length} actions, not ${actions.length}`);
    if (this.envs[0].illegalAction === 'error') this.checkLegal(actions);
    const info: Info[] = [];
    const reward: number[] = [];
    const terminated: boolean[] = [];
    const truncated: boolean[] = [];
    this.envs.forEach((env, i) => {
      const result = this.ended[i] ? { info: env.reset().info, reward: 0, terminated: false, truncated: false } : env.advance(actions[i]);
      info.push(result.info);
      reward.push(result.reward);
      terminated.push(result.terminated);
      truncated.push(result.truncated);
      this.ended[i] = result.terminated || result.truncated;
    });
    return this.answer(info, reward, terminated, truncated);
  }

  /** Environment `index`'s state as text. */
  render(index: number): string {
    if (!(Number.isInteger(index) && index >= 0 && index < this.envs.length))
      throw new InputError(`there are ${this.envs.length} environments: render one of 0 to ${this.envs.length - 1}`);
    return this.envs[index].render();
  }

  /**
   * Under the `error` rule an illegal action refuses the whole step, before any environment moves. The
   * masks of the last answer say what is legal (an environment that ended there takes any action).
   */
  private checkLegal(actions: readonly number[]): void {
    const { actionCount } = this.spec;
    for (let i = 0; i < actions.length; i++) {
      const action = actions[i];
      if (this.ended[i] || (action >= 0 && action < actionCount && this.masks[i * actionCount + action] === 1)) continue;
      const legal = this.envs[i].legalActions().join(', ');
      throw new InputError(`environment ${i}: action ${action} is not legal now: the legal actions are ${legal}`);
    }
  }

  private answer(info: Info[], reward: number[], terminated: boolean[], truncated: boolean[]): BatchResult {
    const { actionCount } = this.spec;
    this.masks.fill(0);
    this.envs.forEach((env, i) => {
      env.writeObservation(this.observation, i);
      env.writeActionMask(this.masks, i * actionCount);
    });
    return { observation: this.observation, info, masks: this.masks, reward, terminated, truncated };
  }
}
