import { Board } from '../tetris/board.ts';
import type { Shape } from '../tetris/shape.ts';
import { POPCOUNT } from './features/bits.ts';
import { measureLowRows } from './features/board-scan.ts';
import { PlacementBounds } from './features/placement-bound.ts';
import type { BoardView, FeatureInput, LowRows } from './features/feature.ts';

/**
 * Plays a placement on a scratch copy of a board and describes it for the features: the board after
 * the lock with full rows removed (`board`, also `input.after`), the board before they were removed
 * when asked for, and the landing height, lines and eroded cells. Reused from placement to placement;
 * nothing is allocated per placement.
 *
 * A search plays many placements on one board: it `load`s the board once, which measures its low rows
 * for the scan (`input.lowRows`), then `place`s each placement, which copies only the rows the last one
 * changed and tells the scan below which row the board is the loaded one (`input.sameBelow`). A search
 * that wants only the best placement can first bound a placement's value (`firstBound`, `closerBound`).
 */
export class PlacementSimulator {
  /** The board after the last simulated placement, full rows removed. */
  readonly board: Board;
  readonly input: FeatureInput;
  private readonly afterView: BoardView;
  private readonly beforeView: BoardView;
  /** The loaded board's low rows, measured by `load`. */
  private readonly lowRows: LowRows;
  /** Bounds on placements on the loaded board, when `load` was given weights for them. */
  private readonly bounds: PlacementBounds;
  private bounded = false;
  /** The board placements are played on, empty from row `sourceTop` up. */
  private source: Board;
  private sourceTop = 0;
  /** Whether `input.lowRows` measures `source` (it was loaded, not given to `simulate`). */
  private loaded = false;
  /** Rows of `board` below this index are the source's. */
  private cleanRows = 0;
  /** Rows of `board` from this index up are empty. */
  private dirtyRows = 0;

  constructor(width: number, height: number) {
    this.board = new Board(width, height);
    this.source = this.board;
    this.lowRows = {
      rowTransitions: new Int32Array(height + 1),
      columnTransitions: new Int32Array(height + 1),
      wells: new Int32Array(height + 1),
      holeDepth: new Int32Array(height + 1),
      grounded: new Int32Array(height + 1),
    };
    this.bounds = new PlacementBounds(width, height);
    this.afterView = { rows: this.board.rows, top: 0, heights: new Int32Array(width) };
    this.beforeView = { rows: new Uint32Array(this.board.rows.length), top: 0, heights: new Int32Array(width) };
    this.input = {
      width,
      height,
      fullRow: this.board.fullRow,
      after: this.afterView,
      before: this.afterView,
      landingHeight: 0,
      linesCleared: 0,
      erodedCells: 0,
      sameBelow: 0,
      lowRows: this.lowRows,
    };
  }

  /**
   * Takes `source`, whose rows from `sourceTop` up are empty, as the board the next placements are
   * played on, and measures its low rows; with `boundWeights` (by scan slot, as an evaluator's), also
   * what the bounds need. The board must not change until the next `load`.
   */
  load(source: Board, sourceTop: number, boundWeights: Float64Array | null = null): void {
    this.source = source;
    this.sourceTop = sourceTop;
    this.loaded = true;
    this.cleanRows = 0;
    measureLowRows(source.rows, sourceTop, this.input.width, source.fullRow, this.lowRows);
    this.bounded = boundWeights !== null;
    if (boundWeights !== null) this.bounds.measure(source.rows, sourceTop, this.lowRows, boundWeights);
  }

  /**
   * A bound from above on the value of `shape` at (x, y) on the loaded board with the weights given to
   * `load`, without playing it; Infinity when there is none (see `placement-bound.ts`).
   */
  firstBound(shape: Shape, x: number, y: number): number {
    return this.bounded && this.loaded ? this.bounds.first(shape, x, y) : Infinity;
  }

  /** What brings a finite `firstBound` of the same placement down to a closer bound (at most 0). */
  closerBound(shape: Shape, x: number, y: number): number {
    return this.bounds.closer(shape, x, y);
  }

  /**
   * Locks `shape` at (x, y) on a copy of the loaded board. With `keepBoardBeforeClear`, `input.before`
   * shows the board before full rows were removed.
   */
  place(shape: Shape, x: number, y: number, keepBoardBeforeClear: boolean): void {
    this.lock(shape, x, y, keepBoardBeforeClear);
    // A placement changes no row below its own: the scan takes those rows' measures from the load.
    this.input.sameBelow = this.loaded ? y : 0;
    this.cleanRows = y;
  }

  /** Locks `shape` at (x, y) on a copy of `source`, whose rows from `sourceTop` up are empty: one placement on a board ({@link place} for many). */
  simulate(source: Board, sourceTop: number, shape: Shape, x: number, y: number, keepBoardBeforeClear: boolean): void {
    this.source = source;
    this.sourceTop = sourceTop;
    this.loaded = false;
    this.cleanRows = 0;
    this.place(shape, x, y, keepBoardBeforeClear);
  }

  private lock(shape: Shape, x: number, y: number, keepBoardBeforeClear: boolean): void {
    const rows = this.board.rows;
    const fullRow = this.board.fullRow;
    const input = this.input;
    const sourceTop = this.sourceTop;
    // Copy only the rows that can differ: those the last placement changed, up to the source's stack
    // and whatever the last placement left above it.
    const copied = Math.max(sourceTop, this.dirtyRows);
    const sourceRows = this.source.rows;
    for (let r = this.cleanRows; r < copied; r++) rows[r] = sourceRows[r];
    const pieceRows = shape.rows;
    let lines = 0;
    let pieceCellsCleared = 0;
    for (let k = 0; k < pieceRows.length; k++) {
      const row = rows[y + k] | (pieceRows[k] << x);
      rows[y + k] = row;
      if (row === fullRow) {
        lines++;
        pieceCellsCleared += POPCOUNT[pieceRows[k]];
      }
    }
    const top = Math.max(sourceTop, y + pieceRows.length);
    this.dirtyRows = top;
    input.landingHeight = y + (pieceRows.length - 1) / 2;
    input.linesCleared = lines;
    input.erodedCells = lines * pieceCellsCleared;
    if (lines === 0) {
      this.afterView.top = top;
      input.before = this.afterView;
      return;
    }
    if (keepBoardBeforeClear) {
      this.beforeView.rows.set(rows);
      this.beforeView.top = top;
      input.before = this.beforeView;
    } else {
      input.before = this.afterView;
    }
    let kept = y;
    for (let r = y; r < top; r++) if (rows[r] !== fullRow) rows[kept++] = rows[r];
    rows.fill(0, kept, top);
    this.afterView.top = top - lines;
  }
}
