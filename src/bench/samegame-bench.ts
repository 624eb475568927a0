import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../core/errors.ts';
import { fileProblem } from '../core/files.ts';
import { readBoardFile } from '../samegame/board-files.ts';
import type { Solution } from '../samegame/solver.ts';
import type { BoardRecord } from '../store/runs.ts';
import type { BenchProgress } from './eta.ts';
import { STORED, storedOrDone } from './stored-tasks.ts';
import type { TaskRunner } from './task-runner.ts';
import type { TaskStore } from './task-store.ts';
import { runTask, type BoardSolveOptions, type SameGameBoardTask } from './tasks.ts';

export interface SameGameBenchOptions {
  /** The board files, each solved once. */
  readonly files: readonly string[];
  readonly options: BoardSolveOptions;
  /** A solver in code (its module's absolute path) to solve them within the options' rules and budget, instead of their method. */
  readonly solver?: string;
  readonly runner: TaskRunner;
  /**
   * Searches per board (default 1), with seeds `options.seed` … + seeds − 1, queued one after the other
   * so that they run at once on as many threads: the best of them (the first seed's on a tie) is the
   * board's, with the nodes of all.
   */
  readonly seeds?: number;
  /**
   * Boards searched at once (default: all of them). The runner takes tasks in no set order, so to have
   * a board's searches run side by side, give the runner's threads / `seeds`.
   */
  readonly boardsAtOnce?: number;
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

/** One board file solved as `samegame solve` does, on the calling thread. */
export interface SameGameSolveOptions {
  readonly file: string;
  /** The solver's options, `explain` included. */
  readonly options: BoardSolveOptions;
  /** A solver in code (its module's path) to solve it within the options' rules and budget, instead of their method. */
  readonly solver?: string;
  /** Where the result is saved, and found again if the store reuses results (`samegame solve` gives one that does not: it always solves). */
  readonly store?: TaskStore;
}

/** The calling thread as a task runner: a single solve needs no pool, and its explanation stays as it is. */
const callingThread: TaskRunner = { run: runTask, close: () => Promise.resolve() };

/** Solves one board file as a harness task (tasks.ts) on the calling thread, or finds it in the store; a result solved is saved there. */
export async function runSameGameSolve({ file, options, solver, store }: SameGameSolveOptions): Promise<Solution> {
  const task: SameGameBoardTask = {
    game: 'samegame',
    board: readBoardFile(file).toString(),
    options,
    ...(solver !== undefined && { solver }),
  };
  return (await storedOrDone(task, callingThread, store))!.result;
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
  seeds = 1,
  boardsAtOnce = files.length,
  store,
  onProgress,
}: SameGameBenchOptions): Promise<SameGameBenchResult> {
  const firstSeed = options.seed ?? 1;
  const tasks = files.map((file) => {
    const board = readBoardFile(file).toString();
    return Array.from({ length: seeds }, (_, k): SameGameBoardTask => ({
      game: 'samegame',
      board,
      options: seeds === 1 ? options : { ...options, seed: firstSeed + k },
      ...(solver !== undefined && { solver }),
    }));
  });
  let done = 0;
  let storedBoards = 0;
  const solveOnce = async (task: SameGameBoardTask): Promise<{ solution: Solution; stored: boolean }> => {
    const { result, thread } = (await storedOrDone(task, runner, store))!;
    return { solution: result, stored: thread === STORED };
  };
  const solveBoard = async (i: number): Promise<BoardRecord> => {
    const results = await Promise.all(tasks[i].map(solveOnce));
    if (results.every((result) => result.stored)) storedBoards++;
    const best = results.reduce((a, b) => (b.solution.score > a.solution.score ? b : a)).solution;
    const nodes = results.reduce((sum, result) => sum + result.solution.nodes, 0);
    onProgress?.({ done: ++done, stored: storedBoards, total: files.length });
    return { file: basename(files[i]), ...best, nodes };
  };
  const boards: BoardRecord[] = new Array(files.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < files.length) {
      const i = next++;
      boards[i] = await solveBoard(i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(boardsAtOnce, files.length)) }, lane));
  return {
    boards,
    total: boards.reduce((sum, board) => sum + board.score, 0),
    penaltyTotal: boards.reduce((sum, board) => sum + board.penaltyScore, 0),
    storedBoards,
  };
}
