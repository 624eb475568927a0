import { POPCOUNT, lowestBit } from './bits.ts';
import type { FeatureInput, LowRows } from './feature.ts';
import { rowTransitionTable } from './measures.ts';
import { SCAN_SLOTS } from './scan-slots.ts';

/**
 * The common features measured together, the board's in two passes over its rows, for search: a search
 * scores hundreds of placements a move, and on low stacks one call per feature costs more than its loop.
 * Each value equals its measure in `measures.ts` (the definitions; the tests compare them).
 */

/**
 * Scans a placement and the board after it into `out` (indexed by {@link SCAN_SLOTS}). With
 * `withHoleDepth`, also the hole depth; with `withHeights`, also fills `input.after.heights` and the
 * slots of the features that read them (aggregateHeight, maxHeight, bumpiness). Slots not measured are
 * left as they were.
 */
export function scanPlacement(input: FeatureInput, out: Float64Array, withHeights: boolean, withHoleDepth: boolean): void {
  const { width, height, fullRow } = input;
  const { rows, top, heights } = input.after;

  // Top down: the cells covered by a filled cell above (holes), and column heights.
  let cover = 0;
  let holes = 0;
  let rowsWithHoles = 0;
  for (let y = top - 1; y >= 0; y--) {
    const row = rows[y];
    if (withHeights) for (let fresh = row & ~cover; fresh !== 0; fresh &= fresh - 1) heights[lowestBit(fresh)] = y + 1;
    cover |= row;
    const covered = cover & ~row;
    holes += POPCOUNT[covered];
    rowsWithHoles += -covered >>> 31; // 1 when some cell is covered: branch-free, as a branch here mispredicts
  }
  if (withHeights) for (let empty = fullRow & ~cover; empty !== 0; empty &= empty - 1) heights[lowestBit(empty)] = 0;

  // Bottom up: transitions, cells not joined to the floor, wells; the rows below `sameBelow` as measured before.
  const transitions = rowTransitionTable(width);
  const rightWall = 1 << (width + 1);
  const low = input.lowRows;
  const from = low === undefined ? 0 : (input.sameBelow ?? 0);
  let rowTransitions = 2 * (height - top);
  let columnTransitions = 0;
  let wells = 0;
  let holeDepth = 0;
  let grounded = fullRow;
  let previous = fullRow;
  if (from > 0) {
    rowTransitions += low!.rowTransitions[from];
    columnTransitions = low!.columnTransitions[from];
    wells = low!.wells[from];
    holeDepth = low!.holeDepth[from];
    grounded = low!.grounded[from];
    previous = rows[from - 1];
  }
  for (let y = from; y < top; y++) {
    const row = rows[y];
    rowTransitions += transitions[row];
    columnTransitions += POPCOUNT[row ^ previous];
    previous = row;
    if (withHoleDepth) {
      grounded &= row;
      holeDepth += POPCOUNT[row & ~grounded];
    }
    wells += rowWells(rows, y, fullRow, rightWall);
  }
  columnTransitions += POPCOUNT[previous];

  out[SCAN_SLOTS.landingHeight] = input.landingHeight;
  out[SCAN_SLOTS.erodedPieceCells] = input.erodedCells;
  out[SCAN_SLOTS.completeLines] = input.linesCleared;
  out[SCAN_SLOTS.rowTransitions] = rowTransitions;
  out[SCAN_SLOTS.columnTransitions] = columnTransitions;
  out[SCAN_SLOTS.holes] = holes;
  out[SCAN_SLOTS.rowsWithHoles] = rowsWithHoles;
  out[SCAN_SLOTS.cumulativeWells] = wells;
  if (withHoleDepth) out[SCAN_SLOTS.holeDepth] = holeDepth;
  if (!withHeights) return;
  let aggregate = heights[0];
  let highest = heights[0];
  let bumpiness = 0;
  for (let x = 1; x < width; x++) {
    const h = heights[x];
    aggregate += h;
    if (h > highest) highest = h;
    bumpiness += Math.abs(h - heights[x - 1]);
  }
  out[SCAN_SLOTS.aggregateHeight] = aggregate;
  out[SCAN_SLOTS.maxHeight] = highest;
  out[SCAN_SLOTS.bumpiness] = bumpiness;
}

/**
 * The cumulative wells of row y's well cells: a well cell (empty, both neighbours filled or walls) adds 1
 * for itself and 1 for each empty cell below it down to the first filled one. All of the row's well
 * cells are followed down together, each dropped at its first filled cell.
 */
function rowWells(rows: Uint32Array, y: number, fullRow: number, rightWall: number): number {
  let well = wellCells(rows[y], fullRow, rightWall);
  let total = 0;
  for (let below = y - 1; well !== 0; below--) {
    total += POPCOUNT[well];
    if (below < 0) break;
    well &= ~rows[below];
  }
  return total;
}

/** The well cells of a row: empty, with both neighbours filled or walls (`rightWall`: the bit past the right wall, walls one column out). */
export function wellCells(row: number, fullRow: number, rightWall: number): number {
  const walled = 1 | (row << 1) | rightWall;
  return ((~walled & (walled << 1) & (walled >>> 1)) >>> 1) & fullRow;
}

/** Measures the lowest rows of a board (`rows`, empty from `top` up) into `low`, for every row count up to `top`. */
export function measureLowRows(rows: Uint32Array, top: number, width: number, fullRow: number, low: LowRows): void {
  const transitions = rowTransitionTable(width);
  const rightWall = 1 << (width + 1);
  let rowTransitions = 0;
  let columnTransitions = 0;
  let wells = 0;
  let holeDepth = 0;
  let grounded = fullRow;
  let previous = fullRow;
  for (let y = 0; y < top; y++) {
    low.rowTransitions[y] = rowTransitions;
    low.columnTransitions[y] = columnTransitions;
    low.wells[y] = wells;
    low.holeDepth[y] = holeDepth;
    low.grounded[y] = grounded;
    const row = rows[y];
    rowTransitions += transitions[row];
    columnTransitions += POPCOUNT[row ^ previous];
    previous = row;
    grounded &= row;
    holeDepth += POPCOUNT[row & ~grounded];
    wells += rowWells(rows, y, fullRow, rightWall);
  }
  low.rowTransitions[top] = rowTransitions;
  low.columnTransitions[top] = columnTransitions;
  low.wells[top] = wells;
  low.holeDepth[top] = holeDepth;
  low.grounded[top] = grounded;
}
