/**
 * `npx tsx bench/samegame.ts`: speed of the SameGame engine and of NRPA on the 20 standard positions,
 * single thread, medians of several rounds: random playouts (moves played per second, with the move
 * list found afresh at every step) and NRPA's nodes per second. The positions are the shipped standard set.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Prng } from '../src/core/prng.ts';
import { median } from '../src/core/stats.ts';
import { readBoardFile } from '../src/samegame/board-files.ts';
import { SameGameProblem } from '../src/samegame/problem.ts';
import { TEST_SETS } from '../src/samegame/test-sets.ts';
import { Budget } from '../src/search/budget.ts';
import { nrpa } from '../src/search/nrpa.ts';
import { Playouts } from '../src/search/playout.ts';

const ROUNDS = 5;
const standard = TEST_SETS.standard;
const problems = readdirSync(standard)
  .filter((file) => file.endsWith('.txt'))
  .sort()
  .map((file) => new SameGameProblem(readBoardFile(join(standard, file)), { scoring: 'standard', shift: 'left' }));

function rate(round: () => number): number {
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint();
    const moves = round();
    rates.push(moves / (Number(process.hrtime.bigint() - start) / 1e9));
  }
  return Math.round(median(rates));
}

const playoutRate = rate(() => {
  const budget = new Budget();
  for (const problem of problems) {
    const playouts = new Playouts(problem, new Prng(1));
    const state = problem.start();
    const start = problem.start();
    const sequence = new Int32Array(problem.maxDepth);
    for (let game = 0; game < 100; game++) {
      problem.copy(state, start);
      playouts.run(state, null, sequence, 0, budget);
    }
  }
  return budget.nodes;
});
const nrpaRate = rate(() => problems.reduce((nodes, problem) => nodes + nrpa(problem, { level: 2, iterations: 20 }).nodes, 0));
process.stdout.write(
  `samegame 15x15 standard set: random playouts (tabu colour) ${playoutRate.toLocaleString('en-US')} moves/s; ` +
    `NRPA ${nrpaRate.toLocaleString('en-US')} nodes/s (median of ${ROUNDS}, one thread)\n`,
);
