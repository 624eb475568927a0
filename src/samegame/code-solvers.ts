/**
 * SameGame solvers written in code: a JavaScript or TypeScript module (`--solver ./my-solver.mjs`) whose
 * default export solves a board within a budget. The interface, documented in docs/own-agent.md:
 *
 * ```ts
 * export default {
 *   name: 'largest group first',           // optional: its name in results
 *   solve(game, budget) {                  // game: a SameGame on the board; budget: { timeMs, maxNodes, seed }
 *     return [[0, 0], [3, 1]];             // the moves: a cell of each group removed, on the board before it
 *   },
 * };
 * ```
 *
 * The solver runs on a thread of its own (solver-thread.ts). Gridmind replays the moves it returns on its
 * own SameGame: the score reported is the engine's. A solver that throws, returns a move that removes
 * nothing, runs a second past its time budget or ends its thread (process.exit, more memory than its
 * thread may use) has the board's fault, and the board keeps its start.
 */
import { importDefault } from '../node/code-modules.ts';
import { InputError } from '../core/errors.ts';
import { ThreadEnded, TimedThread } from '../node/timed-thread.ts';
import type { SameGameBoard } from './rules/board.ts';
import { SameGame } from './rules/game.ts';
import { playMoves } from './replay.ts';
import { endAdjustment, type SameGameRules } from './rules/options.ts';
import type { Solution } from './solver.ts';

/** What a solver may spend on a board (null: no such limit). */
export interface SolverBudget {
  readonly timeMs: number | null;
  readonly maxNodes: number | null;
  readonly seed: number;
}

/** A SameGame solver in code: the moves it plays on the game it is given. */
export interface CodeSolver {
  readonly name?: string;
  solve(game: SameGame, budget: SolverBudget): readonly (readonly [x: number, y: number])[];
}

/** How long past its time budget a solver in code may run before it is stopped. */
export const SOLVER_GRACE_MS = 1000;
/** The time a solver in code may take when its budget has no time (nodes only). */
const NO_BUDGET_LIMIT_MS = 600_000;

class PastBudget extends Error {}

/** A solver's budget and the board it solves, as plain data for its thread (board-file text). */
export interface SolveRequest {
  readonly board: string;
  readonly rules: SameGameRules;
  readonly budget: SolverBudget;
}

/** Imports a solver module into this thread; one that cannot be loaded or exports no solver is an InputError naming it. */
export async function importSolverModule(file: string): Promise<{ readonly name: string; readonly solver: CodeSolver }> {
  const solver = (await importDefault(file, 'the solver module')) as CodeSolver | undefined;
  if (typeof solver?.solve !== 'function') {
    throw new InputError(
      `the solver module ${file} exports no solver: export default { solve(game, budget) { return []; } } (docs/own-agent.md)`,
    );
  }
  return { name: solver.name ?? file, solver };
}

/** Solves a board with the solver of module `file` on a thread of its own, and replays its moves. */
export function solveWithCode(board: SameGameBoard, file: string, rules: SameGameRules, budget: SolverBudget): Solution {
  const thread = new TimedThread<string, SolveRequest, unknown>(import.meta.url, './solver-thread', file);
  const start = performance.now();
  const late = (limit: number, starting: boolean) =>
    new PastBudget(
      starting ? `${file} did not start within ${limit} ms: stopped` : `${file} ran past its time budget: stopped after ${limit} ms`,
    );
  let moves: unknown;
  try {
    moves = thread.request({ board: board.toString(), rules, budget }, (budget.timeMs ?? NO_BUDGET_LIMIT_MS) + SOLVER_GRACE_MS, late);
  } catch (error) {
    return unsolved(board, rules, start, threadFault(file, error as Error));
  } finally {
    thread.stop();
  }
  const game = new SameGame(board, rules);
  if (!Array.isArray(moves)) return unsolved(board, rules, start, `${file} returned ${JSON.stringify(moves)}: not a list of moves [x, y]`);
  try {
    playMoves(game, moves);
  } catch (error) {
    return unsolved(board, rules, start, `${file}: ${(error as Error).message}`);
  }
  return { ...outcome(game), moves: moves as [number, number][], solved: true, ms: Math.round(performance.now() - start) };
}

/** The fault of solver `file` whose thread failed: past its budget, its thread ended (process.exit, out of memory), or what it threw. */
function threadFault(file: string, error: Error): string {
  if (error instanceof PastBudget) return error.message;
  return error instanceof ThreadEnded ? `${file} ${error.message}` : `${file} threw: ${error.message}`;
}

/** The score, clearing and penalty-rules score of a game as it stands. */
function outcome(game: SameGame) {
  const penaltyScore = game.points + (game.isOver() ? endAdjustment('penalty', game.board.counts, game.board.colours) : 0);
  return { score: game.score(), cleared: game.cleared(), penaltyScore, nodes: 0, stop: 'done' as const };
}

/** A board a solver's fault left at its start. */
function unsolved(board: SameGameBoard, rules: SameGameRules, start: number, fault: string): Solution {
  return { ...outcome(new SameGame(board, rules)), moves: [], solved: false, ms: Math.round(performance.now() - start), fault };
}
