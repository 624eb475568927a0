/**
 * A tuning run's life, from the request that asks for it to its end: find the run (by id, or by its
 * settings: the latest stored with them, or a new one), claim it for this process, remember where its
 * result goes, play it from where it stands, here or on the queue's workers, write its agent file, and
 * let it go.
 */
import { resolve } from 'node:path';
import { benchSecondsLeft } from '../bench/eta.ts';
import { openTaskRunner } from '../bench/open-task-runner.ts';
import { InputError, RunFailure } from '../core/errors.ts';
import { checkOutputFile } from '../node/files.ts';
import type { Db } from '../store/database.ts';
import { lockedDatabaseFailure } from '../store/database-file.ts';
import { findOrCreateTuneRun, loadTuneRun, saveTuneRunOut, type RunHolder } from '../store/tune-runs.ts';
import { describeHolder, holdTuneRun } from './run-holder.ts';
import { writeTunedAgent } from './tuned-agent.ts';
import { initialTuneState, runTuning, type TuneHooks, type TuneProgress } from './tuner.ts';
import { resumeHint, type IterationSummary, type TuneConfig, type TuneState, type TuningRun } from './tuning.ts';

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
  const runner = await openTaskRunner(place.queue, place.workers, place.log);
  try {
    await runTuning(db, run.id, run.config, run.state, runner, hooks);
  } finally {
    await runner.close();
  }
  return loadTuneRun<TuneConfig, TuneState>(db, run.id)!;
}

/** A run to take to its end. */
export interface TuningRequest {
  readonly choice: RunChoice;
  /** The agent file for the result (remembered for the run); by default, where the run was last told, else `tuned-run-ID.json`. */
  readonly out?: string;
  readonly place: Omit<PlayingPlace, 'log'>;
}

/** How far a run has gone within an iteration, and how long it has left. */
export interface TuningProgress extends TuneProgress {
  /** The last search iteration ended, in this session or before; undefined before the first. */
  readonly latest: IterationSummary | undefined;
  /** Seconds left in the run, from this session's pace over its games (see benchSecondsLeft); null until it has played one. */
  readonly secondsLeft: number | null;
}

/** What a run tells as it goes; any callback may be left out. */
export interface TuningListener {
  /** The run is found and claimed (`created`: made now), its result going to `out`; called before any game. */
  started?(run: TuningRun, created: boolean, out: string): void;
  progress?(progress: TuningProgress): void;
  /** A search iteration ended. */
  iterationEnded?(summary: IterationSummary): void;
  /** One line per queue event worth knowing. */
  log?(line: string): void;
  /**
   * Another process took the run over while this one was silent for a minute (suspended, or its
   * machine asleep): nothing more is stored here, and the run rejects with `failure` when the games in
   * hand end.
   */
  takenOver?(failure: RunFailure): void;
}

/**
 * Takes a run to its end: finds or makes it, claims it, plays it from where it stands unless it is
 * done, writes its best weights to its agent file and lets it go; returns the run as its play left it
 * in the store, and its agent file. A request that cannot be met (no such run, another process plays it, an agent
 * file that cannot be written) is an InputError, raised before any game; a run stopped by anything
 * else after its claim is a RunFailure that says how to resume it. Aborting `signal` lets the run go at
 * once and stores nothing more: the run rejects with the signal's reason when the games in hand end.
 */
export async function tuneToEnd(
  db: Db,
  request: TuningRequest,
  listener: TuningListener = {},
  signal?: AbortSignal,
): Promise<{ run: TuningRun; out: string }> {
  signal?.throwIfAborted();
  if (request.out !== undefined) checkOutputFile(request.out, '--out', 'tuned.json'); // before a run is made for nothing
  const stop = new AbortController(); // the caller's abort, or the run taken over
  const claimed = claimTuningRun(db, request.choice, request.out, (taker) => {
    const by = taker === null ? 'another process' : describeHolder(taker);
    const failure = new RunFailure(`run ${claimed.run.id} was taken over by ${by} while this one was silent for a minute: it stops here`);
    listener.takenOver?.(failure);
    stop.abort(failure);
  });
  const interrupt = () => {
    claimed.release();
    stop.abort(signal!.reason);
  };
  signal?.addEventListener('abort', interrupt, { once: true });
  try {
    const { run, out } = claimed;
    if (request.out === undefined) checkOutputFile(out, '--out', 'tuned.json');
    listener.started?.(run, claimed.created, out);
    const place = { ...request.place, log: listener.log ?? (() => {}) };
    const finished = run.status === 'done' ? run : await playTuningRun(db, run, place, progressHooks(run, listener, stop.signal));
    writeTunedAgent(finished, out);
    return { run: finished, out };
  } catch (error) {
    if (error instanceof InputError || stop.signal.aborted) throw error;
    const failure = (lockedDatabaseFailure(error) ?? error) as Error;
    throw new RunFailure(`${failure.message}; ${resumeHint(claimed.run.id, request.place.queue)}`);
  } finally {
    signal?.removeEventListener('abort', interrupt);
    claimed.release();
  }
}

/** The tuner's hooks that tell `listener` of a run's progress, with the time it has left. */
function progressHooks(run: TuningRun, listener: TuningListener, signal: AbortSignal): TuneHooks {
  let latest = run.state.history.at(-1);
  const started = performance.now();
  return {
    signal,
    onProgress: (progress) => {
      const secondsLeft = benchSecondsLeft(progress.games, (performance.now() - started) / 1000);
      listener.progress?.({ ...progress, latest, secondsLeft });
    },
    onIteration: (state) => {
      if (state.phase === 'done') return; // the validation, which ends no search iteration
      latest = state.history.at(-1)!;
      listener.iterationEnded?.(latest);
    },
  };
}
