import { chainGroup, chainedCells, type ChainedGroup, type SameGameBoard } from './board.ts';

/**
 * Every group of a board, found in one scan into reusable typed arrays (nothing allocated per group);
 * `find` overwrites the previous results. A group is a maximal 4-connected set of cells of one colour;
 * groups of 2 or more cells are the moves. Groups are listed in scan order (columns left to right,
 * each bottom up), and each is named by its first cell in that order: its lowest cell in the leftmost
 * column it spans, the lowest cell index. What is known of a group is stored at its first cell, and its
 * cells are chained from there, so a group kept from one `find` to the next stays where it is.
 *
 * After a move, only the columns the removed group spanned change (when no column closes), so `find`
 * can be told which: the groups that cannot have changed are then kept, and only the columns around
 * the move are scanned again.
 */
export class GroupList {
  /** Number of groups of 2 or more cells found by the last `find`. */
  count = 0;
  /** The groups in scan order: each one's first cell (index into the board's cells). */
  readonly firsts: Int32Array;
  /**
   * Per cell, the first cell of its group, or −1 for a cell on its own or an empty cell (or a cell of the
   * frame): after every `find`, exactly the cells of listed groups hold a label, which is what lets a fill
   * label a new group by its first cell.
   */
  readonly groupOf: Int32Array;
  /** At a group's first cell: the group's size, colour (0-based) and last column. */
  readonly sizeOf: Int32Array;
  readonly colourOf: Uint8Array;
  private readonly lastColumnOf: Uint8Array;
  /** Per cell of a group, the next cell of that group (−1 after its last): the group's cells, from its first. */
  readonly next: Int32Array;
  /** The board's cells of each colour at the last `find`, and per colour its singles once counted from them. */
  private readonly counts: Int32Array;
  private readonly singleCounts: Int32Array;
  private singlesCounted = false;
  /** Scratch: what the last fill found; the first cells of the groups kept at the right of a change. */
  private readonly found: ChainedGroup = { size: 0, highest: 0 };
  private readonly tail: Int32Array;

  /** A list for boards of the size and colours of `board`. */
  constructor(board: SameGameBoard) {
    const cells = board.width * board.height;
    const groups = cells >> 1;
    this.firsts = new Int32Array(groups);
    this.tail = new Int32Array(groups);
    this.singleCounts = new Int32Array(board.colours);
    this.counts = new Int32Array(board.colours);
    const length = board.cells.length;
    this.groupOf = new Int32Array(length).fill(-1);
    this.sizeOf = new Int32Array(length);
    this.colourOf = new Uint8Array(length);
    this.lastColumnOf = new Uint8Array(length);
    this.next = new Int32Array(length);
  }

  /**
   * Finds the groups of `board` (of this list's size); returns the number of moves. With `changedFrom`
   * and `changedTo`, the board is the one this list's last `find` was on, and only its columns
   * `changedFrom` … `changedTo` have changed since (and no column moved): a group wholly two columns or
   * more left of them, or starting two columns or more right of them, is the same group, so it is kept,
   * and only the columns between are scanned.
   */
  find(board: SameGameBoard, changedFrom = 0, changedTo = board.width - 1): number {
    const { cells, heights, stride, columnOf } = board;
    const { groupOf, next, firsts, sizeOf, colourOf, lastColumnOf, tail, found } = this;
    const scanTo = Math.min(changedTo + 2, board.width);
    // The tail first: keepHead forgets the groups of the list that keepTail has not set aside.
    const kept = this.keepTail(board, scanTo);
    // When every column is scanned nothing is kept (keepTail kept none either), and the board may be another one.
    let x = changedFrom <= 1 && scanTo === board.width ? this.forgetAll() : this.keepHead(board, changedFrom - 1);
    let count = this.count;
    for (; x < scanTo; x++) {
      const bottom = (x + 1) * stride + 1;
      const top = bottom + heights[x];
      for (let cell = bottom; cell < top; cell++) {
        if (groupOf[cell] >= 0) continue; // reached from an earlier cell of its group
        // Cells below and to the left came earlier: had one this colour, it would have reached this cell.
        const colour = cells[cell];
        if (cells[cell + 1] !== colour && cells[cell + stride] !== colour) continue;
        chainGroup(cells, stride, cell, next, groupOf, cell, found);
        sizeOf[cell] = found.size;
        colourOf[cell] = colour - 1;
        lastColumnOf[cell] = columnOf[found.highest];
        firsts[count++] = cell;
      }
    }
    for (let t = 0; t < kept; t++) firsts[count++] = tail[t];
    for (let k = 0; k < this.counts.length; k++) this.counts[k] = board.counts[k]; // a loop: set() costs more for a few colours
    this.singlesCounted = false;
    this.count = count;
    return count;
  }

  /** Writes the cells of the group whose first cell is `first` to `out` from index 0, that cell first; returns their number. */
  cellsOf(first: number, out: Int32Array): number {
    return chainedCells(this.next, first, out);
  }

  /** Per colour, the cells that are a group on their own ("loose bubbles"), counted at the first call after a `find`. */
  get singles(): Int32Array {
    const { singleCounts } = this;
    if (!this.singlesCounted) {
      // The cells of a colour in no group are its singles.
      singleCounts.set(this.counts);
      for (let g = 0; g < this.count; g++) singleCounts[this.colourOf[this.firsts[g]]] -= this.sizeOf[this.firsts[g]];
      this.singlesCounted = true;
    }
    return singleCounts;
  }

  /**
   * Sets aside the groups of the last `find` that start in column `column` or right of it (they come last
   * in the list) and drops them from it; returns their number. Column `column` and those right of it
   * hold what they held then.
   */
  private keepTail(board: SameGameBoard, column: number): number {
    const { columnOf } = board;
    const { firsts } = this;
    let first = this.count;
    while (first > 0 && columnOf[firsts[first - 1]] >= column) first--;
    const kept = this.count - first;
    for (let t = 0; t < kept; t++) this.tail[t] = firsts[first + t];
    this.count = first;
    return kept;
  }

  /** Forgets every group (the board may be another one): the scan starts at column 0. */
  private forgetAll(): number {
    this.groupOf.fill(-1);
    this.count = 0;
    return 0;
  }

  /**
   * Keeps the groups of the last `find` (on this board) that lie wholly in the columns left of `column`
   * (which hold what they held then), as long as they come first in the list, and forgets the others (but
   * for those {@link keepTail} set aside): `count` then counts the kept ones. Returns the column where the
   * scan for the others starts.
   */
  private keepHead(board: SameGameBoard, column: number): number {
    const { groupOf, next, firsts, lastColumnOf } = this;
    let kept = 0;
    while (kept < this.count && lastColumnOf[firsts[kept]] < column) kept++;
    for (let g = kept; g < this.count; g++) for (let c = firsts[g]; c >= 0; c = next[c]) groupOf[c] = -1;
    const start = kept < this.count ? Math.min(board.columnOf[firsts[kept]], column) : column;
    this.count = kept;
    return Math.max(start, 0);
  }
}
