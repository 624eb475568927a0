import { InputError } from '../core/errors.ts';
import {
  runSearch,
  SearchTrace,
  settingRefusal,
  type MethodSetting,
  type MethodSettings,
  type SearchMethod,
  type SearchResult,
  type Improvement,
} from '../search/index.ts';
import type { SameGameBoard } from './rules/board.ts';
import { SameGame } from './rules/game.ts';
import { GroupList } from './rules/groups.ts';
import type { HeuristicName } from './heuristic-names.ts';
import { HeuristicRater } from './heuristics.ts';
import { SameGameProblem, type SameGameState } from './problem.ts';
import { endAdjustment, type SameGameRules } from './rules/options.ts';
import { DEFAULT_HEURISTIC, SOLVE_SETTINGS } from './solve-settings.ts';

/** How to solve a board: the method, its settings, a move heuristic and a goal. */
export interface SolveOptions {
  readonly method: SearchMethod;
  readonly rules: SameGameRules;
  /** Orders (depth-first), ranks (beam) or prioritises (best-first) the moves. */
  readonly heuristic?: HeuristicName;
  /** Only games that clear the board count; for the systematic methods and beam. */
  readonly clearedOnly?: boolean;
  readonly timeMs?: number;
  readonly maxNodes?: number;
  readonly cancelled?: () => boolean;
  readonly seed?: number;
  readonly level?: number;
  readonly iterations?: number;
  readonly stabilization?: number;
  readonly width?: number;
  readonly depth?: number;
  readonly minDepth?: number;
  readonly first?: boolean;
  /** Also explain the solution (`Solution.explanation`). */
  readonly explain?: boolean;
}

/** One move of the start position, as a solve explains it. */
export interface FirstMoveExplanation {
  /** A cell of the group (col from the left, row from the bottom), and the group's size. */
  readonly x: number;
  readonly y: number;
  readonly size: number;
  /** The heuristic's value of the move at the start (the methods that use one), null without one. */
  readonly rating: number | null;
  /** Complete games the search accepted that start with this move (NMCS, NRPA: its playouts), and their best score (null: none). */
  readonly games: number;
  readonly best: number | null;
  /** Whether the solution starts with it. */
  readonly chosen: boolean;
}

/** Why a solution is what it is: every move of the start position with what the search saw of it, and how the best score grew. */
export interface SolveExplanation {
  readonly heuristic: HeuristicName | null;
  /** By the best score found through the move, then by rating. */
  readonly firstMoves: readonly FirstMoveExplanation[];
  /** Each time the best score so far rose: the score, the nodes and the milliseconds spent by then. */
  readonly improvements: readonly Improvement[];
}

/** A solution: the moves as cells [x, y] (x from the left, y from the bottom, on the board before each move). */
export interface Solution {
  readonly score: number;
  readonly cleared: boolean;
  readonly moves: [x: number, y: number][];
  /** Whether the method found a game it accepts (false: no moves, the start's score). */
  readonly solved: boolean;
  /** The score of the same game under the `penalty` rules (with its clear bonus), for the standard set's two totals. */
  readonly penaltyScore: number;
  readonly nodes: number;
  readonly ms: number;
  readonly stop: SearchResult['stop'];
  /** What a solver in code did wrong (code-solvers.ts): the board was left at its start. */
  readonly fault?: string;
  /** With `explain`: the start position's moves as the search saw them, and the best score over time. */
  readonly explanation?: SolveExplanation;
}

/**
 * Refuses (InputError) a setting the method does not take, naming it as `name` does (default: in
 * words; the command line names its flag).
 */
export function checkSolveOptions(options: SolveOptions, name?: (setting: MethodSetting) => string): void {
  for (const setting of SOLVE_SETTINGS) {
    const refusal = settingRefusal(setting, options.method, options[setting.name], name);
    if (refusal !== null) throw new InputError(refusal);
  }
}

/**
 * Solves a board with a search method; a setting the method does not take is an InputError. With a
 * budget, the Monte-Carlo methods restart while it lasts. The moves found are replayed on a
 * {@link SameGame}, which checks them and gives the score reported.
 */
export function solve(board: SameGameBoard, options: SolveOptions): Solution {
  checkSolveOptions(options);
  const { method } = options;
  const problem = new SameGameProblem(board, options.rules);
  const heuristic = options.heuristic ?? DEFAULT_HEURISTIC[method];
  const rater = heuristic === undefined ? undefined : new HeuristicRater(board, options.rules.shift);
  const trace = options.explain ? new SearchTrace() : undefined;
  const settings: MethodSettings<SameGameState> = {
    timeMs: options.timeMs,
    maxNodes: options.maxNodes,
    cancelled: options.cancelled,
    seed: options.seed,
    level: options.level,
    iterations: options.iterations,
    stabilization: options.stabilization,
    width: options.width,
    depth: options.depth,
    minDepth: options.minDepth,
    first: options.first,
    restart: options.timeMs !== undefined || options.maxNodes !== undefined,
    rating: heuristic === undefined ? undefined : rater!.rating(heuristic),
    trace,
    goal: options.clearedOnly ? (state) => state.board.isEmpty() : undefined,
  };
  const result = runSearch(problem, method, settings);
  const game = new SameGame(board, options.rules);
  const moves = result.moves.map((cell): [number, number] => {
    const [x, y] = [game.board.columnOf[cell], game.board.rowOf[cell]];
    game.play(x, y);
    return [x, y];
  });
  if (result.solved && game.score() !== result.score) throw new Error(`the search scored ${result.score}, its moves ${game.score()}`);
  return {
    score: game.score(),
    cleared: game.cleared(),
    moves,
    nodes: result.nodes,
    ms: Math.round(result.ms),
    solved: result.solved,
    penaltyScore: game.points + (game.isOver() ? endAdjustment('penalty', game.board.counts, game.board.colours) : 0),
    stop: result.stop,
    ...(trace !== undefined && { explanation: explainSolve(problem, trace, heuristic ?? null, rater, result.moves[0]) }),
  };
}

/** The explanation of a solve: each move of the start with its rating and the trace's games through it. */
function explainSolve(
  problem: SameGameProblem,
  trace: SearchTrace,
  heuristic: HeuristicName | null,
  rater: HeuristicRater | undefined,
  chosen: number | undefined,
): SolveExplanation {
  const start = problem.start();
  const moves = new Int32Array(problem.maxMoves);
  const count = problem.moves(start, moves);
  const ratings = new Float64Array(count);
  if (heuristic !== null) rater!.rate(heuristic, start.board, moves, count, ratings);
  const groups = new GroupList(start.board);
  groups.find(start.board);
  const { columnOf, rowOf } = start.board;
  const firstMoves = Array.from(moves.subarray(0, count), (cell, i): FirstMoveExplanation => {
    const record = trace.firstMoves.get(cell);
    return {
      x: columnOf[cell],
      y: rowOf[cell],
      size: groups.sizeOf[groups.groupOf[cell]],
      rating: heuristic === null ? null : ratings[i],
      games: record?.games ?? 0,
      best: record?.best ?? null,
      chosen: cell === chosen,
    };
  });
  firstMoves.sort((a, b) => (b.best ?? -Infinity) - (a.best ?? -Infinity) || (b.rating ?? 0) - (a.rating ?? 0));
  return { heuristic, firstMoves, improvements: trace.improvements };
}
