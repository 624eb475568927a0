/**
 * A stored tuning run as the HTTP API serves it (`GET /api/tune-runs`, `GET /api/tune-runs/ID`) and
 * the web app's Tuning page shows it: a line of the list, and the whole run with its learning curve.
 */
import type { Db } from '../store/database.ts';
import { loadTuneIterations, type RunHolder, type StoredTuneIteration } from '../store/tune-runs.ts';
import { learningCurve, type IterationPoint } from './learning-curve.ts';
import { isPlayed } from './run-holder.ts';
import {
  methodSettings,
  tuneCommand,
  TUNING_METHODS,
  weightsByFeature,
  type MethodName,
  type TuneConfig,
  type TunePlan,
  type TuningRun,
} from './tuning.ts';

/**
 * `running`: a process plays it now; `finished`: validated, its agent written; `interrupted`: stopped
 * before its end (Ctrl-C, a crash, a machine gone), to be resumed by its command.
 */
export type TuneRunStatus = 'running' | 'finished' | 'interrupted';

/** A run in the list. Scores are mean lines per game. */
export interface TuneRunEntry {
  readonly id: number;
  readonly createdAt: string;
  /** When it last stored something. */
  readonly updatedAt: string;
  readonly status: TuneRunStatus;
  readonly method: MethodName;
  readonly features: readonly string[];
  /** WIDTHxHEIGHT. */
  readonly board: string;
  /** The search iterations asked for. */
  readonly iterations: number;
  /** The search iterations finished. */
  readonly iterationsDone: number;
  /** The best candidate score of any finished iteration; null before the first ends. */
  readonly best: number | null;
  /** The winner's mean over the validation games; null until the run is validated. */
  readonly validationMean: number | null;
  /** Time spent tuning, summed over every session of the run. */
  readonly seconds: number;
}

/** Where a run not finished stands: the iteration in play (the validation's is numbered `iterations`), and its candidates played. */
export interface TuneRunPosition {
  readonly phase: 'search' | 'validation';
  readonly iteration: number;
  readonly evaluated: number;
  readonly candidates: number;
}

/** The finalist that won the validation: its mean ± standard error over the validation games, and its weights by feature. */
export interface TuneRunValidation {
  readonly mean: number;
  readonly stderr: number;
  readonly games: number;
  readonly finalists: number;
  readonly weights: Record<string, number>;
}

/** A whole run. */
export interface TuneRunReport extends TuneRunEntry {
  readonly config: TuneConfig;
  /** The `gridmind tune` command of the run's settings: it makes the run, or resumes it. */
  readonly command: string;
  /** The process playing the run; null unless it is running. */
  readonly playedBy: RunHolder | null;
  /** Every finished search iteration, in order. */
  readonly history: IterationPoint[];
  /** Null once the run is finished. */
  readonly current: TuneRunPosition | null;
  readonly validation: TuneRunValidation | null;
}

export function tuneRunStatus(run: TuningRun): TuneRunStatus {
  return run.status === 'done' ? 'finished' : isPlayed(run) ? 'running' : 'interrupted';
}

export function tuneRunEntry(run: TuningRun): TuneRunEntry {
  const { config, state } = run;
  return {
    id: run.id,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    status: tuneRunStatus(run),
    method: config.method,
    features: config.features,
    board: `${config.width}x${config.height}`,
    iterations: config.iterations,
    iterationsDone: state.iteration,
    best: state.history.length === 0 ? null : Math.max(...state.history.map((summary) => summary.best)),
    validationMean: state.outcome?.validationMean ?? null,
    seconds: run.seconds,
  };
}

/** The whole of `run`, with its iterations read from `db` (after the run was, so that every iteration it has finished is there whole). */
export function tuneRunReport(db: Db, run: TuningRun): TuneRunReport {
  const { config, state } = run;
  const stored = loadTuneIterations<TunePlan>(db, run.id);
  const entry = tuneRunEntry(run);
  return {
    ...entry,
    config,
    command: tuneCommand(config),
    playedBy: entry.status === 'running' ? run.holder : null,
    history: learningCurve(run, stored),
    current: state.phase === 'done' ? null : position(run, state.phase, stored),
    validation:
      state.outcome === null
        ? null
        : {
            mean: state.outcome.validationMean,
            stderr: state.outcome.validationStderr,
            games: config.validationGames,
            finalists: state.outcome.finalists,
            weights: weightsByFeature(config, state.outcome.weights),
          },
  };
}

/** Where a run not finished stands in `phase`: of an iteration whose plan is not drawn yet, no candidate is played. */
function position(run: TuningRun, phase: TuneRunPosition['phase'], stored: readonly StoredTuneIteration<TunePlan>[]): TuneRunPosition {
  const { config, state } = run;
  const inPlay = stored.find(({ iteration }) => iteration === state.iteration);
  const planned = phase === 'search' ? config.population : TUNING_METHODS[config.method].finalistCount(methodSettings(config));
  return { phase, iteration: state.iteration, evaluated: inPlay?.results.size ?? 0, candidates: inPlay?.plan.candidates.length ?? planned };
}
