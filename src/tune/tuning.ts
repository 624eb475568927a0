import { shownAddress } from '../core/redis-address.ts';
import type { StoredTuneRun } from '../store/tune-runs.ts';
import type { TetrisGameTask } from '../bench/tasks.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import { crossEntropyMethod } from './cross-entropy.ts';
import { geneticAlgorithm } from './genetic.ts';
import type { MethodSettings, NoiseSchedule, TuningMethod, WeightVector } from './method.ts';

export type MethodName = 'ce' | 'ga';

export const TUNING_METHODS: Readonly<Record<MethodName, TuningMethod<unknown>>> = {
  ce: crossEntropyMethod as TuningMethod<unknown>,
  ga: geneticAlgorithm as TuningMethod<unknown>,
};

/**
 * Everything that decides a tuning run's result. Two runs with equal configs draw the same
 * candidates and games and end with the same weights, wherever their games are played.
 */
export interface TuneConfig {
  readonly method: MethodName;
  readonly features: readonly string[];
  readonly width: number;
  readonly height: number;
  readonly population: number;
  /** Games per candidate; every candidate of an iteration plays the same seeds (common random numbers). */
  readonly gamesPerEval: number;
  readonly iterations: number;
  readonly noise: NoiseSchedule;
  readonly eliteFraction: number;
  readonly seed: number;
  /** Fresh games on which the finalists are compared after the last iteration. */
  readonly validationGames: number;
  /** The agent whose weights start the search (features it lacks start at 0), or null for all 0. */
  readonly start: { readonly agent: string; readonly weights: readonly number[] } | null;
  readonly initialDeviation: number;
}

/** A tuning run as stored. */
export type TuningRun = StoredTuneRun<TuneConfig, TuneState>;

/** One iteration's work, fixed before its first game: the candidates and the seeds they all play. */
export interface TunePlan {
  readonly candidates: WeightVector[];
  readonly seeds: number[];
}

export interface IterationSummary {
  readonly iteration: number;
  /** The best and the mean candidate score (mean lines over the iteration's games). */
  readonly best: number;
  readonly mean: number;
}

/** The outcome: the finalist with the best mean over the validation games. */
export interface TuneOutcome {
  readonly weights: WeightVector;
  readonly validationMean: number;
  readonly validationStderr: number;
  readonly validationLines: number[];
  readonly finalists: number;
}

/** A run between iterations; `iteration` counts the search iterations finished. */
export interface TuneState {
  readonly phase: 'search' | 'validation' | 'done';
  readonly iteration: number;
  /** The run's random generator (xoshiro128** state), carried from plan to plan. */
  readonly rng: number[];
  readonly method: unknown;
  readonly history: IterationSummary[];
  readonly outcome: TuneOutcome | null;
}

export function methodSettings(config: TuneConfig): MethodSettings {
  return {
    dimensions: config.features.length,
    population: config.population,
    eliteFraction: config.eliteFraction,
    noise: config.noise,
    start: config.start?.weights ?? config.features.map(() => 0),
    initialDeviation: config.initialDeviation,
  };
}

/** A weight vector as an agent file's weights: by feature name. */
export function weightsByFeature(config: TuneConfig, weights: readonly number[]): Record<string, number> {
  return Object.fromEntries(config.features.map((feature, d) => [feature, weights[d]]));
}

/** The one-piece research-protocol agent that a weight vector stands for. */
export function candidateSpec(config: TuneConfig, weights: readonly number[]): AgentSpec {
  return {
    name: 'candidate',
    description: `a ${config.method} tuning candidate`,
    source: 'gridmind tune',
    sense: 'maximize',
    features: config.features,
    weights: weightsByFeature(config, weights),
    despair: null,
    policy: { lookahead: 0, beam: null, combine: 'sum', tieBreak: 'first', rejectOvershoot: false },
  };
}

/**
 * The research-protocol game a candidate plays on a seed: the task `gridmind bench` plays for the agent
 * file of the same weights on the same board and seed (preview 0: the agent's own lookahead), so that
 * either finds the other's game in the store.
 */
export function candidateGame(config: TuneConfig, spec: AgentSpec, seed: number): TetrisGameTask {
  const options = { rules: 'research', width: config.width, height: config.height, seed, preview: 0, maxPieces: null } as const;
  return { game: 'tetris', spec, options };
}

/** The `gridmind tune` command that reproduces a run. */
export function tuneCommand(config: TuneConfig): string {
  return [
    'gridmind tune',
    `--features ${config.features.join(',')}`,
    `--method ${config.method}`,
    `--board ${config.width}x${config.height}`,
    `--population ${config.population}`,
    `--games-per-eval ${config.gamesPerEval}`,
    `--iterations ${config.iterations}`,
    ...(config.method === 'ce' ? [`--noise ${config.noise}`, `--elite ${config.eliteFraction}`] : []),
    `--validation-games ${config.validationGames}`,
    ...(config.start === null ? [] : [`--start ${config.start.agent}`]),
    `--initial-sd ${config.initialDeviation}`,
    `--seed ${config.seed}`,
  ].join(' ');
}

/** What to say of a run stopped before its end: it is kept, and the command that resumes it (on `queue`, its password left out). */
export function resumeHint(id: number, queue: string | undefined): string {
  const onQueue = queue === undefined ? '' : ` --queue ${shownAddress(queue, 'PASSWORD')}`;
  return `run ${id} is stored; resume it with \`gridmind tune --resume ${id}${onQueue}\``;
}
