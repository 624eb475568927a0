/**
 * The run records of SameGame experiments, as they are stored and printed: a `samegame solve` of one
 * board, and a `samegame bench` of a folder of boards.
 */
import type { Solution } from '../samegame/solver.ts';
import type { Db } from '../store/database.ts';
import type { BoardRecord, NewRun, SameGameBenchSummary, SameGameRun, SameGameSettings } from '../store/runs.ts';
import { storeRun, type StoredRunId } from './run-store.ts';
import type { SameGameBenchResult } from './samegame-bench.ts';

/** A `samegame solve` run to store. */
export type NewSameGameSolveRun = Extract<NewRun, { game: 'samegame'; command: 'solve' }>;

/** A `samegame bench` run to store. */
export type NewSameGameBenchRun = Extract<NewRun, { game: 'samegame'; command: 'bench' }>;

/** How a SameGame run was searched: the settings it records, and the time budget per board in milliseconds (null: none). */
export interface SameGameRunSetup {
  readonly settings: SameGameSettings;
  readonly timeMs: number | null;
}

/** How a run searched, as its record says it: the method, the rules as `scoring/shift`, the time budget. */
function searchFields({ settings, timeMs }: SameGameRunSetup) {
  return { method: settings.method, rules: `${settings.rules}/${settings.shift}`, timeMs };
}

/** The run of one board file (`file`, as given) solved. */
export function sameGameSolveRun(setup: SameGameRunSetup, file: string, solution: Solution): NewSameGameSolveRun {
  const record: BoardRecord = { file, ...solution };
  return {
    game: 'samegame',
    command: 'solve',
    source: file,
    ...searchFields(setup),
    workers: 1,
    total: solution.score,
    summary: { ...setup.settings, score: solution.score, cleared: solution.cleared },
    perBoard: [record],
  };
}

/** Where a benchmark's boards and its work came from. */
export interface SameGameBenchPlace {
  /** The shipped test set solved, if it was one, and the folder of board files. */
  readonly set?: string;
  readonly dir: string;
  readonly workers: number;
  /** Searches per board (1: one). */
  readonly seeds: number;
  /** The Redis queue whose workers solved the boards, shown without its password. */
  readonly queue?: string;
}

/** The run of a benchmark of a folder of boards. */
export function sameGameBenchRun(setup: SameGameRunSetup, place: SameGameBenchPlace, result: SameGameBenchResult): NewSameGameBenchRun {
  const summary: SameGameBenchSummary = {
    ...setup.settings,
    ...(place.set !== undefined && { set: place.set }),
    dir: place.dir,
    workers: place.workers,
    ...(place.seeds > 1 && { seeds: place.seeds }),
    total: result.total,
    penaltyTotal: result.penaltyTotal,
    storedBoards: result.storedBoards,
    ...(place.queue !== undefined && { queue: place.queue }),
  };
  return {
    game: 'samegame',
    command: 'bench',
    source: place.set !== undefined ? `set ${place.set}` : place.dir,
    ...searchFields(setup),
    workers: place.workers,
    total: result.total,
    summary,
    perBoard: result.boards,
  };
}

/**
 * Stores a benchmark's run, unless every board came from the store and a run with the same settings
 * and results is stored already (see run-store.ts).
 */
export function storeSameGameBench(db: Db, run: NewSameGameBenchRun): StoredRunId<SameGameRun> {
  return storeRun(db, run, run.summary.storedBoards === run.perBoard.length);
}
