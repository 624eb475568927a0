/** The SameGame solver in a Web Worker. */
import { solve } from '../../../src/samegame/solver.ts';
import { boardFromData, type SolverReply, type SolverRequest } from './solver-client.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SolverRequest>) => void) | null;
  postMessage(message: SolverReply): void;
};

scope.onmessage = ({ data: { id, board, options } }) => {
  try {
    scope.postMessage({ id, solution: solve(boardFromData(board), options) });
  } catch (error) {
    scope.postMessage({ id, error: (error as Error).message });
  }
};
