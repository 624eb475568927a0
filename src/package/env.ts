/**
 * `gridmind/env`: Gymnasium-shaped environments, named one by one (its report: api/gridmind-env.api.md).
 *
 * - `tetrisDropEnv`, `tetrisKeysEnv` and `sameGameEnv` with their options: the games as environments
 *   (`reset`, `step`, legal actions and their mask, `clone`, `render`), by drop placements (the research
 *   protocol), by keys under any rule set and rotation system, and SameGame.
 * - `Environment` and its spec, observation and step types: the interface all three share, to write a
 *   learner once.
 * - `GameEnvironment` and `EpisodeGame`: what the factories return, and how a game of your own becomes one.
 * - `BatchEnvironment`: many environments stepped at once into shared arrays, for vectorised learners.
 * - `serveOverStdio`: the JSON-lines session of `gridmind env --stdio`, for an environment of your own.
 *
 * @module gridmind/env
 */
export { sameGameEnv, type SameGameEnvOptions } from '../env/samegame.ts';
export {
  KEY_ACTIONS,
  tetrisDropEnv,
  tetrisKeysEnv,
  type TetrisDropEnvOptions,
  type TetrisEnvOptions,
  type TetrisKeysEnvOptions,
} from '../env/tetris.ts';
export {
  GameEnvironment,
  type ArraySpec,
  type Environment,
  type EnvironmentSpec,
  type EpisodeGame,
  type EpisodeOptions,
  type IllegalActionRule,
  type Info,
  type Observation,
  type ObservationArrays,
  type ResetResult,
  type StepResult,
} from '../env/environment.ts';
export { BatchEnvironment, MAX_BATCH, type BatchResult } from '../env/batch.ts';
export { serveOverStdio, type ArrayEncoding } from '../env/stdio.ts';
