import { SCAN_SLOTS, type ScanSlot } from './scan-slots.ts';
import type { Feature, FeatureInput } from './feature.ts';
import * as measure from './measures.ts';
import { parseFeatureName, type FeatureName } from './names.ts';

export type { BoardView, Feature, FeatureInput } from './feature.ts';

const IARTRIS = 'iarTris (FEUP student report, 2009)';
const TPG = 'TPG-TETRIS (Aveiro student agent)';
/** The student report on greedy Tetris search for a target score (the `target` agent). */
const TARGET_REPORT = 'greedy target-score Tetris (student report)';
const DELLACHERIE = 'Dellacherie (in Fahey 2003), as MdpTetris computes it';
const BCTS = 'BCTS, Thiery & Scherrer 2009';
const LEE = "Yiyuan Lee's Tetris AI (2013), measured before full rows are removed";
const CBMPI = 'Scherrer, Ghavamzadeh, Gabillon, Lesner & Geist 2015 (CBMPI), value-function features';

function define(
  name: FeatureName,
  definition: string,
  source: string,
  compute: (input: FeatureInput) => number,
  {
    board = 'after',
    usesHeights = false,
    scanSlot,
    nonNegative = false,
  }: { board?: 'after' | 'before'; usesHeights?: boolean; scanSlot?: ScanSlot; nonNegative?: boolean } = {},
): Feature {
  return { name, definition, source, board, usesHeights, compute, scanSlot, nonNegative };
}

const heights = { usesHeights: true };
const beforeClearing = { board: 'before', usesHeights: true } as const;

/** Every registered feature, by the name agent files use. */
export const FEATURES: Readonly<Record<string, Feature>> = Object.fromEntries(
  [
    define(
      'landingHeight',
      "row of the placed piece's lowest cell (from 0) + (piece height − 1) / 2",
      `${DELLACHERIE}; ${TARGET_REPORT}`,
      (input) => input.landingHeight,
      { scanSlot: SCAN_SLOTS.landingHeight },
    ),
    define(
      'erodedPieceCells',
      'lines cleared by the placement × cells of the placed piece removed by them',
      `${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
      (input) => input.erodedCells,
      { scanSlot: SCAN_SLOTS.erodedPieceCells },
    ),
    define('completeLines', 'lines cleared by the placement', `${TPG}; El-Tetris's own code; ${LEE}`, (input) => input.linesCleared, {
      scanSlot: SCAN_SLOTS.completeLines,
    }),
    define(
      'rowTransitions',
      'per row, filled↔empty changes left to right with both walls filled (an empty row scores 2), over all rows',
      `${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
      (input) => measure.rowTransitions(input.after, input.width, input.height),
      { scanSlot: SCAN_SLOTS.rowTransitions },
    ),
    define(
      'columnTransitions',
      'per column, changes bottom to top with the floor filled and the space above the board empty',
      `${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
      (input) => measure.columnTransitions(input.after, input.fullRow),
      { scanSlot: SCAN_SLOTS.columnTransitions },
    ),
    define(
      'holes',
      'empty cells with at least one filled cell above them in the same column',
      `${IARTRIS} H1; ${TPG}; ${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
      (input) => measure.holes(input.after),
      { scanSlot: SCAN_SLOTS.holes },
    ),
    define(
      'cumulativeWells',
      'each well cell (empty, both neighbours filled, walls count) adds 1 + the empty cells directly below it down to the first filled cell',
      `${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
      (input) => measure.cumulativeWells(input.after, input.width, input.fullRow),
      { scanSlot: SCAN_SLOTS.cumulativeWells },
    ),
    define(
      'holeDepth',
      'per column, every maximal run of filled cells sitting directly on an empty cell adds its length',
      BCTS,
      (input) => measure.holeDepth(input.after, input.fullRow),
      { scanSlot: SCAN_SLOTS.holeDepth },
    ),
    define('rowsWithHoles', 'rows that contain at least one hole', BCTS, (input) => measure.rowsWithHoles(input.after), {
      scanSlot: SCAN_SLOTS.rowsWithHoles,
    }),
    define(
      'patternDiversity',
      'how many of the height differences −2 … +2 occur between neighbouring columns (0 to 5)',
      `Thiery & Scherrer 2009, MdpTetris's "diversity"; one of CBMPI's DU policy features`,
      (input) => measure.patternDiversity(input.after, input.width),
      heights,
    ),
    ...([0, 1, 2, 3, 4] as const).map((i) =>
      define(
        `heightRbf${i}`,
        `exp(−(c − ${i}·H/4)² / (2·(H/5)²)), c the mean column height, H the board height`,
        CBMPI,
        (input) => measure.heightRadialBasis(input.after, input.width, input.height, i),
        heights,
      ),
    ),
    define(
      'unfitPieces',
      'pieces (of the 7) with no drop placement resting flush on the surface (no empty cell under any of its columns) inside the board',
      'Gridmind (2026): the kinds of next piece that cannot drop without an empty cell under them or overflowing',
      (input) => measure.unfitPieces(input.after, input.width, input.height),
      { ...heights, nonNegative: true },
    ),
    define('aggregateHeight', 'Σ column heights', TPG, (input) => measure.aggregateHeight(input.after, input.width), {
      ...heights,
      scanSlot: SCAN_SLOTS.aggregateHeight,
    }),
    define('bumpiness', 'Σ |hᵢ − hᵢ₊₁| over neighbouring columns', TPG, (input) => measure.bumpiness(input.after, input.width), {
      ...heights,
      scanSlot: SCAN_SLOTS.bumpiness,
    }),
    define(
      'emptyColumns',
      'Σ |hᵢ − hᵢ₊₁| over neighbouring columns whose heights differ by 3 or more (TPG-TETRIS\'s "colunas vazias")',
      TPG,
      (input) => measure.steepSteps(input.after, input.width),
      heights,
    ),
    define('maxHeight', 'height of the highest column', `${IARTRIS} H2`, (input) => measure.maxHeight(input.after, input.width), {
      ...heights,
      scanSlot: SCAN_SLOTS.maxHeight,
    }),
    define(
      'averageHeight',
      'mean column height',
      `${IARTRIS} H3`,
      (input) => measure.aggregateHeight(input.after, input.width) / input.width,
      heights,
    ),
    define(
      'heightRange',
      'highest minus lowest column height',
      `${IARTRIS} H4`,
      (input) => measure.maxHeight(input.after, input.width) - measure.minHeight(input.after, input.width),
      heights,
    ),
    define(
      'heightDeviation',
      'Σ |hᵢ − mean height|',
      `${IARTRIS} H5`,
      (input) => measure.heightDeviation(input.after, input.width),
      heights,
    ),
    define(
      'overload',
      'per column, the filled cells above its highest hole (iarTris\'s "pieces above holes")',
      `${IARTRIS} H6`,
      (input) => measure.overload(input.after, input.width),
      heights,
    ),
    define(
      'weightedHeight',
      'Σ hᵢ · 2i, columns numbered from 0 at the left (multipliers 0, 2, 4, …)',
      `${IARTRIS} H7`,
      (input) => measure.weightedHeight(input.after, input.width),
      heights,
    ),
    define(
      'aggregateHeightBeforeClear',
      'Σ column heights, full rows still in place',
      LEE,
      (input) => measure.aggregateHeight(input.before, input.width),
      beforeClearing,
    ),
    define('holesBeforeClear', 'holes, full rows still in place', LEE, (input) => measure.holes(input.before), { board: 'before' }),
    define(
      'bumpinessBeforeClear',
      'Σ |hᵢ − hᵢ₊₁|, full rows still in place',
      LEE,
      (input) => measure.bumpiness(input.before, input.width),
      beforeClearing,
    ),
  ].map((feature) => [feature.name, feature]),
);

export function findFeature(name: string): Feature {
  return FEATURES[parseFeatureName(name)];
}
