import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { InputError } from '../core/errors.ts';
import { fileProblem } from '../core/files.ts';
import { readBoardFile } from './board-files.ts';
import type { SolveTask } from './bench-worker.ts';
import type { Solution, SolveOptions } from './solver.ts';

/** One board's result in a benchmark. */
export interface BoardResult extends Solution {
  readonly file: string;
}

export interface SameGameBenchResult {
  readonly boards: BoardResult[];
  /** Σ of the scores, and Σ of the same games' scores under the penalty rules. */
  readonly total: number;
  readonly penaltyTotal: number;
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
 * Solves every board file with the same settings on a pool of worker threads (one board per thread at
 * a time, so each search has a core to itself when there are as many cores as workers).
 */
export async function runSameGameBench(
  files: readonly string[],
  options: SolveOptions,
  workers: number,
  onProgress?: (done: number, total: number) => void,
): Promise<SameGameBenchResult> {
  const pool = new Piscina<SolveTask, Solution>({
    filename: new URL('./bench-worker.mjs', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
  });
  let done = 0;
  try {
    const boards = await Promise.all(
      files.map(async (file) => {
        const solution = await pool.run({ file, options });
        onProgress?.(++done, files.length);
        return { file, ...solution };
      }),
    );
    return {
      boards,
      total: boards.reduce((sum, board) => sum + board.score, 0),
      penaltyTotal: boards.reduce((sum, board) => sum + board.penaltyScore, 0),
    };
  } finally {
    await pool.destroy();
  }
}
