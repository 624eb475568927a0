import { measureColumnHeights } from '../../tetris/board.ts';
import { ROTATION_SYSTEMS } from '../../tetris/rotation/index.ts';
import { POPCOUNT, lowestBit } from './bits.ts';
import type { BoardView } from './feature.ts';

/**
 * Board measures shared by the features: each is a plain function of one board view, so that one
 * definition serves a feature on the board after clearing and its twin on the board before.
 */

/** Per width, transitions[v] = filled↔empty changes along row v from the left wall to the right wall. */
const ROW_TRANSITIONS: Uint8Array[] = [];

export function rowTransitionTable(width: number): Uint8Array {
  let table = ROW_TRANSITIONS[width];
  if (table === undefined) {
    table = new Uint8Array(1 << width);
    const span = (1 << (width + 1)) - 1;
    for (let v = 0; v < table.length; v++) {
      const walled = 1 | (v << 1) | (1 << (width + 1));
      let changes = (walled ^ (walled >>> 1)) & span;
      let count = 0;
      for (; changes !== 0; changes &= changes - 1) count++;
      table[v] = count;
    }
    ROW_TRANSITIONS[width] = table;
  }
  return table;
}

/** Σ over all `height` rows of filled↔empty changes left to right, both walls filled (an empty row scores 2). */
export function rowTransitions(view: BoardView, width: number, height: number): number {
  const table = rowTransitionTable(width);
  const { rows, top } = view;
  let total = 2 * (height - top);
  for (let y = 0; y < top; y++) total += table[rows[y]];
  return total;
}

/** Σ over columns of changes bottom to top, the floor filled and the space above the board empty. */
export function columnTransitions(view: BoardView, fullRow: number): number {
  const { rows, top } = view;
  let previous = fullRow;
  let total = 0;
  for (let y = 0; y < top; y++) {
    const row = rows[y];
    total += POPCOUNT[row ^ previous];
    previous = row;
  }
  return total + POPCOUNT[previous];
}

/** Empty cells with at least one filled cell above them in the same column. */
export function holes(view: BoardView): number {
  const { rows } = view;
  let cover = 0;
  let total = 0;
  for (let y = view.top - 1; y >= 0; y--) {
    const row = rows[y];
    cover |= row;
    total += POPCOUNT[cover & ~row];
  }
  return total;
}

/** Rows holding at least one hole. */
export function rowsWithHoles(view: BoardView): number {
  const { rows } = view;
  let cover = 0;
  let total = 0;
  for (let y = view.top - 1; y >= 0; y--) {
    const row = rows[y];
    cover |= row;
    if ((cover & ~row) !== 0) total++;
  }
  return total;
}

/**
 * Per column, every maximal run of filled cells sitting directly on an empty cell adds its length;
 * that is, every filled cell not joined to the floor by filled cells counts one.
 */
export function holeDepth(view: BoardView, fullRow: number): number {
  const { rows, top } = view;
  let grounded = fullRow; // columns whose cells so far are all filled from the floor up
  let total = 0;
  for (let y = 0; y < top; y++) {
    const row = rows[y];
    grounded &= row;
    total += POPCOUNT[row & ~grounded];
  }
  return total;
}

/**
 * Cumulative wells: a well cell is empty with both neighbours filled (walls count); each adds 1 for
 * itself and 1 for every empty cell directly below it down to the first filled cell, so a clean well
 * of depth d adds 1 + 2 + … + d.
 */
export function cumulativeWells(view: BoardView, width: number, fullRow: number): number {
  const { rows, top } = view;
  const rightWall = 1 << (width + 1);
  let total = 0;
  for (let y = 0; y < top; y++) {
    const walled = 1 | (rows[y] << 1) | rightWall;
    let wells = ((~walled & (walled << 1) & (walled >>> 1)) >>> 1) & fullRow;
    for (; wells !== 0; wells &= wells - 1) {
      const bit = 1 << lowestBit(wells);
      let depth = 1;
      for (let below = y - 1; below >= 0 && (rows[below] & bit) === 0; below--) depth++;
      total += depth;
    }
  }
  return total;
}

/** Fills `view.heights` with each column's height (highest filled cell + 1, 0 when empty). */
export function measureHeights(view: BoardView, width: number): void {
  measureColumnHeights(view.rows, view.top, width, view.heights);
}

/** Σ hᵢ. */
export function aggregateHeight(view: BoardView, width: number): number {
  let total = 0;
  for (let x = 0; x < width; x++) total += view.heights[x];
  return total;
}

/** Σ |hᵢ − hᵢ₊₁| over neighbouring columns. */
export function bumpiness(view: BoardView, width: number): number {
  const { heights } = view;
  let total = 0;
  for (let x = 1; x < width; x++) total += Math.abs(heights[x] - heights[x - 1]);
  return total;
}

/** Σ |hᵢ − hᵢ₊₁| over neighbouring columns whose heights differ by 3 or more. */
export function steepSteps(view: BoardView, width: number): number {
  const { heights } = view;
  let total = 0;
  for (let x = 1; x < width; x++) {
    const step = Math.abs(heights[x] - heights[x - 1]);
    if (step >= 3) total += step;
  }
  return total;
}

export function maxHeight(view: BoardView, width: number): number {
  let highest = 0;
  for (let x = 0; x < width; x++) highest = Math.max(highest, view.heights[x]);
  return highest;
}

export function minHeight(view: BoardView, width: number): number {
  let lowest = Infinity;
  for (let x = 0; x < width; x++) lowest = Math.min(lowest, view.heights[x]);
  return lowest;
}

/**
 * Pattern diversity: how many of the height differences −2, −1, 0, +1, +2 occur between neighbouring
 * columns (hᵢ₊₁ − hᵢ), so 0 to 5. A surface with varied small steps accepts more piece shapes.
 */
export function patternDiversity(view: BoardView, width: number): number {
  const { heights } = view;
  let seen = 0;
  for (let x = 1; x < width; x++) {
    const step = heights[x] - heights[x - 1];
    if (step >= -2 && step <= 2) seen |= 1 << (step + 2);
  }
  return POPCOUNT[seen];
}

/**
 * The i-th of five radial basis functions of the mean column height c on a board of height H:
 * exp(−(c − i·H/4)² / (2·(H/5)²)), i = 0 … 4.
 */
export function heightRadialBasis(view: BoardView, width: number, height: number, i: number): number {
  const distance = aggregateHeight(view, width) / width - (i * height) / 4;
  const spread = height / 5;
  return Math.exp(-(distance * distance) / (2 * spread * spread));
}

/** Σ |hᵢ − mean height|. */
export function heightDeviation(view: BoardView, width: number): number {
  const mean = aggregateHeight(view, width) / width;
  let total = 0;
  for (let x = 0; x < width; x++) total += Math.abs(view.heights[x] - mean);
  return total;
}

/** Σ hᵢ · 2i, columns counted from 0 at the left. */
export function weightedHeight(view: BoardView, width: number): number {
  let total = 0;
  for (let x = 0; x < width; x++) total += view.heights[x] * 2 * x;
  return total;
}

/**
 * Per column, the filled cells above its highest hole: the column's top run of filled cells, when an
 * empty cell (not the floor) ends it.
 */
export function overload(view: BoardView, width: number): number {
  const { rows, heights } = view;
  let total = 0;
  for (let x = 0; x < width; x++) {
    const bit = 1 << x;
    let y = heights[x] - 1;
    let run = 0;
    while (y >= 0 && (rows[y] & bit) !== 0) {
      run++;
      y--;
    }
    if (y >= 0) total += run;
  }
  return total;
}

/**
 * A drop orientation as a flush fit needs it: the steps hᵢ₊₁ − hᵢ of the column heights it rests on
 * (its bottom profile's) and the empty rows it needs above its first column's height.
 */
interface FlushNeed {
  readonly steps: readonly number[];
  readonly room: number;
}

/** Per piece, its needs in the research protocol's drop orientations (O 1; I, S, Z 2; T, J, L 4). */
const FLUSH_NEEDS: readonly (readonly FlushNeed[])[] = ROTATION_SYSTEMS.classic.distinctRotations.map((rotations, piece) =>
  rotations.map((rotation) => {
    const { bottoms, height } = ROTATION_SYSTEMS.classic.orientations[piece][rotation];
    return { steps: bottoms.slice(1).map((bottom, i) => bottom - bottoms[i]), room: height - bottoms[0] };
  }),
);
/** The largest step (either way) and room any orientation needs. */
const MAX_STEP = Math.max(...FLUSH_NEEDS.flat().flatMap(({ steps }) => steps.map(Math.abs)));
const MAX_ROOM = Math.max(...FLUSH_NEEDS.flat().map(({ room }) => room));
/** Scratch for `unfitPieces`: bit x of stepAt[d + MAX_STEP] when h[x+1] − h[x] = d; of roomAt[r] when column x has r empty rows or more. */
const stepAt = new Int32Array(2 * MAX_STEP + 1);
const roomAt = new Int32Array(MAX_ROOM + 1);

/**
 * Of the seven pieces, how many have no flush drop placement on this surface: none in which every
 * column of the piece rests on the stack or the floor (so no empty cell is left under it) with the
 * whole piece inside the board. Counts the kinds of next piece that cannot be dropped without leaving
 * an empty cell under it or overflowing the board.
 */
export function unfitPieces(view: BoardView, width: number, height: number): number {
  const { heights } = view;
  stepAt.fill(0);
  roomAt.fill(0);
  for (let x = 0; x < width; x++) {
    const bit = 1 << x;
    const room = Math.min(height - heights[x], MAX_ROOM);
    for (let r = 1; r <= room; r++) roomAt[r] |= bit;
    if (x + 1 < width) {
      const step = heights[x + 1] - heights[x];
      if (step >= -MAX_STEP && step <= MAX_STEP) stepAt[step + MAX_STEP] |= bit;
    }
  }
  let unfit = 0;
  pieces: for (const needs of FLUSH_NEEDS) {
    for (const { steps, room } of needs) {
      // The columns x where it rests flush: room at x, and each step from x on as its profile's.
      let starts = roomAt[room];
      for (let i = 0; i < steps.length; i++) starts &= stepAt[steps[i] + MAX_STEP] >>> i;
      if (starts !== 0) continue pieces;
    }
    unfit++;
  }
  return unfit;
}
