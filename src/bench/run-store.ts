import type { Db } from '../store/database.ts';
import { findRunsWithResults, saveRun, type NewRun, type Run } from '../store/runs.ts';

/** Where an experiment's result is kept: its run id, and the run stored before when it is that one. */
export interface StoredRunId<R extends Run> {
  readonly runId: number;
  /** The run stored before with the same setup and results, when everything came from the store (then nothing new is stored). */
  readonly earlier?: R;
}

/**
 * The fields of a run's summary, at any depth, that tell where and how its work was done rather than
 * what was run: the threads and the queue, the speed of play, the games or boards taken from the store,
 * and the folder a test set was read from (the run's source names it).
 */
const CIRCUMSTANCES = new Set(['workers', 'queue', 'piecesPerSecond', 'storedGames', 'storedBoards', 'set', 'dir']);

/** A summary without its circumstances, as JSON with its keys in order: equal for two runs of the same set-up. */
function setupOf(summary: unknown): string {
  const strip = (value: unknown): unknown =>
    value === null || typeof value !== 'object' || Array.isArray(value)
      ? value
      : Object.fromEntries(
          Object.entries(value)
            .filter(([field]) => !CIRCUMSTANCES.has(field))
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([field, inner]) => [field, strip(inner)]),
        );
  return JSON.stringify(strip(summary));
}

/**
 * Stores an experiment's run, unless every game or board came from the store and a run of the same
 * set-up with the same results is stored already: a resumed run with nothing left to do is that run,
 * not a new one. Two runs have the same set-up when their summaries agree on every field but their
 * circumstances, for every game alike.
 */
export function storeRun<R extends NewRun>(db: Db, run: R, allStored: boolean): StoredRunId<Extract<Run, { game: R['game'] }>> {
  const earlier = allStored ? findRunsWithResults(db, run).find((stored) => setupOf(stored.summary) === setupOf(run.summary)) : undefined;
  return earlier !== undefined ? { runId: earlier.id, earlier } : { runId: saveRun(db, run) };
}
