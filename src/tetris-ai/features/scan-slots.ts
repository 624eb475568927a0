/** The values a scan of a placement measures together (board-scan.ts), and where each sits in its output. */
export const SCAN_SLOTS = {
  landingHeight: 0,
  erodedPieceCells: 1,
  completeLines: 2,
  rowTransitions: 3,
  columnTransitions: 4,
  holes: 5,
  rowsWithHoles: 6,
  holeDepth: 7,
  cumulativeWells: 8,
  aggregateHeight: 9,
  maxHeight: 10,
  bumpiness: 11,
} as const;

export type ScanSlot = (typeof SCAN_SLOTS)[keyof typeof SCAN_SLOTS];

export const SCAN_SIZE = Object.keys(SCAN_SLOTS).length;
