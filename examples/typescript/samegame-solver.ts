/**
 * A SameGame solver of your own, written against the search library's `Problem` interface, against the
 * library's NMCS on the same board and budget.
 *
 *   npx tsx examples/typescript/samegame-solver.ts [SEED] [NODES]
 *
 * The solver is flat Monte-Carlo: at each position it tries every move, plays random games from each
 * (as many as the budget allows, spread evenly), keeps the move whose best game scored most, and plays
 * it. Any game that implements `Problem` can be solved by it, Tetris with known pieces included.
 */
import { randomBoard, SameGame, SameGameProblem } from 'gridmind/samegame';
import { runSearch, type Problem } from 'gridmind/search';

/** A seeded random number in [0, 1): a small linear congruential generator, so the example stands alone. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Flat Monte-Carlo over any Problem: returns the moves it played and the score they reach. */
function flatMonteCarlo<S>(problem: Problem<S>, nodes: number, seed: number): { moves: number[]; score: number } {
  const random = randomFrom(seed);
  const moves = new Int32Array(problem.maxMoves);
  const state = problem.start();
  const played: number[] = [];
  let budget = nodes;
  /** A random game from `from` to its end; returns its score and counts the moves against the budget. */
  const playout = (from: S): number => {
    const game = problem.clone(from);
    const options = new Int32Array(problem.maxMoves);
    for (let count = problem.moves(game, options); count > 0; count = problem.moves(game, options)) {
      problem.play(game, options[Math.floor(random() * count)]);
      budget--;
    }
    return problem.score(game);
  };
  for (let count = problem.moves(state, moves); count > 0; count = problem.moves(state, moves)) {
    const perMove = Math.max(1, Math.floor(budget / (count * Math.max(1, problem.maxDepth - played.length))));
    let best = moves[0];
    let bestScore = -Infinity;
    for (let i = 0; i < count; i++) {
      const child = problem.clone(state);
      problem.play(child, moves[i]);
      for (let k = 0; k < perMove; k++) {
        const score = playout(child);
        if (score > bestScore) [best, bestScore] = [moves[i], score];
      }
    }
    problem.play(state, best);
    played.push(best);
  }
  return { moves: played, score: problem.score(state) };
}

const seed = Number(process.argv[2] ?? 1);
const nodes = Number(process.argv[3] ?? 200_000);
const board = randomBoard(10, 10, 3, seed);
const rules = { scoring: 'standard', shift: 'left' } as const;
const problem = new SameGameProblem(board, rules);
const mine = flatMonteCarlo(problem, nodes, seed);
const nmcs = runSearch(problem, 'nmcs', { maxNodes: nodes, seed, restart: true });
// The moves are cells of the board before each move: replayed on the game itself, they must score as reported.
const game = new SameGame(board, rules);
for (const cell of mine.moves) game.play(game.board.columnOf[cell], game.board.rowOf[cell]);
console.log(JSON.stringify({ seed, nodes, mine: mine.score, replayed: game.score(), nmcs: nmcs.score }));
