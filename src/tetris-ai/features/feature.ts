import type { ScanSlot } from './board-scan.ts';

/**
 * What an evaluation feature sees, and what a feature is.
 *
 * Conventions (shared/BENCHMARKS.md): heights count from the floor; a column's height is its highest
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
  /** Where `scanPlacement` puts the same value, for a feature it measures. */
  readonly scanSlot?: ScanSlot;
}
