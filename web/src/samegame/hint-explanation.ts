/** A hint's explanation, group by group: what the hint's search saw of the move that removes a group. */
import type { FirstMoveExplanation, SolveExplanation } from '../../../src/samegame/solver.ts';
import { points } from './words.ts';

/** What the search saw of the first move that removes the group `group` (its cells), if any. */
export function firstMoveOf(explanation: SolveExplanation, group: readonly [number, number][]): FirstMoveExplanation | null {
  const cells = new Set(group.map(([x, y]) => `${x},${y}`));
  return explanation.firstMoves.find(({ x, y }) => cells.has(`${x},${y}`)) ?? null;
}

/** A hovered group's numbers from the hint's search: the heuristic's value of the move, and the games through it with their best. */
export function describeFirstMove(move: FirstMoveExplanation, heuristic: string | null): string {
  const rated = move.rating === null ? '' : ` ${heuristic} value ${points(move.rating)};`;
  const games =
    move.games === 0
      ? ' no game of the search began with it'
      : ` ${points(move.games)} games of the search began with it, the best scoring ${points(move.best!)}`;
  return `${move.chosen ? 'The hint.' : 'Another move.'}${rated}${games}.`;
}
