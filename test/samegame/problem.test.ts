import { describe, expect, it } from 'vitest';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import { SameGameProblem } from '../../src/samegame/problem.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { Prng } from '../../src/core/prng.ts';
import { ZobristTable } from '../../src/search/zobrist.ts';

// y=2: 2 2 0 1      The 2s at the top left and the 1s on the right are independent moves:
// y=1: 3 0 0 1      playing them in either order reaches the same board.
// y=0: 3 4 4 1
const board = parseBoardText(['2201', '3001', '3441'].join('\n'));
const problem = new SameGameProblem(board, { scoring: 'standard', shift: 'left' });
const cell = (x: number, y: number) => board.index(x, y);

/** Two problems on one random 15 × 15 board of `colours` colours (columns close left on odd seeds), each with its own group list. */
function twoProblems(seed: number, colours: number): [SameGameProblem, SameGameProblem] {
  const rules = { scoring: 'standard', shift: seed % 2 ? 'left' : 'right' } as const;
  const board = randomBoard(15, 15, colours, seed);
  return [new SameGameProblem(board, rules), new SameGameProblem(board, rules)];
}

describe('SameGameProblem', () => {
  it('lists one move per group, its lowest cell in its leftmost column', () => {
    const moves = new Int32Array(problem.maxMoves);
    const count = problem.moves(problem.start(), moves);
    expect([...moves.subarray(0, count)]).toEqual([cell(0, 0), cell(0, 2), cell(1, 0), cell(1, 1), cell(3, 0)]);
  });

  it('scores a move by its group and the end of the game with its bonus', () => {
    const state = problem.start();
    problem.play(state, cell(3, 0)); // three 1s: (3 − 2)² = 1
    expect(state.points).toBe(1);
    expect(problem.score(state)).toBe(1); // moves are left: no end adjustment yet
    expect(() => problem.play(state, cell(3, 0))).toThrow(/not a move/);
  });

  it('plays a move alike whether its board was just listed or not, and never from a listing of a board since overwritten', () => {
    const prng = new Prng(5);
    for (let seed = 1; seed <= 20; seed++) {
      const random = new SameGameProblem(randomBoard(12, 12, 4, seed), { scoring: 'standard', shift: seed % 2 ? 'left' : 'right' });
      const listed = random.start();
      const unlisted = random.start();
      const elsewhere = random.start();
      const moves = new Int32Array(random.maxMoves);
      for (let count = random.moves(listed, moves); count > 0; count = random.moves(listed, moves)) {
        const move = moves[prng.nextInt(count)];
        random.play(listed, move); // from the listing of its board
        random.moves(elsewhere, new Int32Array(random.maxMoves)); // the last listing is of another board
        random.play(unlisted, move);
        expect(listed.board.equals(unlisted.board) && listed.points === unlisted.points).toBe(true);
      }
      // Two moves in a row after one listing: the second, listed by another problem, is found afresh.
      const twice = random.start();
      const lister = new SameGameProblem(random.board, random.rules);
      const reference = random.start();
      for (let count = random.moves(twice, moves); count > 1; count = random.moves(twice, moves)) {
        const first = moves[prng.nextInt(count)];
        random.play(twice, first);
        random.play(reference, first);
        const next = new Int32Array(random.maxMoves);
        const nextCount = lister.moves(lister.clone(twice), next);
        if (nextCount === 0) break;
        random.play(twice, next[0]);
        random.play(reference, next[0]);
        expect(twice.board.equals(reference.board) && twice.points === reference.points).toBe(true);
      }
      // A listed board overwritten by another: the other's move is found afresh, not in the old listing.
      const other = random.start();
      random.play(other, moves[random.moves(other, moves) - 1]);
      const otherMove = moves[random.moves(other, moves) - 1];
      const overwritten = random.start();
      random.moves(overwritten, moves);
      random.copy(overwritten, other);
      random.play(overwritten, otherMove);
      random.play(other, otherMove);
      expect(overwritten.board.equals(other.board) && overwritten.points === other.points).toBe(true);
    }
  });

  it('lists after a move played from its listing what a fresh listing of the board lists', () => {
    const prng = new Prng(11);
    for (let seed = 1; seed <= 20; seed++) {
      const [random, lister] = twoProblems(seed, 3 + (seed % 3));
      const state = random.start();
      const moves = new Int32Array(random.maxMoves);
      const fresh = new Int32Array(random.maxMoves);
      const group = new Int32Array(random.maxMoves * 2);
      for (let count = random.moves(state, moves); count > 0; count = random.moves(state, moves)) {
        const freshCount = lister.moves(lister.clone(state), fresh);
        expect([...moves.subarray(0, count)]).toEqual([...fresh.subarray(0, freshCount)]);
        // Any cell of a group plays it, not only the first.
        const size = state.board.group(moves[prng.nextInt(count)], group);
        random.play(state, group[prng.nextInt(size)]);
      }
      expect(lister.moves(lister.clone(state), fresh)).toBe(0);
      // A board played from its listing and then overwritten lists the other board's moves.
      const played = random.start();
      const other = random.start();
      random.play(other, moves[random.moves(other, moves) - 1]);
      random.play(played, moves[random.moves(played, moves) >> 1]);
      random.copy(played, other);
      const count = random.moves(played, moves);
      expect([...moves.subarray(0, count)]).toEqual([...fresh.subarray(0, lister.moves(lister.clone(other), fresh))]);
    }
  });

  it('lists moves with their priors and codes in one call exactly as moves, priors and code give them', () => {
    const prng = new Prng(17);
    for (let seed = 1; seed <= 10; seed++) {
      const [random, separate] = twoProblems(seed, 2 + (seed % 4));
      const state = random.start();
      const size = random.maxMoves;
      const [moves, expectedMoves, codes] = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
      const [priors, expectedPriors] = [new Float64Array(size), new Float64Array(size)];
      for (let count = random.listMoves(state, moves, priors, codes); count > 0; count = random.listMoves(state, moves, priors, codes)) {
        const copy = separate.clone(state);
        expect(separate.moves(copy, expectedMoves)).toBe(count);
        separate.priors(copy, expectedMoves, count, expectedPriors);
        expect([...moves.subarray(0, count)]).toEqual([...expectedMoves.subarray(0, count)]);
        expect([...priors.subarray(0, count)]).toEqual([...expectedPriors.subarray(0, count)]);
        expect([...codes.subarray(0, count)]).toEqual(Array.from(expectedMoves.subarray(0, count), (move) => separate.code(copy, move)));
        random.play(state, moves[prng.nextInt(count)]);
      }
    }
  });

  it('hashes equal boards reached in different orders equally, and other boards differently', () => {
    const a = problem.start();
    problem.play(a, cell(0, 2));
    problem.play(a, cell(3, 0));
    const b = problem.start();
    problem.play(b, cell(3, 0));
    problem.play(b, cell(0, 2));
    expect(a.board.equals(b.board)).toBe(true);
    expect(problem.hash(a)).toBe(problem.hash(b));
    expect(problem.hash(a)).not.toBe(problem.hash(problem.start()));
    expect(Number.isSafeInteger(problem.hash(a)) && problem.hash(a) >= 0).toBe(true);
  });

  it('codes a move by its colour and cell, and biases playouts against the most frequent colour', () => {
    const state = problem.start();
    expect(problem.code(state, cell(1, 1))).toBe(0 * board.cells.length + cell(1, 1));
    expect(problem.code(state, cell(3, 0))).toBe(1 * board.cells.length + cell(3, 0));
    const moves = new Int32Array(problem.maxMoves);
    const count = problem.moves(state, moves);
    const priors = new Float64Array(count);
    problem.priors(state, moves, count, priors);
    // Colours 0 and 1 have 3 cells each: the most frequent is 0 (the lower), the group at (1,1).
    expect([...priors].map((prior) => prior < 0)).toEqual([false, false, false, true, false]);
  });
});

describe('the guide of the Monte-Carlo methods', () => {
  it('is the penalty score at the end of a standard game, the score otherwise', () => {
    // Removing the two 0s ends the game with four 1s and four 2s left: penalty 2 · (4 − 2)² = 8.
    const rows = ['00..', '1212', '2121'].join('\n');
    const standard = new SameGameProblem(parseBoardText(rows), { scoring: 'standard', shift: 'left' });
    const state = standard.start();
    expect(standard.guide(state)).toBe(0);
    standard.play(state, state.board.index(0, 2));
    expect([standard.score(state), standard.guide(state)]).toEqual([0, -8]);
    const classic = new SameGameProblem(parseBoardText(rows), { scoring: 'classic', shift: 'left' });
    const end = classic.start();
    classic.play(end, end.board.index(0, 2));
    expect([classic.score(end), classic.guide(end)]).toEqual([2, 2]);
  });
});

describe('ZobristTable', () => {
  it('hashes by the non-zero entries only, the same on every run', () => {
    const table = new ZobristTable(4, 3);
    expect(table.hash([0, 0, 0, 0])).toBe(0);
    expect(table.hash([1, 0, 2, 0])).toBe(table.hash(new Uint8Array([1, 0, 2, 0])));
    expect(table.hash([1, 0, 2, 0])).not.toBe(table.hash([2, 0, 1, 0]));
    expect(new ZobristTable(4, 3).hash([0, 1, 2, 1])).toBe(table.hash([0, 1, 2, 1]));
  });
});
