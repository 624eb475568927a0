import { describe, expect, it } from 'vitest';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { HEURISTICS } from '../../src/samegame/heuristic-names.ts';
import { HeuristicRater } from '../../src/samegame/heuristics.ts';
import { SameGameProblem } from '../../src/samegame/problem.ts';
import type { Scoring } from '../../src/samegame/rules/options.ts';
import { beam, bestFirst, bfs, dfs, dls, iddfs, nmcs, nrpa, type SearchResult } from '../../src/search/index.ts';
import { bestScore, columnsOf } from '../samegame/reference.ts';

// Small boards whose best score the plain model finds by trying every game.
const BOARDS = [
  ['01121', '02222', '01011', '10122', '11222'], // best: cleared (standard 1101, classic 156)
  ['01001', '01001', '01110', '01221', '10212'], // best leaves cells (standard 50, classic 102)
  ['121002', '021202', '102121', '020101'], // standard 5, classic 26
  ['101132', '122203', '230321', '003021', '323312'], // 4 colours: standard 1018, classic 72
];

/** The score of playing `moves` (cells) on the board, as the game itself counts it. */
function replay(rows: string[], scoring: Scoring, moves: number[]): number {
  const board = parseBoardText(rows.join('\n'));
  const game = new SameGame(board, { scoring, shift: 'left' });
  for (const cell of moves) game.play(board.columnOf[cell], board.rowOf[cell]);
  expect(game.isOver()).toBe(true);
  return game.score();
}

type Method = (problem: SameGameProblem, rows: string[]) => SearchResult;
const rater = (rows: string[]) => new HeuristicRater(parseBoardText(rows.join('\n')), 'left');
const METHODS: [string, Method][] = [
  ['bfs', (problem) => bfs(problem)],
  ['dfs', (problem) => dfs(problem)],
  ['dfs ordered by h4', (problem, rows) => dfs(problem, { rating: rater(rows).rating('h4') })],
  ['dls deep enough', (problem) => dls(problem, { depth: problem.maxDepth })],
  ['iddfs', (problem) => iddfs(problem, { depth: problem.maxDepth })],
  ...HEURISTICS.map((h): [string, Method] => [`bestfirst ${h}`, (problem, rows) => bestFirst(problem, { rating: rater(rows).rating(h) })]),
  ['beam, widening until nothing is left out', (problem) => beam(problem, { width: 1, widen: true })],
  ['nmcs level 3', (problem) => nmcs(problem, { level: 3, seed: 3 })],
  // A single NRPA run can settle on a game that does not clear the board: restarts find the clear.
  ['nrpa level 2, restarting', (problem) => nrpa(problem, { level: 2, iterations: 30, seed: 3, runs: Infinity, maxNodes: 300_000 })],
  [
    'nrpa level 2 stabilized, 3 playouts a step, restarting',
    (problem) => nrpa(problem, { level: 2, iterations: 10, stabilization: 3, seed: 3, runs: Infinity, maxNodes: 300_000 }),
  ],
];

describe('every method finds the best score of small boards', () => {
  for (const scoring of ['standard', 'classic'] as const) {
    for (const rows of BOARDS) {
      const optimum = bestScore(columnsOf(rows), scoring);
      it.each(METHODS)(`%s, ${scoring} scoring, ${rows.join('/')} (best ${optimum})`, (name, method) => {
        const problem = new SameGameProblem(parseBoardText(rows.join('\n')), { scoring, shift: 'left' });
        const result = method(problem, rows);
        expect(result.solved).toBe(true);
        expect(result.score).toBe(optimum);
        expect(replay(rows, scoring, result.moves)).toBe(optimum);
        expect(result.stop).toBe(name.includes('restarting') ? 'nodes' : 'done');
      });
    }
  }
});
