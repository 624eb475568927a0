import { parseWidthByHeight } from '../../core/board-size.ts';
import { InputError } from '../../core/errors.ts';
import { MAX_COLOURS, MAX_SIDE, type Shift } from './options.ts';

/**
 * A SameGame board: `width` columns × `height` rows of cells, each empty or one of `colours` colours.
 *
 * Cells are stored column by column in a frame of empty cells, so that every cell of the board has four
 * neighbours in the array and no bound needs checking: cell (x, y), x from the left and y from the
 * bottom, both from 0, is `cells[index(x, y)]` = `cells[(x + 1) · stride + y + 1]` with stride =
 * height + 2; it holds colour + 1, or 0 when empty. A cell's neighbours are at index ± 1 (up, down) and
 * ± stride (right, left). Cells rest on the floor: column x holds cells at rows 0 … `heights[x]` − 1 and
 * nothing above. `counts[k]` is the number of cells of colour k. Nothing is allocated per move:
 * removal works in place, with scratch arrays sized once per board.
 */
export class SameGameBoard {
  readonly cells: Uint8Array;
  readonly heights: Uint8Array;
  readonly counts: Int32Array;
  /** Distance in `cells` between horizontal neighbours. */
  readonly stride: number;
  /** The cell index → its column and row (for cells of the board); shared by the boards of one size: read, never change. */
  readonly columnOf: Uint8Array;
  readonly rowOf: Uint8Array;
  /**
   * Scratch for {@link group} and {@link removeGroup}: the cells of the group removed, and per cell the stamp of the last
   * fill that reached it and the chain of the group found; made at the first use (a board kept as a copy,
   * such as an undo snapshot, never needs it).
   */
  private scratch: Scratch | null = null;
  private stamp = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly colours: number,
  ) {
    checkBoardSize(width, height);
    if (!Number.isInteger(colours) || colours < 1 || colours > MAX_COLOURS) {
      throw new InputError(`${colours} colours is out of range: use 1 to ${MAX_COLOURS}`);
    }
    this.stride = height + 2;
    this.cells = new Uint8Array((width + 2) * this.stride);
    this.heights = new Uint8Array(width);
    this.counts = new Int32Array(colours);
    ({ columnOf: this.columnOf, rowOf: this.rowOf } = cellTables(width, height));
  }

  /** The index in `cells` of cell (x, y). */
  index(x: number, y: number): number {
    return (x + 1) * this.stride + y + 1;
  }

  /** The index in `cells` of the bottom cell of column x. */
  bottom(x: number): number {
    return (x + 1) * this.stride + 1;
  }

  /** Fills the board from colours given column by column, bottom up (−1 = empty), and checks they rest on the floor. */
  static fromColumns(columns: readonly (readonly number[])[], height: number, colours: number): SameGameBoard {
    const board = new SameGameBoard(columns.length, height, colours);
    columns.forEach((column, x) => {
      column.forEach((colour, y) => {
        if (colour < 0) return;
        if (y > 0 && column[y - 1] < 0)
          throw new InputError(`the cell at column ${x + 1}, row ${y + 1} from the bottom floats above an empty cell`);
        board.cells[board.index(x, y)] = colour + 1;
        board.heights[x] = y + 1;
        board.counts[colour]++;
      });
    });
    return board;
  }

  clone(): SameGameBoard {
    const copy = new SameGameBoard(this.width, this.height, this.colours);
    copy.copyFrom(this);
    return copy;
  }

  /** Makes this board equal to `other`, which has the same size and colours. */
  copyFrom(other: SameGameBoard): void {
    this.cells.set(other.cells);
    this.heights.set(other.heights);
    this.counts.set(other.counts);
  }

  equals(other: SameGameBoard): boolean {
    return (
      this.width === other.width &&
      this.height === other.height &&
      this.colours === other.colours &&
      this.cells.every((cell, i) => cell === other.cells[i])
    );
  }

  /** The colour at (x, y), or −1 when the cell is empty or off the board. */
  colourAt(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return -1;
    return this.cells[this.index(x, y)] - 1;
  }

  /** Cells left on the board. */
  cellCount(): number {
    let total = 0;
    for (let x = 0; x < this.width; x++) total += this.heights[x];
    return total;
  }

  isEmpty(): boolean {
    return this.cellCount() === 0;
  }

  /**
   * The cells of the 4-connected group of one colour that holds `cell`, written to `out` from index 0;
   * returns their number (0 for an empty cell). The first cell written is `cell`.
   */
  group(cell: number, out: Int32Array): number {
    if (this.cells[cell] === 0) return 0;
    const { mark, chain, found } = this.scratchArrays();
    if (++this.stamp === 0x7fffffff) {
      mark.fill(0);
      this.stamp = 1;
    }
    chainGroup(this.cells, this.stride, cell, chain, mark, this.stamp, found);
    return chainedCells(chain, cell, out);
  }

  /** Whether `cell` holds a colour shared by at least one of its four neighbours (a legal move). */
  isMove(cell: number): boolean {
    const cells = this.cells;
    const colour = cells[cell];
    return (
      colour !== 0 &&
      (cells[cell + 1] === colour ||
        cells[cell - 1] === colour ||
        cells[cell + this.stride] === colour ||
        cells[cell - this.stride] === colour)
    );
  }

  /**
   * Removes the group holding `cell` if it has at least 2 cells: the cells above fall, then empty
   * columns close up towards `shift`. Returns the number of cells removed (0: not a move, nothing changed).
   */
  removeGroup(cell: number, shift: Shift): number {
    if (!this.isMove(cell)) return 0;
    const { groupCells } = this.scratchArrays();
    const size = this.group(cell, groupCells);
    this.removeCells(groupCells, 0, size, shift);
    return size;
  }

  /**
   * Removes the `size` cells listed in `group` from index `start` (one group, so one colour), then lets
   * the board settle: the cells above fall, and empty columns close up towards `shift`. Returns whether
   * any column moved. With `span`, writes to it the first and the last column the group spanned.
   */
  removeCells(group: Int32Array, start: number, size: number, shift: Shift, span?: Int32Array): boolean {
    const { cells, columnOf, heights } = this;
    this.counts[cells[group[start]] - 1] -= size;
    let first = this.width;
    let last = -1;
    for (let i = start; i < start + size; i++) {
      const c = group[i];
      cells[c] = 0;
      const x = columnOf[c];
      if (x < first) first = x;
      if (x > last) last = x;
    }
    if (span !== undefined) {
      span[0] = first;
      span[1] = last;
    }
    for (let x = first; x <= last; x++) {
      const base = this.bottom(x);
      const top = base + heights[x];
      let to = base;
      for (let from = base; from < top; from++) {
        const colour = cells[from];
        if (colour !== 0) cells[to++] = colour;
      }
      for (let c = to; c < top; c++) cells[c] = 0; // a loop, not fill: a move empties few cells
      heights[x] = to - base;
    }
    return this.closeColumns(shift);
  }

  private scratchArrays(): Scratch {
    return (this.scratch ??= {
      groupCells: new Int32Array(this.width * this.height),
      mark: new Int32Array(this.cells.length),
      chain: new Int32Array(this.cells.length),
      found: { size: 0, highest: 0 },
    });
  }

  /**
   * Moves the non-empty columns together towards `shift`, keeping their order; any empty column closes,
   * even one the board started with. Returns whether any column moved.
   */
  private closeColumns(shift: Shift): boolean {
    const { cells, heights, width } = this;
    const step = shift === 'left' ? 1 : -1;
    let to = shift === 'left' ? 0 : width - 1;
    let moved = false;
    for (let x = to; x >= 0 && x < width; x += step) {
      if (heights[x] === 0) continue;
      if (x !== to) {
        const from = this.bottom(x);
        cells.copyWithin(this.bottom(to), from, from + heights[x]);
        cells.fill(0, from, from + heights[x]);
        heights[to] = heights[x];
        heights[x] = 0;
        moved = true;
      }
      to += step;
    }
    return moved;
  }

  /** Rows of digits (the colour, 0-based) and `.` for empty cells, top row first. */
  toString(): string {
    const lines: string[] = [];
    for (let y = this.height - 1; y >= 0; y--) {
      let line = '';
      for (let x = 0; x < this.width; x++) {
        const colour = this.colourAt(x, y);
        line += colour < 0 ? '.' : String(colour);
      }
      lines.push(line);
    }
    return lines.join('\n');
  }
}

/** A board's scratch (see {@link SameGameBoard.scratch}). */
interface Scratch {
  readonly groupCells: Int32Array;
  readonly mark: Int32Array;
  readonly chain: Int32Array;
  readonly found: ChainedGroup;
}

/** The tables cell index → column and row of the boards of each size made so far, by width × 64 + height. */
const CELL_TABLES = new Map<number, { readonly columnOf: Uint8Array; readonly rowOf: Uint8Array }>();

/** The tables cell index → column and row of a width × height board (see {@link SameGameBoard.index}), made once a size. */
function cellTables(width: number, height: number): { readonly columnOf: Uint8Array; readonly rowOf: Uint8Array } {
  const key = width * 64 + height;
  let tables = CELL_TABLES.get(key);
  if (tables === undefined) {
    const stride = height + 2;
    tables = { columnOf: new Uint8Array((width + 2) * stride), rowOf: new Uint8Array((width + 2) * stride) };
    for (let x = 0; x < width; x++) {
      for (let y = 0; y < height; y++) {
        tables.columnOf[(x + 1) * stride + y + 1] = x;
        tables.rowOf[(x + 1) * stride + y + 1] = y;
      }
    }
    CELL_TABLES.set(key, tables);
  }
  return tables;
}

/** Checks a board size against Gridmind's SameGame limits (1 to 50 columns and rows). */
export function checkBoardSize(width: number, height: number): void {
  for (const [value, what] of [
    [width, 'width'],
    [height, 'height'],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_SIDE) {
      throw new InputError(`board ${what} ${value} is out of range: use 1 to ${MAX_SIDE}`);
    }
  }
}

/** Reads a board size written `WIDTHxHEIGHT`, such as `15x15` (1 to 50 each). */
export function parseBoardSize(text: string): { width: number; height: number } {
  const size = parseWidthByHeight(text, '15x15');
  checkBoardSize(size.width, size.height);
  return size;
}

/** Writes the cells chained through `next` from `first` (see {@link chainGroup}) to `out` from index 0; returns their number. */
export function chainedCells(next: Int32Array, first: number, out: Int32Array): number {
  let size = 0;
  for (let c = first; c >= 0; c = next[c]) out[size++] = c;
  return size;
}

/** What {@link chainGroup} found: the group's number of cells and its highest cell index (in its last column, cells going column by column). */
export interface ChainedGroup {
  size: number;
  highest: number;
}

/**
 * Finds the 4-connected group of one colour holding `cell`, which is not empty, and chains its cells
 * through `next` in the order found (breadth first): from `cell`, each cell's `next` is the group's next
 * cell, −1 after the last. Sets `labels[c]` = `label` for each cell c of the group: a cell is taken as
 * already found when its label is `label`, so no cell may hold it before the call. Writes the group's
 * size and highest cell to `found`. `cells` is a board's `cells`, framed by empty cells, `stride` its
 * distance between columns.
 */
export function chainGroup(
  cells: Uint8Array,
  stride: number,
  cell: number,
  next: Int32Array,
  labels: Int32Array,
  label: number,
  found: ChainedGroup,
): void {
  const colour = cells[cell];
  labels[cell] = label;
  let last = cell;
  let size = 1;
  let highest = cell;
  // The chain is the queue: c walks it while new cells are added at its end, until it reaches the end.
  for (let c = cell; ; c = next[c]) {
    let n = c + 1;
    if (cells[n] === colour && labels[n] !== label) {
      labels[n] = label;
      next[last] = n;
      last = n;
      size++;
      if (n > highest) highest = n;
    }
    n = c - 1;
    if (cells[n] === colour && labels[n] !== label) {
      labels[n] = label;
      next[last] = n;
      last = n;
      size++;
    }
    n = c + stride;
    if (cells[n] === colour && labels[n] !== label) {
      labels[n] = label;
      next[last] = n;
      last = n;
      size++;
      if (n > highest) highest = n;
    }
    n = c - stride;
    if (cells[n] === colour && labels[n] !== label) {
      labels[n] = label;
      next[last] = n;
      last = n;
      size++;
    }
    if (c === last) break;
  }
  next[last] = -1;
  found.size = size;
  found.highest = highest;
}
