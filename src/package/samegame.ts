/**
 * `gridmind/samegame`: the SameGame engine and its solver, named one by one (its report:
 * api/gridmind-samegame.api.md).
 *
 * - `SameGameBoard`, its limits, and boards from text, files, seeds and the shipped test sets: the boards
 *   a user plays or solves.
 * - The rules (`SameGameRules`, scorings, shifts, the points of a group and of the end): how a game scores.
 * - `SameGame` with undo and redo: a game to play move by move.
 * - `SameGameProblem` and the heuristics (`HeuristicRater`): SameGame for the methods of gridmind/search.
 * - `solve` with its options and `Solution`: any search method on a board, in one call.
 * - `CodeSolver` and `SolverBudget`: the interface of a solver written in code (`--solver`, and the
 *   harness's `runSameGameBench`).
 *
 * @module gridmind/samegame
 */
export { SameGameBoard } from '../samegame/rules/board.ts';
export { parseBoardText, readBoardFile } from '../samegame/board-files.ts';
export { randomBoard } from '../samegame/rules/random-boards.ts';
export { TEST_SETS, type TestSetName } from '../samegame/test-sets.ts';
export {
  clearBonus,
  DEFAULT_RULES,
  endAdjustment,
  groupPoints,
  MAX_COLOURS,
  MAX_SIDE,
  MIN_COLOURS,
  SCORINGS,
  SHIFTS,
  type SameGameRules,
  type Scoring,
  type Shift,
} from '../samegame/rules/options.ts';
export { SameGame, type PlayedMove } from '../samegame/rules/game.ts';
export { SameGameProblem, type SameGameState } from '../samegame/problem.ts';
export { HEURISTICS, type HeuristicName } from '../samegame/heuristic-names.ts';
export { HeuristicRater } from '../samegame/heuristics.ts';
export { solve, type FirstMoveExplanation, type Solution, type SolveExplanation, type SolveOptions } from '../samegame/solver.ts';
export type { CodeSolver, SolverBudget } from '../samegame/code-solvers.ts';
