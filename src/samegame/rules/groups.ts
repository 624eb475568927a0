import { fillGroup, type SameGameBoard } from './board.ts';

/**
 * Every group of a board, found in one scan into reusable typed arrays (nothing allocated per group);
 * `find` overwrites the previous results. A group is a maximal 4-connected set of cells of one colour;
 * groups of 2 or more cells are the moves. Groups are listed in scan order (columns left to right,
 * each bottom up), and each is named by its first cell in that order: its lowest cell in the leftmost
 * column it spans, the lowest cell index.
 *
 * After a move, only the columns the removed group spanned change (when no column closes), so `find`
 * can be told which: the groups that cannot have changed are then kept, and only the columns around
 * the move are scanned again.
 */
export class GroupList {
  /** Number of groups of 2 or more cells found by the last `find`. */
  count = 0;
  /** Number of their cells (the length of `members` in use). */
  private used = 0;
  /** Per group: its first cell (index into the board's cells), size, colour (0-based) and members' offset. */
  readonly cell: Int32Array;
  readonly size: Int32Array;
  readonly colour: Uint8Array;
  readonly start: Int32Array;
  /** The cells of every group, group after group. */
  readonly members: Int32Array;
  /** Per cell, the index of its group here, or −1 for a cell on its own or an empty cell. */
  readonly groupOf: Int32Array;
  /** The board's cells of each colour at the last `find`, and per colour its singles once counted from them. */
  private readonly counts: Int32Array;
  private readonly singleCounts: Int32Array;
  private singlesCounted = false;
  /** The groups kept at the right of a change while the columns left of them are scanned: their `cell`, `size`, `colour` and `members`. */
  private readonly tail: {
    readonly cell: Int32Array;
    readonly size: Int32Array;
    readonly colour: Uint8Array;
    readonly members: Int32Array;
  };

  /** A list for boards of the size and colours of `board`. */
  constructor(board: SameGameBoard) {
    const cells = board.width * board.height;
    const groups = cells >> 1;
    this.cell = new Int32Array(groups);
    this.size = new Int32Array(groups);
    this.colour = new Uint8Array(groups);
    this.start = new Int32Array(groups);
    this.members = new Int32Array(cells);
    this.counts = new Int32Array(board.colours);
    this.singleCounts = new Int32Array(board.colours);
    this.groupOf = new Int32Array(board.cells.length);
    this.tail = {
      cell: new Int32Array(groups),
      size: new Int32Array(groups),
      colour: new Uint8Array(groups),
      members: new Int32Array(cells),
    };
  }

  /**
   * Finds the groups of `board` (of this list's size); returns the number of moves. With `changedFrom`
   * and `changedTo`, the board is the one this list's last `find` was on, and only its columns
   * `changedFrom` … `changedTo` have changed since (and no column moved): a group wholly two columns or
   * more left of them, or starting two columns or more right of them, is the same group, so it is kept,
   * and only the columns between are scanned.
   */
  find(board: SameGameBoard, changedFrom = 0, changedTo = board.width - 1): number {
    const { cells, heights, stride } = board;
    const { groupOf, members, cell: firsts, size: sizes, colour: colours, start: starts } = this;
    const scanTo = Math.min(changedTo + 2, board.width);
    // The tail first: keepHead forgets whatever of the list keepTail has not set aside. The tail's cells
    // keep their old labels in `groupOf` until it is listed again: no fill reaches them, as no group
    // found now borders them.
    const tail = this.keepTail(board, scanTo);
    let x = this.keepHead(board, changedFrom - 1);
    let count = this.count;
    let used = this.used;
    for (; x < scanTo; x++) {
      const bottom = (x + 1) * stride + 1;
      const top = bottom + heights[x];
      for (let cell = bottom; cell < top; cell++) {
        if (groupOf[cell] >= 0) continue; // reached from an earlier cell of its group
        // Cells below and to the left came earlier: had one this colour, it would have reached this cell.
        const colour = cells[cell];
        if (cells[cell + 1] !== colour && cells[cell + stride] !== colour) continue;
        const size = fillGroup(cells, stride, cell, members, used, groupOf, count);
        firsts[count] = cell;
        sizes[count] = size;
        colours[count] = colour - 1;
        starts[count] = used;
        used += size;
        count++;
      }
    }
    const { cell: tailFirsts, size: tailSizes, colour: tailColours, members: tailMembers } = this.tail;
    let member = 0;
    for (let t = 0; t < tail; t++) {
      const size = tailSizes[t];
      firsts[count] = tailFirsts[t];
      sizes[count] = size;
      colours[count] = tailColours[t];
      starts[count] = used;
      for (let end = member + size; member < end; member++) {
        const cell = tailMembers[member];
        members[used++] = cell;
        groupOf[cell] = count;
      }
      count++;
    }
    this.counts.set(board.counts);
    this.singlesCounted = false;
    this.count = count;
    this.used = used;
    return count;
  }

  /** Per colour, the cells that are a group on their own ("loose bubbles"), counted at the first call after a `find`. */
  get singles(): Int32Array {
    const { singleCounts } = this;
    if (!this.singlesCounted) {
      // The cells of a colour in no group are its singles.
      singleCounts.set(this.counts);
      for (let g = 0; g < this.count; g++) singleCounts[this.colour[g]] -= this.size[g];
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
    let first = this.count;
    while (first > 0 && columnOf[this.cell[first - 1]] >= column) first--;
    const kept = this.count - first;
    if (kept === 0) return 0;
    const { tail } = this;
    for (let g = first; g < this.count; g++) {
      tail.cell[g - first] = this.cell[g];
      tail.size[g - first] = this.size[g];
      tail.colour[g - first] = this.colour[g];
    }
    const from = this.start[first];
    for (let i = from; i < this.used; i++) tail.members[i - from] = this.members[i];
    this.used = this.start[first];
    this.count = first;
    return kept;
  }

  /**
   * Keeps the groups of the last `find` that lie wholly in the columns left of `column` (which hold what
   * they held then), as long as they come first in the list, and forgets the others (but for those
   * {@link keepTail} set aside): `count` and `used` then count the kept ones. Returns the column where
   * the scan for the others starts.
   */
  private keepHead(board: SameGameBoard, column: number): number {
    const { groupOf, members, cell: firsts, size: sizes, start: starts } = this;
    if (column <= 0) {
      groupOf.fill(-1);
      this.count = this.used = 0;
      return 0;
    }
    const { columnOf } = board;
    let count = 0;
    let inside = true;
    for (; count < this.count && inside; count++) {
      if (columnOf[firsts[count]] >= column) break;
      const end = starts[count] + sizes[count];
      for (let i = starts[count]; i < end && inside; i++) inside = columnOf[members[i]] < column;
    }
    if (!inside) count--;
    const used = count < this.count ? starts[count] : this.used;
    for (let i = used; i < this.used; i++) groupOf[members[i]] = -1;
    const start = count < this.count ? Math.min(columnOf[firsts[count]], column) : column;
    this.count = count;
    this.used = used;
    return start;
  }
}
