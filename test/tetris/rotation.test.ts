import { describe, expect, it } from 'vitest';
import { Game } from '../../src/tetris/game.ts';
import { PIECE_NAMES } from '../../src/tetris/pieces.ts';
import { ROTATION_SYSTEMS } from '../../src/tetris/rotation/index.ts';

const sortCells = (cells: [number, number][]) => [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);

/** Board cells in the Aveiro protocol's coordinates: x + 1 for the left wall, y counted down from the top. */
const toAveiro = (cells: [number, number][], height: number) => sortCells(cells.map(([x, y]) => [x + 1, height - 1 - y]));

/** Cells of a 5×5 protocol drawing (rows top to bottom) with its box at (boxX, boxY), protocol coordinates. */
function protocolCells(rows: string[], boxX: number, boxY: number): [number, number][] {
  const cells: [number, number][] = [];
  rows.forEach((row, dy) => [...row].forEach((char, dx) => char === '1' && cells.push([boxX + dx, boxY + dy])));
  return sortCells(cells);
}

describe('rotation systems', () => {
  it('have the research protocol state counts in classic and aveiro, and 4 (O 1) in srs', () => {
    const counts = (name: 'classic' | 'aveiro' | 'srs') => ROTATION_SYSTEMS[name].orientations.map((turns) => turns.length);
    expect(counts('classic')).toEqual([2, 1, 4, 2, 2, 4, 4]);
    expect(counts('aveiro')).toEqual([2, 1, 4, 2, 2, 4, 4]);
    expect(counts('srs')).toEqual([4, 1, 4, 4, 4, 4, 4]);
    expect(ROTATION_SYSTEMS.srs.distinctRotations.map((rotations) => rotations.length)).toEqual([2, 1, 4, 2, 2, 4, 4]);
  });

  it('classic turns clockwise only and refuses a blocked turn without kicking', () => {
    const game = new Game({ rules: 'classic', width: 10, height: 20, sequence: 'I' });
    expect(game.press('A')).toBe(false);
    // Vertical I against the left wall: the horizontal I would stick out of the wall, so the turn is refused.
    expect(game.press('C')).toBe(true);
    while (game.press('L'));
    const before = game.activeCells();
    expect(Math.min(...before!.map(([x]) => x))).toBe(0);
    expect(game.press('C')).toBe(false);
    expect(game.activeCells()).toEqual(before);
  });

  describe('aveiro, against the protocol', () => {
    const height = 30;
    it('spawns I and O where the protocol says they first appear (after one fall)', () => {
      const first = (letter: string) => {
        const game = new Game({ rules: 'aveiro', sequence: letter });
        game.advance(game.gravityMs); // the first tick moves the new piece down one row
        return toAveiro(game.activeCells()!, height);
      };
      expect(first('I')).toEqual([
        [2, 2],
        [3, 2],
        [4, 2],
        [5, 2],
      ]);
      expect(first('O')).toEqual([
        [3, 3],
        [3, 4],
        [4, 3],
        [4, 4],
      ]);
    });

    it('steps T through its four protocol boxes in place, starting at index 1', () => {
      const boxes = [
        ['.....', '..1..', '.111.', '.....', '.....'],
        ['.....', '..1..', '..11.', '..1..', '.....'],
        ['.....', '.....', '.111.', '..1..', '.....'],
        ['.....', '..1..', '.11..', '..1..', '.....'],
      ];
      const game = new Game({ rules: 'aveiro', sequence: 'T' });
      game.press('D');
      game.press('D'); // box now at protocol y = 2
      for (let step = 0; step < 4; step++) {
        expect(toAveiro(game.activeCells()!, height)).toEqual(protocolCells(boxes[(1 + step) % 4], 2, 2));
        expect(game.press('C')).toBe(true);
      }
    });

    it('uses index 1 for every piece but O', () => {
      expect(ROTATION_SYSTEMS.aveiro.spawnRotation).toEqual(PIECE_NAMES.map((name) => (name === 'O' ? 0 : 1)));
    });
  });

  describe('srs', () => {
    it('turns T both ways about its centre', () => {
      const game = new Game({ rules: 'classic', rotation: 'srs', sequence: 'T' });
      game.press('D');
      const spawn = sortCells(game.activeCells()!);
      expect(spawn).toEqual([
        [3, 17],
        [4, 17],
        [4, 18],
        [5, 17],
      ]);
      game.press('C');
      expect(sortCells(game.activeCells()!)).toEqual([
        [4, 16],
        [4, 17],
        [4, 18],
        [5, 17],
      ]); // stem right
      game.press('A');
      game.press('A');
      expect(sortCells(game.activeCells()!)).toEqual([
        [3, 17],
        [4, 16],
        [4, 17],
        [4, 18],
      ]); // stem left
    });

    it('kicks a vertical I off the left wall (R→2 tries (0,0), (−1,0), then (+2,0))', () => {
      const game = new Game({ rules: 'classic', rotation: 'srs', sequence: 'I' });
      game.press('C'); // vertical in box column 2
      while (game.press('L'));
      const vertical = game.activeCells()!;
      expect(vertical.every(([x]) => x === 0)).toBe(true);
      const bottom = Math.min(...vertical.map(([, y]) => y));
      expect(game.press('C')).toBe(true);
      // State 2 lies in box row 1 (from the bottom), the box two columns left of the wall, kicked +2.
      expect(sortCells(game.activeCells()!)).toEqual([
        [0, bottom + 1],
        [1, bottom + 1],
        [2, bottom + 1],
        [3, bottom + 1],
      ]);
    });

    it('lets a turn at the spawn reach into the vanish zone instead of kicking sideways', () => {
      const game = new Game({ rules: 'classic', rotation: 'srs', sequence: 'I' });
      expect(game.press('C')).toBe(true);
      expect(sortCells(game.activeCells()!)).toEqual([
        [5, 17],
        [5, 18],
        [5, 19],
        [5, 20],
      ]);
    });
  });
});
