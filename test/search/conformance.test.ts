/**
 * One conformance suite for the search library: every method on SameGame, on Tetris with known pieces
 * and on a toy problem, checked for the same invariants. A game joins the library by passing it.
 */
import { describe, expect, it } from 'vitest';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import { SameGameProblem } from '../../src/samegame/problem.ts';
import {
  runSearch,
  SEARCH_METHODS,
  type ChildRating,
  type MethodSettings,
  type Problem,
  type SearchMethod,
  type SearchResult,
} from '../../src/search/index.ts';
import { parseBoard, type Board } from '../../src/tetris/board.ts';
import { parsePiece } from '../../src/tetris/pieces.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import type { AgentSpec } from '../../src/tetris-ai/agent-spec.ts';
import { TetrisProblem } from '../../src/tetris-search/problem.ts';
import { ToyProblem } from './toy-problem.ts';

/** Rates each child by the problem's score once the move is played: what best-first needs, and an order for the rest. */
function ratingByScore<S>(problem: Problem<S>): ChildRating<S> {
  return (state, moves, count, out) => {
    for (let i = 0; i < count; i++) {
      const child = problem.clone(state);
      problem.play(child, moves[i]);
      out[i] = problem.score(child);
    }
  };
}

const tetrisBoard = parseBoard(['....', '#.##', '##.#'].join('\n'), { width: 4, height: 6 });
/** A 4 × 4 Tetris board with one free column: no O piece fits. */
const oneColumnFree = parseBoard(['###.', '###.', '###.', '###.'].join('\n'), { width: 4, height: 4 });
const tetris = (board: Board, pieces: string[], agent?: AgentSpec) =>
  new TetrisProblem({ board, pieces: pieces.map(parsePiece), system: ROTATION_SYSTEMS.classic, agent }) as Problem<unknown>;
const sameGame = (rows: string) => new SameGameProblem(parseBoardText(rows), { scoring: 'standard', shift: 'left' }) as Problem<unknown>;

/** Each problem of the suite, and one of its kind whose game is over at the start. */
const PROBLEMS: [string, { make: () => Problem<unknown>; over: () => Problem<unknown> }][] = [
  ['SameGame', { make: () => sameGame('01121\n02222\n01011\n10122\n11222'), over: () => sameGame('01\n10') }],
  ['Tetris, lines cleared', { make: () => tetris(tetrisBoard, ['I', 'O', 'T']), over: () => tetris(oneColumnFree, ['O', 'I']) }],
  [
    "Tetris, an agent's values",
    {
      make: () => tetris(tetrisBoard, ['T', 'L', 'I'], loadAgentSpec('dellacherie')),
      over: () => tetris(oneColumnFree, ['O', 'I'], loadAgentSpec('dellacherie')),
    },
  ],
  ['toy', { make: () => new ToyProblem() as Problem<unknown>, over: () => new ToyProblem(0) as Problem<unknown> }],
];

const search = (problem: Problem<unknown>, method: SearchMethod, settings: MethodSettings<unknown>) =>
  runSearch(problem, method, { rating: ratingByScore(problem), seed: 7, ...settings });

/** Plays the moves from the start, each checked to be among the moves listed where it is played; returns the final state. */
function replay(problem: Problem<unknown>, moves: readonly number[]): unknown {
  const state = problem.start();
  const listed = new Int32Array(problem.maxMoves);
  for (const move of moves) {
    const count = problem.moves(state, listed);
    expect([...listed.subarray(0, count)], `move ${move}`).toContain(move);
    problem.play(state, move);
  }
  return state;
}

const withoutTime = ({ ms: _ms, ...result }: SearchResult) => result;

describe.each(PROBLEMS)('every search method on %s', (_name, { make, over }) => {
  it.each(SEARCH_METHODS)('%s plays legal moves only, to the end of a game, and reports the score its moves replay to', (method) => {
    const problem = make();
    const result = search(problem, method, { maxNodes: 20_000 });
    expect(result.solved).toBe(true);
    const final = replay(problem, result.moves);
    expect(problem.moves(final, new Int32Array(problem.maxMoves))).toBe(0); // a whole game
    expect(result.score).toBe(problem.score(final));
  });

  it.each(SEARCH_METHODS)('%s keeps to its node budget and says so, and keeps to its time budget', (method) => {
    const problem = make();
    const budgeted = search(problem, method, { maxNodes: 40, restart: true });
    expect(budgeted.stop).toBe('nodes');
    expect(budgeted.nodes).toBeGreaterThanOrEqual(40);
    expect(budgeted.nodes).toBeLessThanOrEqual(40 + problem.maxDepth); // a game under way may end
    if (budgeted.solved) expect(budgeted.score).toBe(problem.score(replay(problem, budgeted.moves)));
    const timed = search(problem, method, { timeMs: 30, restart: true });
    expect(['time', 'done']).toContain(timed.stop);
    expect(timed.ms).toBeLessThan(30 + 1000); // generous: the machines are shared
  });

  it.each(SEARCH_METHODS)('%s, restarting, ends at once when the game is over at the start', (method) => {
    const problem = over();
    let looks = 0;
    const counted = new Proxy(problem, {
      get: (target, key) =>
        key === 'moves' ? (state: unknown, out: Int32Array) => (looks++, target.moves(state, out)) : Reflect.get(target, key),
    });
    const result = search(counted, method, { maxNodes: 1_000_000, restart: true });
    expect(result).toMatchObject({ score: problem.score(problem.start()), moves: [], solved: true, nodes: 0, stop: 'done' });
    expect(looks).toBeLessThanOrEqual(3); // a look or two at the start, not one per nested playout
  });

  it.each(SEARCH_METHODS)('%s finds the same game with the same seed', (method) => {
    const problem = make();
    const settings = { maxNodes: 300, restart: true };
    expect(withoutTime(search(problem, method, settings))).toEqual(withoutTime(search(make(), method, settings)));
  });

  it.each(['nmcs', 'nrpa'] as const)('%s plays other games with other seeds, so the same seed decides a game', (method) => {
    const problem = make();
    const games = new Set([1, 2, 3, 4, 5, 6].map((seed) => search(problem, method, { maxNodes: 5, seed, level: 1 }).moves.join(' ')));
    expect(games.size).toBeGreaterThan(1);
  });
});
