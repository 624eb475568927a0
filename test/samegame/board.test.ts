import { describe, expect, it } from 'vitest';
import { expectIndependentClone } from '../clone-property.ts';
import { Prng } from '../../src/core/prng.ts';
import { SameGameBoard } from '../../src/samegame/rules/board.ts';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import { GroupList } from '../../src/samegame/rules/groups.ts';
import { SameGameProblem } from '../../src/samegame/problem.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { nrpa } from '../../src/search/nrpa.ts';
import { groupOf, movesOf, removed, type Columns } from './reference.ts';

const board = (...rows: string[]) => parseBoardText(rows.join('\n'));

/** The cells of the group whose first cell is `first`, in the order the list chains them. */
function cellsOf(groups: GroupList, first: number): number[] {
  const out = new Int32Array(groups.groupOf.length);
  return Array.from(out.subarray(0, groups.cellsOf(first, out)));
}

/** The board's columns as the reference model writes them. */
function columnsFrom(b: SameGameBoard): Columns {
  return Array.from({ length: b.width }, (_, x) => Array.from({ length: b.heights[x] }, (_, y) => b.colourAt(x, y)));
}

describe('SameGameBoard', () => {
  it('reads rows top first, x from the left and y from the bottom', () => {
    const b = board('01.', '012', '122');
    expect([b.width, b.height, b.colours]).toEqual([3, 3, 3]);
    expect(b.colourAt(0, 0)).toBe(1);
    expect(b.colourAt(2, 0)).toBe(2);
    expect(b.colourAt(2, 2)).toBe(-1);
    expect(b.colourAt(5, 0)).toBe(-1);
    expect([...b.heights]).toEqual([3, 3, 2]);
    expect([...b.counts]).toEqual([2, 3, 3]);
    expect(b.toString()).toBe(['01.', '012', '122'].join('\n'));
  });

  it('lets the cells above a removed group fall', () => {
    const b = board('201', '011', '001');
    expect(b.removeGroup(b.index(0, 0), 'left')).toBe(3); // the three 0s
    expect(b.toString()).toBe(['..1', '.01', '211'].join('\n'));
    expect([...b.counts]).toEqual([1, 4, 1]);
  });

  it('closes an emptied column up to the left, or to the right', () => {
    const rows = ['120', '120', '120'];
    const left = board(...rows);
    expect(left.removeGroup(left.index(1, 1), 'left')).toBe(3);
    expect(left.toString()).toBe(['10.', '10.', '10.'].join('\n'));
    const right = board(...rows);
    expect(right.removeGroup(right.index(1, 1), 'right')).toBe(3);
    expect(right.toString()).toBe(['.10', '.10', '.10'].join('\n'));
  });

  it('refuses a cell alone and an empty cell, changing nothing', () => {
    const b = board('01', '10');
    expect(b.removeGroup(b.index(0, 0), 'left')).toBe(0);
    expect(b.isMove(b.index(1, 1))).toBe(false);
    expect(b.toString()).toBe('01\n10');
    const c = board('0.', '01');
    expect(c.removeGroup(c.index(1, 1), 'left')).toBe(0);
  });

  it('removes, falls and shifts exactly as a plain model of the rules, on random boards', () => {
    const prng = new Prng(7);
    for (let trial = 0; trial < 60; trial++) {
      const width = 1 + prng.nextInt(7);
      const height = 1 + prng.nextInt(7);
      const shift = trial % 2 === 0 ? 'left' : 'right';
      const b = randomBoard(width, height, 2 + prng.nextInt(3), trial);
      const groups = new GroupList(b);
      for (;;) {
        const model = columnsFrom(b);
        const count = groups.find(b);
        expect(Array.from(groups.firsts.subarray(0, count), (cell) => [b.columnOf[cell], b.rowOf[cell]])).toEqual(movesOf(model));
        if (count === 0) break;
        const g = prng.nextInt(count);
        const [x, y] = [b.columnOf[groups.firsts[g]], b.rowOf[groups.firsts[g]]];
        expect(groups.sizeOf[groups.firsts[g]]).toBe(groupOf(model, x, y).length);
        expect(b.removeGroup(groups.firsts[g], shift)).toBe(groups.sizeOf[groups.firsts[g]]);
        expect(columnsFrom(b)).toEqual(removed(model, x, y, shift));
        expect([...b.counts].reduce((a, c) => a + c, 0)).toBe(b.cellCount());
      }
    }
  });

  it('clones: the copy changes as the original under the same moves, and each is unchanged by the other', () => {
    const prng = new Prng(13);
    /** The board as data: every cell and count. */
    const observed = (b: SameGameBoard) => ({ cells: [...b.cells], heights: [...b.heights], counts: [...b.counts], text: b.toString() });
    /** Removes up to `count` random groups. */
    const play = (b: SameGameBoard, driver: Prng, count: number, shift: 'left' | 'right') => {
      const groups = new GroupList(b);
      for (let i = 0; i < count; i++) {
        const moves = groups.find(b);
        if (moves === 0) return;
        b.removeGroup(groups.firsts[driver.nextInt(moves)], shift);
      }
    };
    for (let trial = 0; trial < 40; trial++) {
      const shift = trial % 2 === 0 ? 'left' : 'right';
      const b = randomBoard(1 + prng.nextInt(12), 1 + prng.nextInt(12), 2 + prng.nextInt(4), trial);
      play(b, prng, prng.nextInt(8), shift);
      expectIndependentClone(b, prng, observed, (subject, random) => play(subject, random, 5, shift));
    }
  });

  it('lists every group with its cells, and the cells left alone per colour', () => {
    const b = board('0011', '0221', '3421');
    const groups = new GroupList(b);
    expect(groups.find(b)).toBe(3);
    const found = Array.from({ length: groups.count }, (_, g) => ({
      colour: groups.colourOf[groups.firsts[g]],
      first: [b.columnOf[groups.firsts[g]], b.rowOf[groups.firsts[g]]],
      cells: cellsOf(groups, groups.firsts[g])
        .map((c) => [b.columnOf[c], b.rowOf[c]])
        .sort(),
    }));
    expect(found).toEqual([
      {
        colour: 0,
        first: [0, 1],
        cells: [
          [0, 1],
          [0, 2],
          [1, 2],
        ],
      },
      {
        colour: 2,
        first: [1, 1],
        cells: [
          [1, 1],
          [2, 0],
          [2, 1],
        ],
      },
      {
        colour: 1,
        first: [2, 2],
        cells: [
          [2, 2],
          [3, 0],
          [3, 1],
          [3, 2],
        ],
      },
    ]);
    expect([...groups.singles]).toEqual([0, 0, 0, 1, 1]);
    expect(groups.groupOf[b.index(3, 1)]).toBe(groups.firsts[2]);
    expect(cellsOf(groups, groups.firsts[2])[0]).toBe(groups.firsts[2]);
    expect(groups.sizeOf[groups.firsts[2]]).toBe(4);
    expect(groups.groupOf[b.index(0, 0)]).toBe(-1);
  });

  it('finds again after a move from the columns it changed alone, exactly what a fresh scan finds, and after another board', () => {
    /** Everything a list says of the board it last found: its groups with their cells, each cell's group and the singles. */
    const listing = (groups: GroupList) => ({
      groups: Array.from({ length: groups.count }, (_, g) => ({
        first: groups.firsts[g],
        colour: groups.colourOf[groups.firsts[g]],
        size: groups.sizeOf[groups.firsts[g]],
        cells: cellsOf(groups, groups.firsts[g]).sort((p, q) => p - q),
      })),
      groupOf: [...groups.groupOf], // every cell's, empty ones and the frame too
      singles: [...groups.singles],
    });
    const prng = new Prng(29);
    let narrowed = 0;
    for (let trial = 0; trial < 80; trial++) {
      const shift = trial % 2 === 0 ? 'left' : 'right';
      const b = randomBoard(1 + prng.nextInt(15), 1 + prng.nextInt(15), 2 + prng.nextInt(4), 100 + trial);
      const again = new GroupList(b);
      const fresh = new GroupList(b);
      const other = randomBoard(b.width, b.height, b.colours, 500 + trial);
      let changed: [number, number] | null = null;
      for (;;) {
        if (changed === null && prng.nextInt(3) === 0) again.find(other); // a full find forgets another board's groups
        const count = changed === null ? again.find(b) : again.find(b, ...changed);
        fresh.find(b);
        expect(listing(again)).toEqual(listing(fresh));
        if (count === 0) break;
        const g = prng.nextInt(count);
        const cells = cellsOf(again, again.firsts[g]);
        const columns = cells.map((cell) => b.columnOf[cell]);
        const moved = b.removeCells(Int32Array.from(cells), 0, cells.length, shift);
        changed = moved ? null : [Math.min(...columns), Math.max(...columns)];
        if (changed !== null && (changed[0] > 1 || changed[1] < b.width - 3)) narrowed++;
      }
    }
    expect(narrowed).toBeGreaterThan(500); // finds told that only some columns changed
  });

  it('copies and compares boards', () => {
    const b = randomBoard(6, 5, 4, 3);
    const copy = b.clone();
    expect(copy.equals(b)).toBe(true);
    const groups = new GroupList(copy);
    groups.find(copy);
    copy.removeGroup(groups.firsts[0], 'left');
    expect(copy.equals(b)).toBe(false);
    b.copyFrom(copy);
    expect(b.equals(copy)).toBe(true);
    expect(b.toString()).toBe(copy.toString());
  });
});

describe('the largest boards', () => {
  it('play 50 × 50 with 9 colours to the end, and search them', () => {
    for (const shift of ['left', 'right'] as const) {
      const b = randomBoard(50, 50, 9, 5);
      const groups = new GroupList(b);
      let moves = 0;
      for (let count = groups.find(b); count > 0; count = groups.find(b), moves++) b.removeGroup(groups.firsts[count >> 1], shift);
      expect(moves).toBeGreaterThan(300);
      expect([...b.counts].reduce((a, c) => a + c, 0)).toBe(b.cellCount());
    }
    const problem = new SameGameProblem(randomBoard(50, 50, 9, 6), { scoring: 'standard', shift: 'left' });
    const result = nrpa(problem, { level: 2, maxNodes: 20_000 });
    expect(result.solved).toBe(true);
    expect(result.moves.length).toBeGreaterThan(300);
  });
});

describe('random boards', () => {
  it('give the same full board for the same seed, and use the colours asked for', () => {
    const a = randomBoard(15, 15, 5, 42);
    expect(a.toString()).toBe(randomBoard(15, 15, 5, 42).toString());
    expect(a.toString()).not.toBe(randomBoard(15, 15, 5, 43).toString());
    expect(a.cellCount()).toBe(225);
    expect([...a.counts].every((count) => count > 20)).toBe(true);
    expect(randomBoard(50, 50, 9, 1).colours).toBe(9);
    expect(() => randomBoard(5, 5, 1, 1)).toThrow(/1 colours is out of range: use 2 to 9/);
    expect(() => randomBoard(5, 5, 10, 1)).toThrow(/use 2 to 9/);
    expect(() => randomBoard(51, 5, 3, 1)).toThrow(/board width 51 is out of range: use 1 to 50/);
  });
});
