import { Board } from '../tetris/board.ts';
import type { Shape } from '../tetris/shape.ts';
import { POPCOUNT } from './features/bits.ts';
import type { BoardView, FeatureInput } from './features/feature.ts';

/**
 * Plays a placement on a scratch copy of a board and describes it for the features: the board after
 * the lock with full rows removed (`board`, also `input.after`), the board before they were removed
 * when asked for, and the landing height, lines and eroded cells. Reused from placement to placement;
 * nothing is allocated per placement.
 */
export class PlacementSimulator {
  /** The board after the last simulated placement, full rows removed. */
  readonly board: Board;
  readonly input: FeatureInput;
  private readonly afterView: BoardView;
  private readonly beforeView: BoardView;
  /** Rows of `board` from this index up are empty. */
  private dirtyRows = 0;

  constructor(width: number, height: number) {
    this.board = new Board(width, height);
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
    };
  }

  /**
   * Locks `shape` at (x, y) on a copy of `source`, whose rows from `sourceTop` up are empty.
   * With `keepBoardBeforeClear`, `input.before` shows the board before full rows were removed.
   */
  simulate(source: Board, sourceTop: number, shape: Shape, x: number, y: number, keepBoardBeforeClear: boolean): void {
    const rows = this.board.rows;
    const fullRow = this.board.fullRow;
    const input = this.input;
    // Copy only the rows that can differ: the source's stack and whatever the last placement left above it.
    const copied = Math.max(sourceTop, this.dirtyRows);
    const sourceRows = source.rows;
    for (let r = 0; r < copied; r++) rows[r] = sourceRows[r];
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
