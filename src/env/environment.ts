/**
 * Gridmind's games as environments in the manner of Gymnasium (`reset`, `step`, legal actions and a
 * mask, `clone`, a text `render`), for agents written anywhere: in TypeScript against this interface,
 * or in any language over `gridmind env --stdio`. Actions are whole numbers below `actionCount`;
 * observations are named typed arrays. The same seed and actions give the same episode.
 */
import { InputError } from '../core/errors.ts';

/** An observation: named arrays of small whole numbers (each environment documents its own). */
export type Observation = Readonly<Record<string, Uint8Array>>;

/** Facts about the state besides the observation (score, lines, pieces…). */
export type Info = Readonly<Record<string, number | string | boolean>>;

export interface ResetResult {
  readonly observation: Observation;
  readonly info: Info;
}

export interface StepResult extends ResetResult {
  /** What this step earned, as the game scores it. */
  readonly reward: number;
  /** The game has ended (no move left, topped out). */
  readonly terminated: boolean;
  /** The episode was cut short by its step limit. */
  readonly truncated: boolean;
}

export interface Environment {
  /** Actions are 0 … actionCount − 1; `legalActions` says which are allowed now. */
  readonly actionCount: number;
  /** Starts an episode; a seed makes it reproducible (default: the last seed given, at first 1). */
  reset(options?: { readonly seed?: number }): ResetResult;
  /** Plays an action; an action not legal now is an InputError, and so is a step after the episode ended. */
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

/** A game under an environment: what each concrete environment provides. */
export interface EpisodeGame {
  observation(): Observation;
  info(): Info;
  legalActions(): number[];
  /** Plays a legal action; returns the reward. */
  play(action: number): number;
  readonly over: boolean;
  render(): string;
}

/**
 * The bookkeeping every environment shares: the seed and the actions of the episode (a clone replays
 * them on a fresh game), the step limit, and the checks of each step.
 */
export class GameEnvironment implements Environment {
  private game: EpisodeGame;
  private seed = 1;
  private actions: number[] = [];
  private truncated = false;

  constructor(
    readonly actionCount: number,
    private readonly newGame: (seed: number) => EpisodeGame,
    /** Steps after which an episode is truncated (null: none). */
    private readonly maxSteps: number | null = null,
  ) {
    this.game = newGame(this.seed);
  }

  reset(options: { readonly seed?: number } = {}): ResetResult {
    if (options.seed !== undefined) {
      if (!Number.isSafeInteger(options.seed) || options.seed < 0)
        throw new InputError(`the seed must be a whole number of at least 0, not ${options.seed}`);
      this.seed = options.seed;
    }
    this.game = this.newGame(this.seed);
    this.actions = [];
    this.truncated = false;
    return { observation: this.game.observation(), info: this.game.info() };
  }

  step(action: number): StepResult {
    if (this.game.over || this.truncated) throw new InputError('the episode has ended: reset to start another');
    if (!this.legalActions().includes(action)) {
      throw new InputError(`action ${action} is not legal now: the legal actions are ${this.legalActions().join(', ')}`);
    }
    const reward = this.game.play(action);
    this.actions.push(action);
    this.truncated = !this.game.over && this.maxSteps !== null && this.actions.length >= this.maxSteps;
    return { observation: this.game.observation(), reward, terminated: this.game.over, truncated: this.truncated, info: this.game.info() };
  }

  legalActions(): number[] {
    return this.game.over || this.truncated ? [] : this.game.legalActions();
  }

  actionMask(): Uint8Array {
    const mask = new Uint8Array(this.actionCount);
    for (const action of this.legalActions()) mask[action] = 1;
    return mask;
  }

  clone(): Environment {
    const copy = new GameEnvironment(this.actionCount, this.newGame, this.maxSteps);
    copy.reset({ seed: this.seed });
    for (const action of this.actions) copy.step(action);
    return copy;
  }

  render(): string {
    return this.game.render();
  }
}
