import type { Shape } from '../../tetris/shape.ts';
import { POPCOUNT, lowestBit } from './bits.ts';
import { wellCells } from './board-scan.ts';
import { SCAN_SIZE, SCAN_SLOTS } from './scan-slots.ts';
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

/**
 * The bounds on placements' values on one board, for one set of weights (by scan slot, each ≤ 0 unless
 * its slot is in {@link EXACT_BOUND_SLOTS}): `measure` the board, then bound placements on it.
 */
export class PlacementBounds {
  private readonly width: number;
  private readonly height: number;
  private readonly fullRow: number;
  /** The wall bit right of a row shifted up by one, as `wellCells` takes it, and the row transitions per row. */
  private readonly rightWall: number;
  private readonly transitions: Uint8Array;
  private rows: Uint32Array;
  private low: LowRows | null = null;
  private weights: Float64Array;
  /** The board's rows from `top` up are empty. */
  private top = 0;
  private readonly heights: Int32Array;
  private highest = 0;
  /**
   * Per row y: the weighed terms of a placement whose lowest row is y that do not depend on the piece:
   * the board's holes, rows with holes and aggregate height, and the bounds on the transitions, wells
   * and hole depth that rows below y and two row transitions per row from y up give.
   */
  private readonly rowBound: Float64Array;
  /** Per row count y: the well cells of the rows below y. */
  private readonly wellCellsBelow: Int32Array;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.fullRow = (1 << width) - 1;
    this.rightWall = 1 << (width + 1);
    this.transitions = rowTransitionTable(width);
    this.rows = new Uint32Array(height);
    this.weights = new Float64Array(SCAN_SIZE);
    this.heights = new Int32Array(width);
    this.rowBound = new Float64Array(height + 1);
    this.wellCellsBelow = new Int32Array(height + 1);
  }

  /** Measures the board `rows` (empty from `top` up, its low rows measured into `low`) for `weights`. */
  measure(rows: Uint32Array, top: number, low: LowRows, weights: Float64Array): void {
    const { width, height, fullRow, rightWall, heights, rowBound, wellCellsBelow } = this;
    this.rows = rows;
    this.low = low;
    this.weights = weights;
    // Heights, holes and rows with holes in one pass down, as the scan measures them, rather than by the
    // measures of `measures.ts` one by one, a pass each: this runs for every board a search loads.
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
    const boardTerms =
      weights[SCAN_SLOTS.holes] * holes +
      weights[SCAN_SLOTS.rowsWithHoles] * rowsWithHoles +
      weights[SCAN_SLOTS.aggregateHeight] * aggregate;
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
    this.top = top;
    this.highest = highest;
  }

  /**
   * A bound from above on the value of `shape` at (x, y), from the terms that need no row of the piece
   * measured; Infinity when the placement completes a row or does not rest on the stack. `closer` brings
   * it down.
   */
  first(shape: Shape, x: number, y: number): number {
    const { rows, fullRow, heights, weights } = this;
    const pieceRows = shape.rows;
    for (let k = 0; k < pieceRows.length; k++) if ((rows[y + k] | (pieceRows[k] << x)) === fullRow) return Infinity; // completes a row
    const { bottoms, tops } = shape;
    let newHoles = 0;
    let raised = 0;
    let highest = this.highest;
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
      this.rowBound[y] +
      weights[SCAN_SLOTS.landingHeight] * (y + (pieceRows.length - 1) / 2) +
      weights[SCAN_SLOTS.holes] * newHoles +
      weights[SCAN_SLOTS.aggregateHeight] * raised +
      weights[SCAN_SLOTS.maxHeight] * highest
    );
  }

  /**
   * What to add to a finite `first` bound of the same placement (at most 0) for a closer bound: the
   * transitions of the piece's rows as they become and of the rows above as they are, beyond those
   * `rowBound` counts, and one per well cell from the piece's rows up.
   */
  closer(shape: Shape, x: number, y: number): number {
    const { rows, height, fullRow, rightWall, transitions, top, weights } = this;
    const low = this.low!;
    const pieceRows = shape.rows;
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
      wellCellCount += this.wellCellsBelow[top] - this.wellCellsBelow[end];
    }
    rowTransitions += 2 * (height - Math.max(top, end));
    return (
      weights[SCAN_SLOTS.rowTransitions] * rowTransitions +
      weights[SCAN_SLOTS.columnTransitions] * columnTransitions +
      weights[SCAN_SLOTS.cumulativeWells] * wellCellCount
    );
  }
}
