import { SOLVE_SETTINGS } from '../../src/samegame/solve-settings.ts';
import { describeSetting } from '../../src/search/index.ts';
import type { BoardRecord, SameGameRun } from '../../src/store/runs.ts';

/** One position of two SameGame runs side by side: its board file, the scores, and the first's lead. */
export interface ComparedPosition {
  readonly file: string;
  readonly first: number;
  readonly second: number;
  readonly difference: number;
}

export interface RunComparison {
  /** The positions both runs solved (same board file name), in the first run's order. */
  readonly positions: ComparedPosition[];
  /** Σ over those positions. */
  readonly firstTotal: number;
  readonly secondTotal: number;
  readonly firstWins: number;
  readonly secondWins: number;
  readonly ties: number;
  /** Positions only one of the runs has. */
  readonly unshared: number;
}

/** Compares two SameGame runs position by position, on the board files they share. */
export function compareRuns(first: SameGameRun, second: SameGameRun): RunComparison {
  const theirs = new Map(second.perBoard.map((board) => [board.file, board]));
  const positions = first.perBoard.flatMap((board: BoardRecord): ComparedPosition[] => {
    const other = theirs.get(board.file);
    return other === undefined
      ? []
      : [{ file: board.file, first: board.score, second: other.score, difference: board.score - other.score }];
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    positions,
    firstTotal: sum(positions.map((position) => position.first)),
    secondTotal: sum(positions.map((position) => position.second)),
    firstWins: positions.filter((position) => position.difference > 0).length,
    secondWins: positions.filter((position) => position.difference < 0).length,
    ties: positions.filter((position) => position.difference === 0).length,
    unshared: first.perBoard.length + second.perBoard.length - 2 * positions.length,
  };
}

/** What a run did, in a few words: "bench set standard, nrpa standard/left". */
export function describeSameGameRun(run: SameGameRun): string {
  return `${run.command} ${run.source}, ${run.method} ${run.rules}`;
}

/** A run's budget and the settings it was given, for people: "60 s a board, 1,000,000 nodes, nesting level 2, seed 1". */
export function describeSettings(run: SameGameRun): string {
  const { summary } = run;
  const parts = [`${summary.time} s a board`];
  if (summary.maxNodes !== undefined) parts.push(`${summary.maxNodes.toLocaleString('en-US')} nodes`);
  for (const setting of SOLVE_SETTINGS) {
    const value = summary[setting.name];
    if (value === undefined || value === false) continue;
    parts.push(describeSetting(setting, value));
  }
  parts.push(`seed ${summary.seed}`);
  return parts.join(', ');
}
