import { parseName } from '../../core/names.ts';

export const MAX_SIDE = 50;
export const MIN_COLOURS = 2;
export const MAX_COLOURS = 9;
/** Colours of a board when none are named: those of the standard test positions (15 × 15, 5 colours). */
export const DEFAULT_COLOURS = 5;

export const SCORINGS = ['standard', 'penalty', 'classic'] as const;
/**
 * How a game scores (a rule option):
 * - `standard`: a removed group of n cells scores (n − 2)²; clearing the board adds 1000 (the research
 *   benchmark's rules, `data/samegame/README.md`, and CodinGame's).
 * - `penalty`: `standard`, and a game that ends with cells left loses (c − 2)² for every colour with
 *   c > 2 cells left (Schadd et al.'s "leftover penalty").
 * - `classic`: a group of n scores n(n − 1), nothing else (a 2008 FEUP SameGame solver's scoring).
 */
export type Scoring = (typeof SCORINGS)[number];

export const SHIFTS = ['left', 'right'] as const;
/** Where the columns close up when one empties: `left` (the standard game) or `right` (as a 2008 FEUP SameGame solver does). */
export type Shift = (typeof SHIFTS)[number];

export interface SameGameRules {
  readonly scoring: Scoring;
  readonly shift: Shift;
}

export const DEFAULT_RULES: SameGameRules = { scoring: 'standard', shift: 'left' };

/** Points for removing one group of n cells. */
export function groupPoints(scoring: Scoring, n: number): number {
  return scoring === 'classic' ? n * (n - 1) : (n - 2) * (n - 2);
}

/** The bonus for an empty board at the end of a game. */
export function clearBonus(scoring: Scoring): number {
  return scoring === 'classic' ? 0 : 1000;
}

/**
 * What the end of a game adds to the points of its moves: the clear bonus when no cell is left, and
 * under `penalty` minus Σ (c − 2)² over the colours with c > 2 cells left. `counts[k]` is the number of
 * cells of colour k left (entries 0 … colours − 1).
 */
export function endAdjustment(scoring: Scoring, counts: ArrayLike<number>, colours: number): number {
  let left = 0;
  let penalty = 0;
  for (let k = 0; k < colours; k++) {
    left += counts[k];
    if (counts[k] > 2) penalty += (counts[k] - 2) * (counts[k] - 2);
  }
  if (left === 0) return clearBonus(scoring);
  return scoring === 'penalty' ? -penalty : 0;
}

export function parseScoring(text: string): Scoring {
  return parseName(SCORINGS, 'scoring rule', text);
}

export function parseShift(text: string): Shift {
  return parseName(SHIFTS, 'column shift', text);
}
