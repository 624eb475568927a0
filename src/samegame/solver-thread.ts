/**
 * The thread a SameGame solver in code solves one board on (`solveWithCode` in code-solvers.ts starts
 * it): it imports the solver's module and solves the board it is sent, while the caller waits at most
 * the time budget and a grace (src/node/timed-thread.ts).
 */
import { answerOnThread } from '../node/timed-thread.ts';
import { parseBoardText } from './board-files.ts';
import { importSolverModule, type SolveRequest } from './code-solvers.ts';
import { SameGame } from './rules/game.ts';

await answerOnThread(async (file: string) => {
  const { solver } = await importSolverModule(file);
  return ({ board, rules, budget }: SolveRequest): unknown => solver.solve(new SameGame(parseBoardText(board), rules), budget);
});
