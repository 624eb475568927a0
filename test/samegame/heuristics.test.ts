import { describe, expect, it } from 'vitest';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import type { HeuristicName } from '../../src/samegame/heuristic-names.ts';
import { HeuristicRater } from '../../src/samegame/heuristics.ts';
import { SameGameProblem } from '../../src/samegame/problem.ts';
import type { Shift } from '../../src/samegame/rules/options.ts';

// y=2: 1 0 0     Moves in scan order: A = the 0s at (0,0)-(0,1), B = the 1s at (1,0), (1,1), (2,1),
// y=1: 0 1 1     C = the 0s at (1,2)-(2,2). Alone: the 1 at (0,2) and the 2 at (2,0).
// y=0: 0 1 2     Colours 0 and 1 have 4 cells each: the most frequent is 0 (the lower).
const board = parseBoardText(['100', '011', '012'].join('\n'));

function values(name: HeuristicName, shift: Shift): number[] {
  const problem = new SameGameProblem(board, { scoring: 'standard', shift });
  const state = problem.start();
  const moves = new Int32Array(problem.maxMoves);
  const count = problem.moves(state, moves);
  expect(Array.from(moves.subarray(0, count), (m) => [board.columnOf[m], board.rowOf[m]])).toEqual([
    [0, 0],
    [1, 0],
    [1, 2],
  ]);
  const out = new Float64Array(count);
  new HeuristicRater(board, shift).rate(name, state.board, moves, count, out);
  return [...out];
}

describe('the move heuristics, computed by hand', () => {
  it('h1 = n(n − 1)', () => {
    expect(values('h1', 'left')).toEqual([2, 6, 2]);
  });

  it('h2 = h1 − the cells of the colour left alone', () => {
    expect(values('h2', 'left')).toEqual([2, 5, 2]);
  });

  it('h3 = h2 + Σ n(n − 1) of the groups merged by the move + the closeness of its cell nearest the bottom corner', () => {
    // A: the lone 1 falls onto B's row: a merged group of 4 (12); nearest cell (0,0): 2 + 2 = 4.
    // B: the 0 of C falls beside A: a merged group of 3 (6); nearest cell (1,0): 1 + 2 = 3.
    // C: nothing falls, nothing merges; nearest cell (1,2): 1 + 0 = 1.
    expect(values('h3', 'left')).toEqual([2 + 12 + 4, 5 + 6 + 3, 2 + 0 + 1]);
    // Columns closing to the right: closeness counts x from the left (the setting of the solver they come from).
    expect(values('h3', 'right')).toEqual([2 + 12 + 2, 5 + 6 + 3, 2 + 0 + 2]);
  });

  it('h4 = h3 − 4(W·H)² for the most frequent colour', () => {
    expect(values('h4', 'left')).toEqual([18 - 324, 14, 3 - 324]);
  });

  it('rates children for searches as the points won so far + the heuristic', () => {
    const problem = new SameGameProblem(board, { scoring: 'standard', shift: 'left' });
    const state = problem.start();
    state.points = 100;
    const moves = new Int32Array(problem.maxMoves);
    const count = problem.moves(state, moves);
    const out = new Float64Array(count);
    new HeuristicRater(board, 'left').rating('h2')(state, moves, count, out);
    expect([...out]).toEqual([102, 105, 102]);
  });
});
