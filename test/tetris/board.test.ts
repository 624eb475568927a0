import { describe, expect, it } from 'vitest';
import { expectIndependentClone } from '../clone-property.ts';
import { InputError } from '../../src/core/errors.ts';
import { Prng } from '../../src/core/prng.ts';
import { Board, VANISH_ROWS, parseBoard, parseBoardSize } from '../../src/tetris/board.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';

const drawing = ['....', '#...', '##.#', '####'].join('\n');

describe('Board', () => {
  it('reads and writes drawings top row first, y counted from the floor', () => {
    const board = parseBoard(drawing);
    expect(board.width).toBe(4);
    expect(board.height).toBe(4);
    expect(board.isFilled(0, 0)).toBe(true);
    expect(board.isFilled(2, 1)).toBe(false);
    expect(board.isFilled(0, 2)).toBe(true);
    expect(board.columnHeight(0)).toBe(3);
    expect(board.columnHeight(2)).toBe(1);
    expect(board.toString()).toBe(drawing);
  });

  it('puts a smaller drawing at the bottom of a larger board', () => {
    const board = parseBoard('#...\n####', { width: 4, height: 6 });
    expect(board.height).toBe(6);
    expect(board.toString().split('\n')).toEqual(['....', '....', '....', '....', '#...', '####']);
  });

  it('clones: the copy changes as the original under the same changes, and each is unchanged by the other', () => {
    const prng = new Prng(11);
    /** Fills random cells and drops random pieces where they fit, clearing full rows. */
    const change = (board: Board, driver: Prng) => {
      for (let i = 0; i < 20; i++) {
        board.setCell(driver.nextInt(board.width), driver.nextInt(board.height), driver.nextInt(2) === 1);
        const orientations = ROTATION_SYSTEMS.classic.orientations[driver.nextInt(7)];
        const shape = orientations[driver.nextInt(orientations.length)];
        const x = driver.nextInt(board.width - shape.width + 1);
        const y = driver.nextInt(board.height);
        if (board.fits(shape, x, y)) board.place(shape, x, y);
        board.clearFullRows();
      }
    };
    for (let trial = 0; trial < 30; trial++) {
      const board = new Board(4 + prng.nextInt(13), 4 + prng.nextInt(20));
      change(board, prng);
      const copy = expectIndependentClone(board, prng, (subject) => [...subject.rows], change);
      expect(copy.equals(board)).toBe(true);
    }
  });

  it('clears exactly the full rows and moves the rest down', () => {
    const board = parseBoard(['#...', '####', '.#..', '####'].join('\n'));
    const cleared: number[] = [];
    expect(board.clearFullRows(cleared)).toBe(2);
    expect(board.toString()).toBe(['....', '....', '#...', '.#..'].join('\n'));
    expect(cleared).toEqual([0, 2]); // as numbered before the clear, bottom first
  });

  it("checks fits against walls, floor, the vanish zone's ceiling and cells", () => {
    const board = parseBoard(drawing);
    const o = ROTATION_SYSTEMS.classic.orientations[1][0];
    expect(board.fits(o, 2, 2)).toBe(true);
    expect(board.fits(o, 1, 2)).toBe(true);
    expect(board.fits(o, 0, 2)).toBe(false); // cell (0,2) is filled
    expect(board.fits(o, 3, 2)).toBe(false); // right wall
    expect(board.fits(o, 2, 3)).toBe(true); // reaching into the vanish zone above the top
    expect(board.fits(o, 2, 4 + VANISH_ROWS - 2)).toBe(true);
    expect(board.fits(o, 2, 4 + VANISH_ROWS - 1)).toBe(false); // above the vanish zone
    expect(board.fits(o, 2, -1)).toBe(false); // below the floor
  });

  it('enforces width 4–16 and height 4–64', () => {
    expect(() => new Board(3, 10)).toThrow(/width 3 is out of range: use 4 to 16/);
    expect(() => new Board(17, 10)).toThrow(InputError);
    expect(() => new Board(10, 65)).toThrow(/height 65 is out of range: use 4 to 64/);
    expect(new Board(16, 64).fullRow).toBe(0xffff);
    expect(parseBoardSize('8x30')).toEqual({ width: 8, height: 30 });
    expect(() => parseBoardSize('10by20')).toThrow(/write WIDTHxHEIGHT/);
  });

  it('explains malformed drawings', () => {
    expect(() => parseBoard('....\n...')).toThrow(/row 2 has 3 cells but row 1 has 4/);
    expect(() => parseBoard('..x.\n....')).toThrow(/row 1 has "x" at column 3/);
    expect(() => parseBoard('')).toThrow(/empty/);
    expect(() => parseBoard('....\n....\n....', { width: 4, height: 2 })).toThrow(/3 rows but the board has only 2/);
    expect(() => parseBoard('.....', { width: 4, height: 4 })).toThrow(/5 wide but the board is 4 wide/);
  });
});
