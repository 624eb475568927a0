/**
 * Gridmind's games as environments in the manner of Gymnasium (`reset`, `step`, legal actions and a
 * mask, `clone`, a text `render`), for agents written anywhere: in TypeScript against this interface,
 * or in any language over `gridmind env --stdio`. Actions are whole numbers below `actionCount`;
 * observations are named typed arrays, which `spec` describes. The same seed and actions give the same
 * episode; a reset without a seed starts a new one.
 */
import { InputError } from '../core/errors.ts';
import { Prng } from '../core/prng.ts';

/** An observation: named arrays (each environment documents its own; `spec` gives their shapes). */
export type Observation = Readonly<Record<string, Uint8Array | Float32Array>>;

/** What one array of an observation holds: its shape (row-major), element type and bounds (null: unbounded). */
export interface ArraySpec {
  readonly shape: readonly number[];
  readonly dtype: 'uint8' | 'float32';
  readonly low: number | null;
  readonly high: number | null;
}

/** What an environment's actions and observations are, for a learner to size its spaces. */
export interface EnvironmentSpec {
  /** Actions are 0 … actionCount − 1. */
  readonly actionCount: number;
  readonly observation: Readonly<Record<string, ArraySpec>>;
}

/** Facts about the state besides the observation (score, lines, pieces…, the episode's `seed`). */
export type Info = Readonly<Record<string, number | string | boolean>>;

export interface ResetResult {
  readonly observation: Observation;
  readonly info: Info;
}

export interface StepResult extends ResetResult {
  /** What this step earned, as the game scores it (an illegal action under the `end` rule: the penalty). */
  readonly reward: number;
  /** The episode has ended: the game is over (no move left, topped out), or an illegal action ended it. */
  readonly terminated: boolean;
  /** The episode was cut short by its step limit. */
  readonly truncated: boolean;
}

/**
 * What a step with an illegal action does: `error` refuses it (an InputError, the state unchanged);
 * `end` ends the episode there, terminated, with the reward `illegalReward` and `illegalAction: true` in
 * the info, the state unchanged (the rule Gymnasium's learners expect: every action of the space can
 * be stepped).
 */
export type IllegalActionRule = 'error' | 'end';

export interface EpisodeOptions {
  /** Steps after which an episode is truncated (null: none). */
  readonly maxSteps?: number | null;
  /** Default `error`. */
  readonly illegalAction?: IllegalActionRule;
  /** The reward of an illegal action under the `end` rule (default −1). */
  readonly illegalReward?: number;
}

export interface Environment {
  /** Actions are 0 … actionCount − 1; `legalActions` says which are allowed now. */
  readonly actionCount: number;
  readonly spec: EnvironmentSpec;
  /** What a step with an illegal action does. */
  readonly illegalAction: IllegalActionRule;
  /**
   * Starts an episode. With a seed, the episode of that seed (the same game `gridmind play` and `bench`
   * deal for it), and the seeds of later resets without one are drawn from a stream the seed starts.
   * Without one, a new episode with the next seed of that stream (at random if no seed was ever given).
   * The info's `seed` says which seed the episode has.
   */
  reset(options?: { readonly seed?: number }): ResetResult;
  /** Plays an action; a step after the episode ended is an InputError, and so is an illegal action under the `error` rule. */
  step(action: number): StepResult;
  /** The actions allowed now, ascending ([] once the episode has ended). */
  legalActions(): number[];
  /** 1 for each action allowed now, 0 for the others. */
  actionMask(): Uint8Array;
  /** An independent copy of the environment in its current state. */
  clone(): Environment;
  /** The state as text, for people. */
  render(): string;
}

/** Arrays that hold the observations of a batch of environments, one after another, by name. */
export type ObservationArrays = Readonly<Record<string, Uint8Array | Float32Array>>;

/** A maker of arrays for `count` observations of the spec, zeroed (the spec read once, for a maker called every step). */
export function observationArrays(spec: EnvironmentSpec): (count: number) => ObservationArrays {
  const arrays = Object.entries(spec.observation).map(([name, array]) => ({
    name,
    size: array.shape.reduce((a, b) => a * b, 1),
    float: array.dtype === 'float32',
  }));
  return (count) => {
    const made: Record<string, Uint8Array | Float32Array> = {};
    for (const { name, size, float } of arrays) made[name] = float ? new Float32Array(count * size) : new Uint8Array(count * size);
    return made;
  };
}

/** A game under an environment: what each concrete environment provides. */
export interface EpisodeGame {
  /** Writes the observation into `arrays` (zeroed there) as the `index`-th of a batch's. */
  writeObservation(arrays: ObservationArrays, index: number): void;
  /** A new object each call. */
  info(): Record<string, number | string | boolean>;
  /** The legal actions, ascending. */
  legalActions(): number[];
  /** Plays a legal action; returns the reward. */
  play(action: number): number;
  readonly over: boolean;
  render(): string;
  /**
   * An independent copy of the game as it stands, which plays on exactly as this one would. Optional:
   * without it, the environment's `clone` replays the episode's actions on a new game of its seed, at a
   * cost that grows with the episode.
   */
  clone?(): EpisodeGame;
}

/** Which stream of a seed's generator draws the seeds of later episodes (core/prng.ts). */
const EPISODE_SEED_STREAM = 7;

/** A seed for the stream of an environment never given one. */
const randomSeed = () => Math.floor(Math.random() * 0x1_0000_0000);

/**
 * The bookkeeping every environment shares: the episode's seed and step count, the stream of episode
 * seeds, the step limit, the illegal-action rule and the checks of each step.
 */
export class GameEnvironment implements Environment {
  readonly spec: EnvironmentSpec;
  readonly illegalAction: IllegalActionRule;
  private readonly newGame: (seed: number) => EpisodeGame;
  private readonly maxSteps: number | null;
  private readonly illegalReward: number;
  private readonly newObservation: (count: number) => ObservationArrays;
  private game: EpisodeGame;
  private seed = 0;
  private seeds: Prng;
  private steps = 0;
  /** The episode's actions, kept only for a game without `clone` (a clone of the environment replays them). */
  private actions: number[] | null = null;
  private truncated = false;
  private endedByIllegalAction = false;

  constructor(spec: EnvironmentSpec, newGame: (seed: number) => EpisodeGame, options?: EpisodeOptions);
  /** @internal A copy of `source` as it stands: what {@link clone} makes. */
  constructor(source: GameEnvironment);
  constructor(from: EnvironmentSpec | GameEnvironment, newGame?: (seed: number) => EpisodeGame, options: EpisodeOptions = {}) {
    if (from instanceof GameEnvironment) {
      this.spec = from.spec;
      this.illegalAction = from.illegalAction;
      this.newGame = from.newGame;
      this.maxSteps = from.maxSteps;
      this.illegalReward = from.illegalReward;
      this.newObservation = from.newObservation;
      this.game = from.game.clone?.() ?? from.replayedGame();
      this.seed = from.seed;
      this.seeds = from.seeds.clone();
      this.steps = from.steps;
      this.actions = from.actions && [...from.actions];
      this.truncated = from.truncated;
      this.endedByIllegalAction = from.endedByIllegalAction;
      return;
    }
    this.spec = from;
    this.newGame = newGame!;
    this.maxSteps = options.maxSteps ?? null;
    this.newObservation = observationArrays(from);
    this.illegalAction = options.illegalAction ?? 'error';
    this.illegalReward = options.illegalReward ?? -1;
    if (!Number.isFinite(this.illegalReward))
      throw new InputError(`the illegal action's reward must be a finite number, not ${this.illegalReward}`);
    this.seeds = new Prng(randomSeed(), EPISODE_SEED_STREAM);
    this.game = this.startGame();
  }

  get actionCount(): number {
    return this.spec.actionCount;
  }

  reset(options: { readonly seed?: number } = {}): ResetResult {
    if (options.seed !== undefined) {
      if (!Number.isSafeInteger(options.seed) || options.seed < 0)
        throw new InputError(`the seed must be a whole number of at least 0, not ${options.seed}`);
      this.seed = options.seed;
      this.seeds = new Prng(options.seed, EPISODE_SEED_STREAM);
    } else {
      this.seed = this.seeds.nextUint32();
    }
    this.game = this.startGame();
    this.steps = 0;
    this.truncated = false;
    this.endedByIllegalAction = false;
    return { observation: this.observation(), info: this.info(false) };
  }

  step(action: number): StepResult {
    const { reward, terminated, truncated, info } = this.advance(action);
    return { observation: this.observation(), reward, terminated, truncated, info };
  }

  /** A step without its observation (a batch writes observations into arrays of its own: `writeObservation`). */
  advance(action: number): Omit<StepResult, 'observation'> {
    if (this.ended) throw new InputError('the episode has ended: reset to start another');
    if (!this.game.legalActions().includes(action)) {
      const legal = `the legal actions are ${this.legalActions().join(', ')}`;
      if (this.illegalAction === 'error') throw new InputError(`action ${action} is not legal now: ${legal}`);
      this.endedByIllegalAction = true;
      return { reward: this.illegalReward, terminated: true, truncated: false, info: this.info(true) };
    }
    const reward = this.game.play(action);
    this.steps++;
    this.actions?.push(action);
    this.truncated = !this.game.over && this.maxSteps !== null && this.steps >= this.maxSteps;
    return { reward, terminated: this.game.over, truncated: this.truncated, info: this.info(false) };
  }

  /** Writes the observation into a batch's arrays, as the `index`-th. */
  writeObservation(arrays: ObservationArrays, index: number): void {
    this.game.writeObservation(arrays, index);
  }

  /** Writes the action mask into `masks` from `offset`, which must be zeroed there. */
  writeActionMask(masks: Uint8Array, offset: number): void {
    if (!this.ended) for (const action of this.game.legalActions()) masks[offset + action] = 1;
  }

  legalActions(): number[] {
    return this.ended ? [] : [...this.game.legalActions()];
  }

  actionMask(): Uint8Array {
    const mask = new Uint8Array(this.actionCount);
    this.writeActionMask(mask, 0);
    return mask;
  }

  /** A copy of the environment as it stands, at a cost that does not grow with the episode when its game has `clone`. */
  clone(): GameEnvironment {
    return new GameEnvironment(this);
  }

  render(): string {
    return this.game.render();
  }

  /** A new game of the episode's seed, which keeps the episode's actions when it cannot clone itself. */
  private startGame(): EpisodeGame {
    const game = this.newGame(this.seed);
    this.actions = game.clone === undefined ? [] : null;
    return game;
  }

  /** A new game of the episode's seed with the episode's actions played: the copy of a game without `clone`. */
  private replayedGame(): EpisodeGame {
    const game = this.newGame(this.seed);
    for (const action of this.actions!) game.play(action);
    return game;
  }

  private observation(): Observation {
    const arrays = this.newObservation(1);
    this.game.writeObservation(arrays, 0);
    return arrays;
  }

  private get ended(): boolean {
    return this.game.over || this.truncated || this.endedByIllegalAction;
  }

  private info(illegalAction: boolean): Info {
    const info: Record<string, number | string | boolean> = this.game.info(); // a fresh object each time
    info.seed = this.seed;
    info.illegalAction = illegalAction;
    return info;
  }
}
