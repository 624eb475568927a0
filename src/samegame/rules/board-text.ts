import { InputError } from '../../core/errors.ts';
import { SameGameBoard } from './board.ts';
import { MAX_COLOURS, MAX_SIDE } from './options.ts';

/**
 * Reads a board in the format of the standard test set (`data/samegame/README.md`): one line per
 * row, top row first, one digit per cell from the leftmost column, digits 0–8 being colours. Gridmind
 * also reads `.` as an empty cell, so that a position in mid-game can be saved; cells must rest on the
 * floor (no cell above an empty one). Blank lines around the board are ignored. The number of colours
 * is the highest digit + 1 (at least 2).
 */
export function parseBoardText(text: string): SameGameBoard {
  const lines = text.replace(/\r/g, '').split('\n');
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();
  if (lines.length === 0) throw new InputError('the board is empty: give rows of digits 0-8 (one per cell), top row first');
  const width = lines[0].length;
  if (lines.length > MAX_SIDE || width > MAX_SIDE) {
    throw new InputError(`the board is ${width}x${lines.length} (columns x rows): at most ${MAX_SIDE}x${MAX_SIDE} is allowed`);
  }
  lines.forEach((line, index) => {
    const bad = /[^0-8.]/.exec(line);
    if (bad) {
      throw new InputError(
        `row ${index + 1} has "${bad[0]}" at column ${bad.index + 1}: use digits 0-${MAX_COLOURS - 1} (colours) and "." (empty)`,
      );
    }
    if (line.length !== width)
      throw new InputError(`row ${index + 1} has ${line.length} cells but row 1 has ${width}: every row must be as wide`);
  });
  const height = lines.length;
  const columns = Array.from({ length: width }, (_, x) =>
    Array.from({ length: height }, (_, y) => {
      const symbol = lines[height - 1 - y][x];
      return symbol === '.' ? -1 : Number(symbol);
    }),
  );
  const colours = Math.max(1, ...columns.flat()) + 1;
  return SameGameBoard.fromColumns(columns, height, colours);
}
