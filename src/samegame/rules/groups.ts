import { fillGroup, type SameGameBoard } from './board.ts';

/**
 * Every group of a board, found in one scan into reusable typed arrays (nothing allocated per group);
 * `find` overwrites the previous results. A group is a maximal 4-connected set of cells of one colour;
 * groups of 2 or more cells are the moves. Groups are listed in scan order (columns left to right,
 * each bottom up), and each is named by its first cell in that order: its lowest cell in the leftmost
 * column it spans, the lowest cell index.
 */
export class GroupList {
  /** Number of groups of 2 or more cells found by the last `find`. */
  count = 0;
  /** Per group: its first cell (index into the board's cells), size, colour (0-based) and members' offset. */
  readonly cell: Int32Array;
  readonly size: Int32Array;
  readonly colour: Uint8Array;
  readonly start: Int32Array;
  /** The cells of every group, group after group. */
  readonly members: Int32Array;
  /** Per colour, the cells that are a group on their own ("loose bubbles"). */
  readonly singles: Int32Array;
  /** Per cell, the index of its group here, or −1 for a cell on its own or an empty cell. */
  readonly groupOf: Int32Array;

  /** A list for boards of the size and colours of `board`. */
  constructor(board: SameGameBoard) {
    const cells = board.width * board.height;
    const groups = cells >> 1;
    this.cell = new Int32Array(groups);
    this.size = new Int32Array(groups);
    this.colour = new Uint8Array(groups);
    this.start = new Int32Array(groups);
    this.members = new Int32Array(cells);
    this.singles = new Int32Array(board.colours);
    this.groupOf = new Int32Array(board.cells.length);
  }

  /** Finds the groups of `board` (of this list's size); returns the number of moves. */
  find(board: SameGameBoard): number {
    const { cells, heights, stride, width } = board;
    const { groupOf, members, singles, cell: firsts, size: sizes, colour: colours, start: starts } = this;
    groupOf.fill(-1);
    singles.fill(0);
    let count = 0;
    let used = 0;
    for (let x = 0; x < width; x++) {
      const bottom = (x + 1) * stride + 1;
      const top = bottom + heights[x];
      for (let cell = bottom; cell < top; cell++) {
        if (groupOf[cell] >= 0) continue; // reached from an earlier cell of its group
        // Cells below and to the left came earlier: had one this colour, it would have reached this cell.
        const colour = cells[cell];
        if (cells[cell + 1] !== colour && cells[cell + stride] !== colour) {
          singles[colour - 1]++;
          continue;
        }
        const size = fillGroup(cells, stride, cell, members, used, groupOf, count);
        firsts[count] = cell;
        sizes[count] = size;
        colours[count] = colour - 1;
        starts[count] = used;
        used += size;
        count++;
      }
    }
    this.count = count;
    return count;
  }
}
