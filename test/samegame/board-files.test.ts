import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBoardText, readBoardFile } from '../../src/samegame/board-files.ts';
import { TEST_SETS } from '../../src/samegame/test-sets.ts';

const standard = TEST_SETS.standard;

describe('board files', () => {
  it('reads the 20 standard positions shipped in the package: 15 × 15, 5 colours, full, as their README says', () => {
    const files = readdirSync(standard).filter((file) => file.endsWith('.txt'));
    expect(files).toEqual(Array.from({ length: 20 }, (_, i) => `schadd_${String(i + 1).padStart(2, '0')}.txt`));
    files.forEach((file, i) => {
      const board = readBoardFile(join(standard, file));
      expect([board.width, board.height, board.colours, board.cellCount()]).toEqual([15, 15, 5, 225]);
      const counts = [...board.counts].sort((a, b) => a - b);
      // 11–15: 45 cells of each colour; 16–20: one colour with 65 cells, the others 40.
      if (i >= 10 && i < 15) expect(counts).toEqual([45, 45, 45, 45, 45]);
      if (i >= 15) expect(counts).toEqual([40, 40, 40, 40, 65]);
    });
  });

  it('writes what it reads, ignoring blank lines around and carriage returns', () => {
    expect(parseBoardText('\n\r\n0.\r\n01\r\n\n').toString()).toBe('0.\n01');
  });

  it.each([
    ['ragged rows', '012\n01', /row 2 has 2 cells but row 1 has 3: every row must be as wide/],
    ['a bad character', '012\n0x2', /row 2 has "x" at column 2: use digits 0-8 \(colours\) and "." \(empty\)/],
    ['a tenth colour', '019', /row 1 has "9" at column 3/],
    ['too many columns', '0'.repeat(51), /the board is 51x1 \(columns x rows\): at most 50x50 is allowed/],
    ['too many rows', '0\n'.repeat(51), /the board is 1x51/],
    ['a floating cell', '0.\n.1', /the cell at column 1, row 2 from the bottom floats above an empty cell/],
    ['nothing', '\n  \n', /the board is empty/],
  ])('explains %s', (_what, text, message) => {
    expect(() => parseBoardText(text)).toThrow(message);
  });

  it('names the file in its messages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridmind-boards-'));
    const file = join(dir, 'bad.txt');
    writeFileSync(file, '01\n0');
    expect(() => readBoardFile(file)).toThrow(`board file ${file}: row 2 has 1 cells but row 1 has 2`);
    expect(() => readBoardFile(join(dir, 'missing.txt'))).toThrow(/cannot read board file .*missing\.txt: no such file or directory/);
  });
});
