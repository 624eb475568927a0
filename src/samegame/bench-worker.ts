/** Worker-thread task of the SameGame benchmark pool: solves one board file. */
import { readBoardFile } from './board-files.ts';
import { solve, type Solution, type SolveOptions } from './solver.ts';

export interface SolveTask {
  readonly file: string;
  readonly options: SolveOptions;
}

export default function solveTask({ file, options }: SolveTask): Solution {
  return solve(readBoardFile(file), options);
}
