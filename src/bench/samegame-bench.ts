import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../core/errors.ts';
import { fileProblem } from '../core/files.ts';
import { readBoardFile } from '../samegame/board-files.ts';
import type { Db } from '../store/database.ts';
import type { BoardRecord, NewRun, SameGameBenchSummary, SameGameRun } from '../store/runs.ts';
import type { BenchProgress } from './eta.ts';
import { storeRun, type StoredRunId } from './run-store.ts';
import type { TaskRunner } from './task-runner.ts';
import type { TaskStore } from './task-store.ts';
import type { BoardSolveOptions, SameGameBoardTask } from './tasks.ts';

export interface SameGameBenchOptions {
  /** The board files, each solved once. */
  readonly files: readonly string[];
  readonly options: BoardSolveOptions;
  /** A solver in code (its module's absolute path) to solve them within the options' rules and budget, instead of their method. */
  readonly solver?: string;
  readonly runner: TaskRunner;
  /** Where each board's result is saved, and where boards solved before are found again. */
  readonly store?: TaskStore;
  readonly onProgress?: (progress: BenchProgress) => void;
}

export interface SameGameBenchResult {
  /** Per board, in the order of the files; `file` is the file's name. */
  readonly boards: BoardRecord[];
  /** Σ of the scores, and Σ of the same games' scores under the penalty rules. */
  readonly total: number;
  readonly penaltyTotal: number;
  /** Boards taken from the store instead of solved. */
  readonly storedBoards: number;
}

/** The board files of a directory (`*.txt`, sorted by name), each checked before any is solved. */
export function boardFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw new InputError(`cannot read the directory ${dir}: ${fileProblem(error)}`);
  }
  const files = names
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => join(dir, name));
  if (files.length === 0) throw new InputError(`no board files (*.txt) in ${dir}`);
  for (const file of files) readBoardFile(file);
  return files;
}

/**
 * Solves every board file with the same settings, all at once on the runner (which does one board per
 * thread at a time, so each search has a core to itself when there are as many cores as threads), or
 * finds it in the store.
 */
export async function runSameGameBench({
  files,
  options,
  solver,
  runner,
  store,
  onProgress,
}: SameGameBenchOptions): Promise<SameGameBenchResult> {
  const tasks = files.map((file): SameGameBoardTask => ({
    game: 'samegame',
    board: readBoardFile(file).toString(),
    options,
    ...(solver !== undefined && { solver }),
  }));
  let done = 0;
  let storedBoards = 0;
  const boards = await Promise.all(
    tasks.map(async (task, i): Promise<BoardRecord> => {
      let solution = store?.find(task);
      if (solution !== undefined) storedBoards++;
      else {
        solution = (await runner.run(task)).result;
        store?.save(task, solution);
      }
      onProgress?.({ done: ++done, stored: storedBoards, total: files.length });
      return { file: basename(files[i]), ...solution };
    }),
  );
  return {
    boards,
    total: boards.reduce((sum, board) => sum + board.score, 0),
    penaltyTotal: boards.reduce((sum, board) => sum + board.penaltyScore, 0),
    storedBoards,
  };
}

/** A `samegame bench` run to store. */
export type NewSameGameBenchRun = Extract<NewRun, { game: 'samegame'; command: 'bench' }>;

/** The summary fields that report how a run went or where its boards came from; the others are its setup. */
const OUTCOME_FIELDS = new Set<string>(['set', 'dir', 'workers', 'total', 'penaltyTotal', 'storedBoards', 'queue']);

function sameSettings(a: SameGameBenchSummary, b: SameGameBenchSummary): boolean {
  const setup = (summary: SameGameBenchSummary) =>
    JSON.stringify(
      Object.entries(summary)
        .filter(([field]) => !OUTCOME_FIELDS.has(field))
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    );
  return setup(a) === setup(b);
}

/**
 * Stores a benchmark's result as a run, unless every board came from the store and a run with the same
 * settings and results is stored already (see run-store.ts).
 */
export function storeSameGameBench(db: Db, run: NewSameGameBenchRun, result: SameGameBenchResult): StoredRunId<SameGameRun> {
  return storeRun(db, run, result.storedBoards === result.boards.length, sameSettings);
}
