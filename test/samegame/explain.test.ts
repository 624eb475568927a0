import { describe, expect, it } from 'vitest';
import { HeuristicRater } from '../../src/samegame/heuristics.ts';
import { SameGameProblem } from '../../src/samegame/problem.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { solve, type Solution } from '../../src/samegame/solver.ts';
import type { SearchMethod } from '../../src/search/index.ts';

const RULES = { scoring: 'standard', shift: 'left' } as const;
const board = randomBoard(8, 8, 3, 7);

function explained(method: SearchMethod, extra: object = {}): Required<Pick<Solution, 'explanation'>> & Solution {
  const solution = solve(board, { method, rules: RULES, maxNodes: 20_000, seed: 3, explain: true, ...extra });
  expect(solution.explanation).toBeDefined();
  return solution as Required<Pick<Solution, 'explanation'>> & Solution;
}

describe('solve --explain', () => {
  it.each(['nmcs', 'nrpa'] as const)(
    '%s: every first move with the games played through it, the played one holding the best score',
    (method) => {
      const { explanation, score, moves } = explained(method, method === 'nmcs' ? { level: 2 } : { level: 1, iterations: 20 });
      const problem = new SameGameProblem(board, RULES);
      const count = problem.moves(problem.start(), new Int32Array(problem.maxMoves));
      expect(explanation.firstMoves).toHaveLength(count);
      expect(explanation.heuristic).toBeNull();
      const played = explanation.firstMoves.filter((move) => move.chosen);
      expect(played).toHaveLength(1);
      expect([played[0].x, played[0].y]).toEqual(moves[0]);
      expect(played[0].best).toBe(score); // the best game starts with the move played
      for (const move of explanation.firstMoves) if (move.best !== null) expect(move.best).toBeLessThanOrEqual(score);
      expect(explanation.firstMoves.reduce((sum, move) => sum + move.games, 0)).toBeGreaterThan(count);
      const scores = explanation.improvements.map((improvement) => improvement.score);
      expect(scores.at(-1)).toBe(score);
      expect(scores).toEqual([...scores].sort((a, b) => a - b)); // it only grows
      expect(new Set(scores).size).toBe(scores.length);
    },
  );

  it("depth-first and best-first: each first move's heuristic value, as the heuristic rates it at the start", () => {
    for (const method of ['dfs', 'bestfirst'] as const) {
      const { explanation } = explained(method, { heuristic: 'h2' });
      expect(explanation.heuristic).toBe('h2');
      const problem = new SameGameProblem(board, RULES);
      const start = problem.start();
      const moves = new Int32Array(problem.maxMoves);
      const count = problem.moves(start, moves);
      const ratings = new Float64Array(count);
      new HeuristicRater(board, 'left').rate('h2', start.board, moves, count, ratings);
      const byCell = new Map(
        Array.from(moves.subarray(0, count), (cell, i) => [`${start.board.columnOf[cell]},${start.board.rowOf[cell]}`, ratings[i]]),
      );
      for (const move of explanation.firstMoves) expect(move.rating).toBe(byCell.get(`${move.x},${move.y}`));
    }
  });

  it('costs nothing unless asked: the same search without --explain gives the same game', () => {
    const plain = solve(board, { method: 'nrpa', rules: RULES, maxNodes: 20_000, seed: 3, level: 1, iterations: 20 });
    const { explanation: _explanation, ...withExplanation } = explained('nrpa', { level: 1, iterations: 20 });
    expect(plain.explanation).toBeUndefined();
    expect({ ...withExplanation, ms: 0 }).toEqual({ ...plain, ms: 0 });
  });
});
