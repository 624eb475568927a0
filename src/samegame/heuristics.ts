import type { ChildRating } from '../search/problem.ts';
import type { SameGameBoard } from './rules/board.ts';
import { GroupList } from './rules/groups.ts';
import { mostFrequentColour, type SameGameState } from './problem.ts';
import type { Shift } from './rules/options.ts';
import { HEURISTICS, type HeuristicName } from './heuristic-names.ts';

/** Rates moves of one board size by the h1–h4 heuristics; scratch arrays are sized once. */
export class HeuristicRater {
  private readonly before: GroupList;
  private readonly after: GroupList;
  private readonly scratch: SameGameBoard;
  /** Per cell of the board after a move, the cell it came from. */
  private readonly origin: Int32Array;
  /** Per column, the cells left after a move; per cell, 1 while a move removes it. */
  private readonly left: Int32Array;
  private readonly gone: Uint8Array;
  /** The cells of the group a move removes. */
  private readonly removed: Int32Array;

  constructor(
    board: SameGameBoard,
    private readonly shift: Shift,
  ) {
    this.before = new GroupList(board);
    this.after = new GroupList(board);
    this.scratch = board.clone();
    this.origin = new Int32Array(board.cells.length);
    this.left = new Int32Array(board.width);
    this.gone = new Uint8Array(board.cells.length);
    this.removed = new Int32Array(board.width * board.height);
  }

  /** Writes heuristic `name`'s value of each of the `count` moves (cells of groups of 2 or more) of `board` to `out`. */
  rate(name: HeuristicName, board: SameGameBoard, moves: Int32Array, count: number, out: Float64Array): void {
    const level = HEURISTICS.indexOf(name) + 1;
    const { before } = this;
    before.find(board);
    const tabu = mostFrequentColour(board.counts);
    const penalty = 4 * (board.width * board.height) ** 2;
    for (let i = 0; i < count; i++) {
      const first = before.groupOf[moves[i]];
      const n = before.sizeOf[first];
      const colour = before.colourOf[first];
      let value = n * (n - 1);
      if (level >= 2) value -= before.singles[colour];
      if (level >= 3) value += this.merged(board, first) + this.cornerCloseness(board, first);
      if (level >= 4 && colour === tabu) value -= penalty;
      out[i] = value;
    }
  }

  /** The children's ratings for searches: the points won so far + heuristic `name` of the move. */
  rating(name: HeuristicName): ChildRating<SameGameState> {
    return (state, moves, count, out) => {
      this.rate(name, state.board, moves, count, out);
      for (let i = 0; i < count; i++) out[i] += state.points;
    };
  }

  /** x + y as the heuristics count them (see {@link HeuristicName}) of the cell nearest the bottom corner on the closing side of the group whose first cell is `first`. */
  private cornerCloseness(board: SameGameBoard, first: number): number {
    const { before } = this;
    let best = 0;
    for (let cell = first; cell >= 0; cell = before.next[cell]) {
      const x = this.shift === 'right' ? board.columnOf[cell] : board.width - 1 - board.columnOf[cell];
      best = Math.max(best, x + board.height - 1 - board.rowOf[cell]);
    }
    return best;
  }

  /**
   * Σ n(n − 1) over the groups after removing the group whose first cell is `first`, for each group whose
   * cells came from two or more groups before.
   */
  private merged(board: SameGameBoard, first: number): number {
    const { before, after, scratch, origin, removed } = this;
    const size = before.cellsOf(first, removed);
    scratch.copyFrom(board);
    this.traceMoves(board, removed, size);
    scratch.removeCells(removed, 0, size, this.shift);
    const groups = after.find(scratch);
    let sum = 0;
    for (let h = 0; h < groups; h++) {
      const firstAfter = after.firsts[h];
      const label = labelBefore(before, origin[firstAfter]);
      for (let cell = after.next[firstAfter]; cell >= 0; cell = after.next[cell]) {
        if (labelBefore(before, origin[cell]) !== label) {
          sum += after.sizeOf[firstAfter] * (after.sizeOf[firstAfter] - 1);
          break;
        }
      }
    }
    return sum;
  }

  /**
   * Fills `origin`: for each cell of the board after removing from `board` the `size` cells listed in
   * `removed`, the cell it was before.
   */
  private traceMoves(board: SameGameBoard, removed: Int32Array, size: number): void {
    const { origin, left, gone } = this;
    const { heights, width } = board;
    for (let i = 0; i < size; i++) gone[removed[i]] = 1;
    let kept = 0;
    for (let x = 0; x < width; x++) {
      left[x] = heights[x];
      for (let cell = board.bottom(x); cell < board.bottom(x) + heights[x]; cell++) left[x] -= gone[cell];
      if (left[x] > 0) kept++;
    }
    // The columns left keep their order, packed against the closing side.
    let to = this.shift === 'left' ? 0 : width - kept;
    for (let x = 0; x < width; x++) {
      if (left[x] === 0) continue;
      let row = 0;
      for (let cell = board.bottom(x); cell < board.bottom(x) + heights[x]; cell++) {
        if (gone[cell] === 0) origin[board.index(to, row++)] = cell;
      }
      to++;
    }
    for (let i = 0; i < size; i++) gone[removed[i]] = 0;
  }
}

/** The group of `cell` on the board before the move: its first cell, or a label of its own for a lone cell. */
function labelBefore(groups: GroupList, cell: number): number {
  const first = groups.groupOf[cell];
  return first >= 0 ? first : -1 - cell;
}
