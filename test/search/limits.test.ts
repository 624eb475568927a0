import { describe, expect, it } from 'vitest';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import { SameGameProblem } from '../../src/samegame/problem.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { beam, bfs, dfs, dls, iddfs, nmcs, nrpa, runSearch, SEARCH_METHODS } from '../../src/search/index.ts';
import { HeuristicRater } from '../../src/samegame/heuristics.ts';
import { ToyProblem } from './toy-problem.ts';

const big = randomBoard(15, 15, 5, 1);
const problem = new SameGameProblem(big, { scoring: 'standard', shift: 'left' });
const rating = new HeuristicRater(big, 'left').rating('h4');

describe('budgets', () => {
  it.each(SEARCH_METHODS)('%s stops at its node budget and reports the nodes it used', (method) => {
    const result = runSearch(problem, method, { maxNodes: 5000, rating, seed: 1 });
    expect(result.stop).toBe('nodes');
    expect(result.nodes).toBeGreaterThanOrEqual(5000);
    expect(result.nodes).toBeLessThan(5000 + 1000);
  });

  it.each(SEARCH_METHODS)('%s stops at its time budget', (method) => {
    const result = runSearch(problem, method, { timeMs: 100, rating, seed: 1 });
    expect(result.stop).toBe('time');
    expect(result.ms).toBeGreaterThanOrEqual(100);
    expect(result.ms).toBeLessThan(600);
  });

  it.each(SEARCH_METHODS)('%s stops when cancelled, and does nothing when cancelled from the start', (method) => {
    let asked = 0;
    const result = runSearch(problem, method, { rating, seed: 1, cancelled: () => ++asked > 10 });
    expect(result.stop).toBe('cancelled');
    expect(result.nodes).toBeLessThan(256 * 12);
    expect(runSearch(problem, method, { rating, cancelled: () => true })).toMatchObject({ stop: 'cancelled', nodes: 0, solved: false });
  });

  it('can be cancelled from another thread through shared memory', () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    let checks = 0;
    const result = nrpa(problem, {
      level: 3,
      cancelled: () => {
        if (++checks === 5) Atomics.store(flag, 0, 1); // what another thread would do
        return Atomics.load(flag, 0) !== 0;
      },
    });
    expect(result.stop).toBe('cancelled');
  });

  it('Monte-Carlo methods return a whole game even when the budget cuts them short', () => {
    for (const result of [nmcs(problem, { level: 2, maxNodes: 30_000 }), nrpa(problem, { level: 3, maxNodes: 30_000 })]) {
      expect(result.solved).toBe(true);
      expect(result.moves.length).toBeGreaterThan(20);
    }
  });

  it('stabilized NRPA plays P playouts a level-1 step', () => {
    const toy = new ToyProblem();
    const playouts = (stabilization: number) => nrpa(toy, { level: 2, iterations: 4, stabilization, seed: 1 }).nodes / toy.maxDepth;
    expect([1, 3].map(playouts)).toEqual([16, 48]);
    expect(() => nrpa(toy, { level: 1, stabilization: 0 })).toThrow('NRPA stabilization must be a whole number ≥ 1, got 0');
  });

  it('gives the same result for the same seed, another for another seed', () => {
    const a = nrpa(problem, { level: 2, iterations: 10, seed: 5 });
    const b = nrpa(problem, { level: 2, iterations: 10, seed: 5 });
    const c = nrpa(problem, { level: 2, iterations: 10, seed: 6 });
    expect(b.moves).toEqual(a.moves);
    expect(c.moves).not.toEqual(a.moves);
  });
});

describe("the systematic searches' goal and first-solution options", () => {
  // Clearing this board needs the 1s removed first; removing the 0s first scores more now but strands a 1.
  const board = parseBoardText(['001', '110', '001'].join('\n'));
  const small = new SameGameProblem(board, { scoring: 'classic', shift: 'left' });
  const cleared = (state: { board: { isEmpty(): boolean } }) => state.board.isEmpty();

  it('"only accept an empty final board"', () => {
    for (const result of [bfs(small, { goal: cleared }), dfs(small, { goal: cleared }), iddfs(small, { depth: 10, goal: cleared })]) {
      expect(result.solved).toBe(true);
      const end = small.start();
      for (const move of result.moves) small.play(end, move);
      expect(end.board.isEmpty()).toBe(true);
    }
    const impossible = new SameGameProblem(parseBoardText('01\n10'), { scoring: 'standard', shift: 'left' });
    expect(bfs(impossible, { goal: cleared })).toMatchObject({ solved: false, moves: [], stop: 'done' });
  });

  it('BFS stops at the first solution, the one with fewest moves; DFS at the first it reaches', () => {
    const b = randomBoard(5, 4, 3, 1);
    const p = new SameGameProblem(b, { scoring: 'standard', shift: 'left' });
    const first = bfs(p, { first: true });
    const best = bfs(p);
    expect(first.moves.length).toBeLessThanOrEqual(best.moves.length);
    expect(first.nodes).toBeLessThan(best.nodes);
    const depthFirst = dfs(p, { first: true });
    expect(depthFirst.nodes).toBeLessThanOrEqual(depthFirst.moves.length);
  });

  it('DLS finds nothing when every game is longer than its limit; IDDFS deepens until it finds one', () => {
    const b = randomBoard(5, 4, 3, 1);
    const p = new SameGameProblem(b, { scoring: 'standard', shift: 'left' });
    expect(dls(p, { depth: 1 })).toMatchObject({ solved: false, stop: 'done' });
    const deepening = iddfs(p, { depth: 20, first: true });
    expect(deepening.solved).toBe(true);
    expect(deepening.moves.length).toBe(bfs(p, { first: true }).moves.length);
  });

  it('beam search keeps only its width per depth', () => {
    const narrow = beam(problem, { width: 1 });
    const wide = beam(problem, { width: 8 });
    expect(narrow.solved && wide.solved).toBe(true);
    expect(narrow.nodes).toBeLessThan(wide.nodes);
  });
});
