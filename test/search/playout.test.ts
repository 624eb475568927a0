import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { Budget } from '../../src/search/budget.ts';
import { GameRecord, Playouts } from '../../src/search/playout.ts';
import { ToyProblem, type ToyState } from './toy-problem.ts';

/**
 * The toy problem over long games, with priors: at a place that is a multiple of 5 every move has prior
 * −Infinity; elsewhere digit 0 has −Infinity at even places, digit 1 has −1 and digit 2 has 0.
 */
class ToyWithPriors extends ToyProblem {
  priors(state: ToyState, moves: Int32Array, count: number, out: Float64Array): void {
    for (let i = 0; i < count; i++) out[i] = toyPrior(state.digits.length, moves[i]);
  }
}

/** The same, listing its moves, priors and codes in one pass. */
class ToyWithPriorsInOnePass extends ToyWithPriors {
  listMoves(state: ToyState, moves: Int32Array, priors: Float64Array, codes: Int32Array): number {
    const count = this.moves(state, moves);
    this.priors(state, moves, count, priors);
    for (let i = 0; i < count; i++) codes[i] = this.code(state, moves[i]);
    return count;
  }
}

function toyPrior(place: number, digit: number): number {
  if (place % 5 === 0 || (digit === 0 && place % 2 === 0)) return -Infinity;
  return digit === 1 ? -1 : 0;
}

describe('Playouts', () => {
  for (const [name, problem] of [
    ['moves, priors and codes asked apart', new ToyWithPriors(400)],
    ['moves, priors and codes listed in one pass', new ToyWithPriorsInOnePass(400)],
  ] as const) {
    it(`records every step of a game as the problem gives it, through priors of −Infinity and a record that grows (${name})`, () => {
      const prng = new Prng(11);
      const policy = Float64Array.from({ length: problem.codeCount }, () => Math.exp(prng.nextFloat() * 4 - 2));
      const playouts = new Playouts(problem, new Prng(5));
      const record = new GameRecord();
      const sequence = new Int32Array(problem.maxDepth);
      for (let game = 0; game < 3; game++) {
        const length = playouts.run(problem.start(), policy, sequence, 0, new Budget(), record);
        // Games of 400 steps and about 1,000 entries: the record grows past its first 64 steps and 1,024 entries.
        expect(length).toBe(400);
        expect(record.steps).toBe(400);
        const state = problem.start();
        const moves = new Int32Array(problem.maxMoves);
        for (let t = 0; t < length; t++) {
          const count = problem.moves(state, moves);
          const from = record.offsets[t];
          expect(record.offsets[t + 1] - from).toBe(count);
          const priors = Array.from(moves.subarray(0, count), (move) => toyPrior(state.digits.length, move));
          const allBarred = priors.every((prior) => prior === -Infinity);
          for (let i = 0; i < count; i++) {
            expect(record.codes[from + i]).toBe(problem.code(state, moves[i]));
            expect(record.bases[from + i]).toBe(allBarred ? 1 : Math.exp(priors[i]));
          }
          const played = record.played[t] - from;
          expect(moves[played]).toBe(sequence[t]);
          if (!allBarred) expect(priors[played]).not.toBe(-Infinity);
          problem.play(state, sequence[t]);
        }
      }
    });
  }

  it('gives both ways of listing the same games, draw for draw', () => {
    const games = [new ToyWithPriors(60), new ToyWithPriorsInOnePass(60)].map((problem) => {
      const playouts = new Playouts(problem, new Prng(3));
      const sequence = new Int32Array(problem.maxDepth);
      return Array.from({ length: 20 }, () => [...sequence.subarray(0, playouts.run(problem.start(), null, sequence, 0, new Budget()))]);
    });
    expect(games[1]).toEqual(games[0]);
  });
});
