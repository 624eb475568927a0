import { parseWidthByHeight } from '../core/board-size.ts';
import { InputError } from '../core/errors.ts';
import type { Shape } from './shape.ts';

export const MIN_WIDTH = 4;
export const MAX_WIDTH = 16;
export const MIN_HEIGHT = 4;
export const MAX_HEIGHT = 64;

/**
 * Rows above the top of the board where a falling piece may still move and turn (the Guideline's
 * "vanish zone"), so that a piece turning at its spawn position is not stopped by the ceiling. A piece
 * can never lock there: a lock with a cell above the top ends the game.
 */
export const VANISH_ROWS = 4;

/**
 * A Tetris playfield as bit rows: `rows[y]` holds row y counted from the floor (0 = bottom), bit x
 * set when column x (0 = left) is filled. Columns outside [0, width) and rows below 0 are walls; the
 * {@link VANISH_ROWS} rows above the top (indices height … height + 3) are always empty.
 */
export class Board {
  readonly rows: Uint32Array;
  /** The mask of a full row: `width` low bits set. */
  readonly fullRow: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    checkBoardSize(width, height);
    this.rows = new Uint32Array(height + VANISH_ROWS);
    this.fullRow = (1 << width) - 1;
  }

  clone(): Board {
    const copy = new Board(this.width, this.height);
    copy.rows.set(this.rows);
    return copy;
  }

  equals(other: Board): boolean {
    return this.width === other.width && this.height === other.height && this.rows.every((row, y) => row === other.rows[y]);
  }

  isFilled(x: number, y: number): boolean {
    return ((this.rows[y] >>> x) & 1) === 1;
  }

  setCell(x: number, y: number, filled: boolean): void {
    if (filled) this.rows[y] |= 1 << x;
    else this.rows[y] &= ~(1 << x);
  }

  /**
   * True when the shape with its bounding box's bottom-left corner at (x, y) lies on empty cells
   * between the walls, above the floor and below the top of the vanish zone.
   */
  fits(shape: Shape, x: number, y: number): boolean {
    if (x < 0 || y < 0 || x + shape.width > this.width || y + shape.height > this.height + VANISH_ROWS) return false;
    const rows = shape.rows;
    for (let k = 0; k < rows.length; k++) if ((this.rows[y + k] & (rows[k] << x)) !== 0) return false;
    return true;
  }

  /** Fills the shape's cells at (x, y); the caller has checked that it fits. */
  place(shape: Shape, x: number, y: number): void {
    const rows = shape.rows;
    for (let k = 0; k < rows.length; k++) this.rows[y + k] |= rows[k] << x;
  }

  /**
   * Removes every full row of the board, moving the rows above (the vanish zone's too) down; returns how
   * many. `removed`, when given, receives the rows removed, numbered as they were, bottom first.
   */
  clearFullRows(removed?: number[]): number {
    const rows = this.rows;
    let kept = 0;
    for (let y = 0; y < rows.length; y++) {
      if (y >= this.height || rows[y] !== this.fullRow) rows[kept++] = rows[y];
      else removed?.push(y);
    }
    const cleared = rows.length - kept;
    rows.fill(0, kept);
    return cleared;
  }

  /** Removes the rows listed (numbered from the floor), moving the rows above them down. */
  removeRows(removed: readonly number[]): void {
    const rows = this.rows;
    let kept = 0;
    for (let y = 0; y < rows.length; y++) if (!removed.includes(y)) rows[kept++] = rows[y];
    rows.fill(0, kept);
  }

  /** Empties the vanish zone; returns whether anything was there (a stack reaching above the top). */
  clearVanishZone(): boolean {
    let found = false;
    for (let y = this.height; y < this.rows.length; y++) {
      if (this.rows[y] !== 0) found = true;
      this.rows[y] = 0;
    }
    return found;
  }

  /** Height of the stack: the highest filled row + 1, or 0 when the board is empty (= the highest column). */
  stackHeight(): number {
    for (let y = this.height - 1; y >= 0; y--) if (this.rows[y] !== 0) return y + 1;
    return 0;
  }

  /** Fills `heights` with every column's height. */
  columnHeights(heights: Int32Array): void {
    measureColumnHeights(this.rows, this.stackHeight(), this.width, heights);
  }

  /** Height of column x: its highest filled cell + 1, or 0 when empty. */
  columnHeight(x: number): number {
    const bit = 1 << x;
    for (let y = this.height - 1; y >= 0; y--) if ((this.rows[y] & bit) !== 0) return y + 1;
    return 0;
  }

  /** Rows of `.` (empty) and `#` (filled), top row first. */
  toString(): string {
    const lines: string[] = [];
    for (let y = this.height - 1; y >= 0; y--) {
      let line = '';
      for (let x = 0; x < this.width; x++) line += this.isFilled(x, y) ? '#' : '.';
      lines.push(line);
    }
    return lines.join('\n');
  }
}

/**
 * Fills `heights` with the height of each of `width` columns of bit rows whose rows from `top` up are
 * empty, scanning down from the top and stopping once every column has been seen.
 */
export function measureColumnHeights(rows: Uint32Array, top: number, width: number, heights: Int32Array): void {
  heights.fill(0, 0, width);
  const full = (1 << width) - 1;
  let seen = 0;
  for (let y = top - 1; y >= 0 && seen !== full; y--) {
    for (let fresh = rows[y] & ~seen; fresh !== 0; fresh &= fresh - 1) heights[31 - Math.clz32(fresh & -fresh)] = y + 1;
    seen |= rows[y];
  }
}

/** What is wrong with a board width outside MIN_WIDTH–MAX_WIDTH, for the engine's and the borders' messages. */
export const boardWidthMessage = (width: unknown) =>
  `board width ${String(width)} is out of range: use ${MIN_WIDTH} to ${MAX_WIDTH} columns`;
/** What is wrong with a board height outside MIN_HEIGHT–MAX_HEIGHT. */
export const boardHeightMessage = (height: unknown) =>
  `board height ${String(height)} is out of range: use ${MIN_HEIGHT} to ${MAX_HEIGHT} rows`;

/** Checks a board size against Gridmind's limits (MIN_WIDTH to MAX_WIDTH columns, MIN_HEIGHT to MAX_HEIGHT rows). */
export function checkBoardSize(width: number, height: number): void {
  if (!Number.isInteger(width) || width < MIN_WIDTH || width > MAX_WIDTH) throw new InputError(boardWidthMessage(width));
  if (!Number.isInteger(height) || height < MIN_HEIGHT || height > MAX_HEIGHT) throw new InputError(boardHeightMessage(height));
}

/** Reads a board size written `WIDTHxHEIGHT`, such as `10x20`. */
export function parseBoardSize(text: string): { width: number; height: number } {
  const size = parseWidthByHeight(text, '10x20');
  checkBoardSize(size.width, size.height);
  return size;
}

/**
 * Reads a board drawn as rows of `.` (empty) and `#` (filled), top row first; blank lines around the
 * drawing are ignored. With a size, the drawing fills the bottom rows of a board of that size.
 */
export function parseBoard(text: string, size?: { width: number; height: number }): Board {
  const lines = text.replace(/\r/g, '').split('\n');
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();
  if (lines.length === 0) throw new InputError('the board drawing is empty: give rows of "." and "#", top row first');
  const width = lines[0].length;
  lines.forEach((line, index) => {
    const bad = /[^.#]/.exec(line);
    if (bad)
      throw new InputError(`board row ${index + 1} has "${bad[0]}" at column ${bad.index + 1}: use only "." (empty) and "#" (filled)`);
    if (line.length !== width)
      throw new InputError(`board row ${index + 1} has ${line.length} cells but row 1 has ${width}: every row must be as wide`);
  });
  const target = size ?? { width, height: lines.length };
  if (width !== target.width) throw new InputError(`the board drawing is ${width} wide but the board is ${target.width} wide`);
  if (lines.length > target.height)
    throw new InputError(`the board drawing has ${lines.length} rows but the board has only ${target.height}`);
  const board = new Board(target.width, target.height);
  lines.forEach((line, index) => {
    const y = lines.length - 1 - index;
    for (let x = 0; x < width; x++) if (line[x] === '#') board.setCell(x, y, true);
  });
  return board;
}
