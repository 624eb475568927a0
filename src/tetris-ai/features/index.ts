import { SCAN_SLOTS, type ScanSlot } from './scan-slots.ts';
import type { Feature, FeatureInput } from './feature.ts';
import * as measure from './measures.ts';
import { FEATURE_NAMES, parseFeatureName, type FeatureName } from './names.ts';

export type { BoardView, Feature, FeatureInput } from './feature.ts';

const IARTRIS = 'iarTris (FEUP student report, 2009)';
const TPG = 'TPG-TETRIS (Aveiro student agent)';
/** The student report on greedy Tetris search for a target score (the `target` agent). */
const TARGET_REPORT = 'greedy target-score Tetris (student report)';
const DELLACHERIE = 'Dellacherie (in Fahey 2003), as MdpTetris computes it';
const BCTS = 'BCTS, Thiery & Scherrer 2009';
const LEE = "Yiyuan Lee's Tetris AI (2013), measured before full rows are removed";
const CBMPI = 'Scherrer, Ghavamzadeh, Gabillon, Lesner & Geist 2015 (CBMPI), value-function features';

/** A feature but for its name, which is its key in {@link DEFINITIONS}. */
type Definition = Omit<Feature, 'name'>;

function define(
  definition: string,
  source: string,
  compute: (input: FeatureInput) => number,
  {
    board = 'after',
    usesHeights = false,
    scanSlot,
    nonNegative = false,
  }: { board?: 'after' | 'before'; usesHeights?: boolean; scanSlot?: ScanSlot; nonNegative?: boolean } = {},
): Definition {
  return { definition, source, board, usesHeights, compute, scanSlot, nonNegative };
}

const heights = { usesHeights: true };
const beforeClearing = { board: 'before', usesHeights: true } as const;

/** CBMPI's i-th radial basis function of the mean column height, i from 0 to 4. */
function heightRbf(i: number): Definition {
  return define(
    `exp(−(c − ${i}·H/4)² / (2·(H/5)²)), c the mean column height, H the board height`,
    CBMPI,
    (input) => measure.heightRadialBasis(input.after, input.width, input.height, i),
    heights,
  );
}

/** Every feature's definition, under its name: each name of FEATURE_NAMES has one, and no other name. */
const DEFINITIONS: { readonly [name in FeatureName]: Definition } = {
  landingHeight: define(
    "row of the placed piece's lowest cell (from 0) + (piece height − 1) / 2",
    `${DELLACHERIE}; ${TARGET_REPORT}`,
    (input) => input.landingHeight,
    { scanSlot: SCAN_SLOTS.landingHeight },
  ),
  erodedPieceCells: define(
    'lines cleared by the placement × cells of the placed piece removed by them',
    `${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
    (input) => input.erodedCells,
    { scanSlot: SCAN_SLOTS.erodedPieceCells },
  ),
  completeLines: define('lines cleared by the placement', `${TPG}; El-Tetris's own code; ${LEE}`, (input) => input.linesCleared, {
    scanSlot: SCAN_SLOTS.completeLines,
  }),
  rowTransitions: define(
    'per row, filled↔empty changes left to right with both walls filled (an empty row scores 2), over all rows',
    `${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
    (input) => measure.rowTransitions(input.after, input.width, input.height),
    { scanSlot: SCAN_SLOTS.rowTransitions },
  ),
  columnTransitions: define(
    'per column, changes bottom to top with the floor filled and the space above the board empty',
    `${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
    (input) => measure.columnTransitions(input.after, input.fullRow),
    { scanSlot: SCAN_SLOTS.columnTransitions },
  ),
  holes: define(
    'empty cells with at least one filled cell above them in the same column',
    `${IARTRIS} H1; ${TPG}; ${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
    (input) => measure.holes(input.after),
    { scanSlot: SCAN_SLOTS.holes },
  ),
  cumulativeWells: define(
    'each well cell (empty, both neighbours filled, walls count) adds 1 + the empty cells directly below it down to the first filled cell',
    `${DELLACHERIE}; ${BCTS}; ${TARGET_REPORT}`,
    (input) => measure.cumulativeWells(input.after, input.width, input.fullRow),
    { scanSlot: SCAN_SLOTS.cumulativeWells },
  ),
  holeDepth: define(
    'per column, every maximal run of filled cells sitting directly on an empty cell adds its length',
    BCTS,
    (input) => measure.holeDepth(input.after, input.fullRow),
    { scanSlot: SCAN_SLOTS.holeDepth },
  ),
  rowsWithHoles: define('rows that contain at least one hole', BCTS, (input) => measure.rowsWithHoles(input.after), {
    scanSlot: SCAN_SLOTS.rowsWithHoles,
  }),
  patternDiversity: define(
    'how many of the height differences −2 … +2 occur between neighbouring columns (0 to 5)',
    `Thiery & Scherrer 2009, MdpTetris's "diversity"; one of CBMPI's DU policy features`,
    (input) => measure.patternDiversity(input.after, input.width),
    heights,
  ),
  heightRbf0: heightRbf(0),
  heightRbf1: heightRbf(1),
  heightRbf2: heightRbf(2),
  heightRbf3: heightRbf(3),
  heightRbf4: heightRbf(4),
  unfitPieces: define(
    'pieces (of the 7) with no drop placement resting flush on the surface (no empty cell under any of its columns) inside the board',
    'Gridmind (2026): the kinds of next piece that cannot drop without an empty cell under them or overflowing',
    (input) => measure.unfitPieces(input.after, input.width, input.height),
    { ...heights, nonNegative: true },
  ),
  aggregateHeight: define('Σ column heights', TPG, (input) => measure.aggregateHeight(input.after, input.width), {
    ...heights,
    scanSlot: SCAN_SLOTS.aggregateHeight,
  }),
  bumpiness: define('Σ |hᵢ − hᵢ₊₁| over neighbouring columns', TPG, (input) => measure.bumpiness(input.after, input.width), {
    ...heights,
    scanSlot: SCAN_SLOTS.bumpiness,
  }),
  emptyColumns: define(
    'Σ |hᵢ − hᵢ₊₁| over neighbouring columns whose heights differ by 3 or more (TPG-TETRIS\'s "colunas vazias")',
    TPG,
    (input) => measure.steepSteps(input.after, input.width),
    heights,
  ),
  maxHeight: define('height of the highest column', `${IARTRIS} H2`, (input) => measure.maxHeight(input.after, input.width), {
    ...heights,
    scanSlot: SCAN_SLOTS.maxHeight,
  }),
  averageHeight: define(
    'mean column height',
    `${IARTRIS} H3`,
    (input) => measure.aggregateHeight(input.after, input.width) / input.width,
    heights,
  ),
  heightRange: define(
    'highest minus lowest column height',
    `${IARTRIS} H4`,
    (input) => measure.maxHeight(input.after, input.width) - measure.minHeight(input.after, input.width),
    heights,
  ),
  heightDeviation: define('Σ |hᵢ − mean height|', `${IARTRIS} H5`, (input) => measure.heightDeviation(input.after, input.width), heights),
  overload: define(
    'per column, the filled cells above its highest hole (iarTris\'s "pieces above holes")',
    `${IARTRIS} H6`,
    (input) => measure.overload(input.after, input.width),
    heights,
  ),
  weightedHeight: define(
    'Σ hᵢ · 2i, columns numbered from 0 at the left (multipliers 0, 2, 4, …)',
    `${IARTRIS} H7`,
    (input) => measure.weightedHeight(input.after, input.width),
    heights,
  ),
  aggregateHeightBeforeClear: define(
    'Σ column heights, full rows still in place',
    LEE,
    (input) => measure.aggregateHeight(input.before, input.width),
    beforeClearing,
  ),
  holesBeforeClear: define('holes, full rows still in place', LEE, (input) => measure.holes(input.before), { board: 'before' }),
  bumpinessBeforeClear: define(
    'Σ |hᵢ − hᵢ₊₁|, full rows still in place',
    LEE,
    (input) => measure.bumpiness(input.before, input.width),
    beforeClearing,
  ),
};

/** Every registered feature, by the name agent files use, in the order of FEATURE_NAMES. */
export const FEATURES: Readonly<Record<string, Feature>> = Object.fromEntries(
  FEATURE_NAMES.map((name) => [name, { name, ...DEFINITIONS[name] }]),
);

export function findFeature(name: string): Feature {
  return FEATURES[parseFeatureName(name)];
}
