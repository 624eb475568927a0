import type { ScanSlot } from './scan-slots.ts';

/**
 * What an evaluation feature sees, and what a feature is.
 *
 * Conventions (MdpTetris's, docs/sources.md): heights count from the floor; a column's height is its highest
 * filled cell + 1 (0 when empty). Unless a feature says otherwise it is measured on the board after the
 * placement and after its full rows are removed.
 */

/** A board to measure: bit rows (bottom first, bit x = column x) with the rows at and above `top` empty. */
export interface BoardView {
  rows: Uint32Array;
  top: number;
  /** Column heights; filled in before features that declare `usesHeights` run. */
  readonly heights: Int32Array;
}

/** One placement to score: the boards around it and what the placement itself did. */
export interface FeatureInput {
  readonly width: number;
  readonly height: number;
  /** Mask of a full row. */
  readonly fullRow: number;
  /** The board after the placement, full rows removed. */
  readonly after: BoardView;
  /** The board after the placement, full rows still in place (the same view when none was full). */
  before: BoardView;
  /** Row of the piece's lowest cell + (piece height − 1) / 2. */
  landingHeight: number;
  /** Rows the placement completed. */
  linesCleared: number;
  /** Lines cleared × the placed piece's cells removed by them. */
  erodedCells: number;
  /**
   * Rows of `after` below this index are those of a board measured beforehand, whose bottom-up measures
   * `lowRows` holds, so that a scan need not measure them again (0 or absent: measure every row).
   * `PlacementSimulator.place` sets both. Internal: the package's types leave both out.
   *
   * @internal
   */
  sameBelow?: number;
  /** @internal */
  readonly lowRows?: LowRows;
}

/**
 * The bottom-up measures of a board's lowest rows, per row count: at index y, the totals over rows 0 to
 * y − 1 (row transitions without the empty rows above, column transitions from the floor, cumulative
 * wells of the well cells in those rows, hole depth) and the columns filled in all of them (`grounded`).
 * A board after a placement that changed no row below y shares them.
 */
export interface LowRows {
  readonly rowTransitions: Int32Array;
  readonly columnTransitions: Int32Array;
  readonly wells: Int32Array;
  readonly holeDepth: Int32Array;
  readonly grounded: Int32Array;
}

export interface Feature {
  /** The name agent files use. */
  readonly name: string;
  /** The definition, in one sentence. */
  readonly definition: string;
  /** Where it comes from. */
  readonly source: string;
  /** Which board it measures; `before` features see the full rows still in place. */
  readonly board: 'after' | 'before';
  /** Whether it reads `heights`. */
  readonly usesHeights: boolean;
  compute(input: FeatureInput): number;
  /**
   * Where `scanPlacement` puts the same value, for a feature it measures. Internal: the package's types
   * leave it out.
   *
   * @internal
   */
  readonly scanSlot?: ScanSlot;
  /**
   * Declared never below 0 (declared where a search gains by it): a search's bounds, which measure only
   * scanned features, then stay bounds with it weighed w ≤ 0, as its term is at most 0.
   */
  readonly nonNegative: boolean;
}
