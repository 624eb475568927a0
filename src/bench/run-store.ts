import type { Db } from '../store/database.ts';
import { findRunsWithResults, saveRun, type NewRun, type Run } from '../store/runs.ts';

/** Where an experiment's result is kept: its run id, and the run stored before when it is that one. */
export interface StoredRunId<R extends Run> {
  readonly runId: number;
  /** The run stored before with the same setup and results, when everything came from the store (then nothing new is stored). */
  readonly earlier?: R;
}

/**
 * Stores an experiment's run, unless every game or board came from the store and a run with the same
 * setup and results is stored already: a resumed run with nothing left to do is that run, not a new one.
 */
export function storeRun<R extends NewRun>(
  db: Db,
  run: R,
  allStored: boolean,
  sameSetup: (stored: R['summary'], current: R['summary']) => boolean,
): StoredRunId<Extract<Run, { game: R['game'] }>> {
  const earlier = allStored ? findRunsWithResults(db, run).find((stored) => sameSetup(stored.summary, run.summary)) : undefined;
  return earlier !== undefined ? { runId: earlier.id, earlier } : { runId: saveRun(db, run) };
}

/** Whether two summaries agree on the given fields. */
export function agreeOn<S extends object>(fields: readonly (keyof S)[]): (a: S, b: S) => boolean {
  return (a, b) => fields.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}
