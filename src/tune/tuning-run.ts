/**
 * A tuning run's life, from the command that asks for it to its end: find the run (by id, or by its
 * settings: the latest stored with them, or a new one), claim it for this process, remember where its
 * result goes, play it from where it stands, here or on the queue's workers, and let it go.
 */
import { resolve } from 'node:path';
import { InputError } from '../core/errors.ts';
import type { Db } from '../store/database.ts';
import { findOrCreateTuneRun, loadTuneRun, saveTuneRunOut, type RunHolder, type StoredTuneRun } from '../store/tune-runs.ts';
import { localEvaluator, type CandidateEvaluator } from './evaluator.ts';
import { holdTuneRun } from './run-holder.ts';
import { initialTuneState, runTuning, type TuneHooks } from './tuner.ts';
import type { TuneConfig, TuneState } from './tuning.ts';

export type TuningRun = StoredTuneRun<TuneConfig, TuneState>;

/** Which run: a stored one by id, or the run of a config (the latest stored with it, or a new one). */
export type RunChoice = { readonly id: number } | { readonly config: TuneConfig };

export interface ClaimedRun {
  readonly run: TuningRun;
  /** Whether the run was made now. */
  readonly created: boolean;
  /** The agent file the result is written to. */
  readonly out: string;
  /** Lets the run go, so that another process may resume it (nothing for a run done, or one let go before). */
  release(): void;
}

/**
 * Finds the run and, unless it is done, claims it for this process (InputError when another process
 * plays it); `onTakenOver` is called if another process takes it over meanwhile. The result goes to
 * `out` when given (remembered for the run), else where the run was last told, else
 * `tuned-run-ID.json`.
 */
export function claimTuningRun(
  db: Db,
  choice: RunChoice,
  out: string | undefined,
  onTakenOver: (taker: RunHolder | null) => void,
): ClaimedRun {
  const { run, created } = findRun(db, choice);
  let release = () => {};
  if (run.status !== 'done') {
    const letGo = holdTuneRun(db, run.id, onTakenOver);
    release = () => {
      letGo();
      release = () => {};
    };
  }
  if (out !== undefined) saveTuneRunOut(db, run.id, resolve(out));
  return { run, created, out: out ?? run.out ?? `tuned-run-${run.id}.json`, release: () => release() };
}

function findRun(db: Db, choice: RunChoice): { run: TuningRun; created: boolean } {
  if ('config' in choice) return findOrCreateTuneRun(db, choice.config, initialTuneState(choice.config));
  const run = loadTuneRun<TuneConfig, TuneState>(db, choice.id);
  if (run === null) throw new InputError(`there is no tuning run ${choice.id}: \`gridmind tune-runs\` lists them`);
  return { run, created: false };
}

/** Where a run's games are played: the workers of the Redis queue at `queue`, or `workers` threads here. */
export interface PlayingPlace {
  readonly queue?: string;
  readonly workers: number;
  /** Gets one line per queue event worth knowing. */
  readonly log: (line: string) => void;
}

/** Plays a claimed run that is not done to its end, from where it stands; returns it as stored then. */
export async function playTuningRun(db: Db, run: TuningRun, place: PlayingPlace, hooks: TuneHooks): Promise<TuningRun> {
  const evaluator = await openEvaluator(place);
  try {
    await runTuning(db, run.id, run.config, run.state, evaluator, hooks);
  } finally {
    await evaluator.close();
  }
  return loadTuneRun<TuneConfig, TuneState>(db, run.id)!;
}

async function openEvaluator({ queue, workers, log }: PlayingPlace): Promise<CandidateEvaluator> {
  if (queue === undefined) return localEvaluator(workers);
  const { queueEvaluator } = await import('./queue-evaluator.ts'); // BullMQ is loaded only for a queue
  return queueEvaluator(queue, log);
}
