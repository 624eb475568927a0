import type { Shape } from '../../tetris/shape.ts';
import { POPCOUNT, lowestBit } from './bits.ts';
import { SCAN_SLOTS, wellCells } from './board-scan.ts';
import type { LowRows } from './feature.ts';
import { rowTransitionTable } from './measures.ts';

/**
 * Bounds from above on a placement's value (Σ w·f over scanned features) before it is played, from
 * measures of the board it is played on: a search that wants only the best placement skips those the
 * bounds prove worse than the best so far, without locking the piece or scanning the board.
 *
 * A bound is given for a placement that completes no row and rests on the stack in every column it
 * covers (no cell below the column's height: every drop placement). Then the rows below and above the
 * piece's stay as they were, each column it covers rises to the piece's top, and the empty cells between
 * a column's old height and the piece become holes. So the landing height, holes, aggregate and maximum
 * height are known exactly (eroded piece cells and complete lines are 0), and the others from below:
 * row and column transitions first by the rows below the piece's and two row transitions a row from
 * there up, then exactly; cumulative wells, hole depth and rows with holes by the board's below the
 * piece (and wells by one per well cell from the piece's rows up); bumpiness by 0.
 */

/** The scan slots whose features the bounds know exactly; the others' are bounded from below. */
export const EXACT_BOUND_SLOTS: readonly number[] = [
  SCAN_SLOTS.landingHeight,
  SCAN_SLOTS.erodedPieceCells,
  SCAN_SLOTS.completeLines,
  SCAN_SLOTS.holes,
  SCAN_SLOTS.aggregateHeight,
  SCAN_SLOTS.maxHeight,
];

/** What the bounds know of a board, measured by {@link measureBoundedBoard} for one set of weights. */
export interface BoundedBoard {
  /** The board's rows from `top` up are empty. */
  top: number;
  readonly heights: Int32Array;
  highest: number;
  /**
   * Per row y: the weighed terms of a placement whose lowest row is y that do not depend on the piece:
   * the board's holes, rows with holes and aggregate height, and the bounds on the transitions, wells
   * and hole depth that rows below y and two row transitions per row from y up give.
   */
  readonly rowBound: Float64Array;
  /** Per row count y: the well cells of the rows below y. */
  readonly wellCellsBelow: Int32Array;
}

export function boundedBoard(width: number, height: number): BoundedBoard {
  return {
    top: 0,
    heights: new Int32Array(width),
    highest: 0,
    rowBound: new Float64Array(height + 1),
    wellCellsBelow: new Int32Array(height + 1),
  };
}

/** Measures `rows` (empty from `top` up; its low rows measured into `low`) into `board`, for `weights` by scan slot. */
export function measureBoundedBoard(
  rows: Uint32Array,
  top: number,
  width: number,
  height: number,
  fullRow: number,
  low: LowRows,
  weights: Float64Array,
  board: BoundedBoard,
): void {
  const { heights, rowBound, wellCellsBelow } = board;
  let cover = 0;
  let holes = 0;
  let rowsWithHoles = 0;
  for (let y = top - 1; y >= 0; y--) {
    const row = rows[y];
    for (let fresh = row & ~cover; fresh !== 0; fresh &= fresh - 1) heights[lowestBit(fresh)] = y + 1;
    cover |= row;
    const covered = cover & ~row;
    holes += POPCOUNT[covered];
    if (covered !== 0) rowsWithHoles++;
  }
  for (let empty = fullRow & ~cover; empty !== 0; empty &= empty - 1) heights[lowestBit(empty)] = 0;
  let aggregate = 0;
  let highest = 0;
  for (let x = 0; x < width; x++) {
    aggregate += heights[x];
    if (heights[x] > highest) highest = heights[x];
  }
  const rightWall = 1 << (width + 1);
  const boardTerms =
    weights[SCAN_SLOTS.holes] * holes + weights[SCAN_SLOTS.rowsWithHoles] * rowsWithHoles + weights[SCAN_SLOTS.aggregateHeight] * aggregate;
  wellCellsBelow[0] = 0;
  for (let y = 0; y <= top; y++) {
    const previous = y === 0 ? fullRow : rows[y - 1];
    rowBound[y] =
      boardTerms +
      weights[SCAN_SLOTS.rowTransitions] * (low.rowTransitions[y] + 2 * (height - y)) +
      weights[SCAN_SLOTS.columnTransitions] * (low.columnTransitions[y] + POPCOUNT[previous]) +
      weights[SCAN_SLOTS.cumulativeWells] * low.wells[y] +
      weights[SCAN_SLOTS.holeDepth] * low.holeDepth[y];
    if (y < top) wellCellsBelow[y + 1] = wellCellsBelow[y] + POPCOUNT[wellCells(rows[y], fullRow, rightWall)];
  }
  board.top = top;
  board.highest = highest;
}

/**
 * A bound from above on the value of `shape` at (x, y) on `rows` (measured into `board` for `weights`),
 * from the terms that need no row of the piece measured; Infinity when the placement completes a row or
 * does not rest on the stack. {@link closerBound} brings it down.
 */
export function firstBound(
  rows: Uint32Array,
  fullRow: number,
  board: BoundedBoard,
  weights: Float64Array,
  shape: Shape,
  x: number,
  y: number,
): number {
  const pieceRows = shape.rows;
  for (let k = 0; k < pieceRows.length; k++) if ((rows[y + k] | (pieceRows[k] << x)) === fullRow) return Infinity; // completes a row
  const { heights } = board;
  const { bottoms, tops } = shape;
  let newHoles = 0;
  let raised = 0;
  let highest = board.highest;
  for (let c = 0; c < bottoms.length; c++) {
    const old = heights[x + c];
    const gap = y + bottoms[c] - old;
    if (gap < 0) return Infinity; // below the column's height
    newHoles += gap;
    const now = y + tops[c];
    raised += now - old;
    if (now > highest) highest = now;
  }
  return (
    board.rowBound[y] +
    weights[SCAN_SLOTS.landingHeight] * (y + (pieceRows.length - 1) / 2) +
    weights[SCAN_SLOTS.holes] * newHoles +
    weights[SCAN_SLOTS.aggregateHeight] * raised +
    weights[SCAN_SLOTS.maxHeight] * highest
  );
}

/**
 * What to add to a finite {@link firstBound} (at most 0) for a closer bound: the transitions of the
 * piece's rows as they become and of the rows above as they are, beyond those `rowBound` counts, and one
 * per well cell from the piece's rows up.
 */
export function closerBound(
  rows: Uint32Array,
  width: number,
  height: number,
  fullRow: number,
  low: LowRows,
  board: BoundedBoard,
  weights: Float64Array,
  shape: Shape,
  x: number,
  y: number,
): number {
  const { top } = board;
  const pieceRows = shape.rows;
  const transitions = rowTransitionTable(width);
  const rightWall = 1 << (width + 1);
  const end = y + pieceRows.length;
  const below = y === 0 ? fullRow : rows[y - 1];
  let rowTransitions = -2 * (height - y);
  let columnTransitions = -POPCOUNT[below];
  let wellCellCount = 0;
  let previous = below;
  for (let k = 0; k < pieceRows.length; k++) {
    const row = rows[y + k] | (pieceRows[k] << x);
    rowTransitions += transitions[row];
    columnTransitions += POPCOUNT[row ^ previous];
    wellCellCount += POPCOUNT[wellCells(row, fullRow, rightWall)];
    previous = row;
  }
  columnTransitions += POPCOUNT[previous ^ rows[end]]; // rows[end] is empty when end ≥ top
  if (end < top) {
    rowTransitions += low.rowTransitions[top] - low.rowTransitions[end];
    columnTransitions += low.columnTransitions[top] - low.columnTransitions[end + 1] + POPCOUNT[rows[top - 1]];
    wellCellCount += board.wellCellsBelow[top] - board.wellCellsBelow[end];
  }
  rowTransitions += 2 * (height - Math.max(top, end));
  return (
    weights[SCAN_SLOTS.rowTransitions] * rowTransitions +
    weights[SCAN_SLOTS.columnTransitions] * columnTransitions +
    weights[SCAN_SLOTS.cumulativeWells] * wellCellCount
  );
}
