/**
 * Why an agent chose a placement: every candidate placement of the piece, with each feature's part in its
 * value, the line of known pieces its value looks ahead to, its rank, and why a policy refused it.
 * `TetrisAgent.explain` makes one; its chosen candidate is the placement `choose` picks.
 */
import type { Piece } from '../tetris/pieces.ts';
import type { FeatureTerm } from './evaluator.ts';

/** Why a policy cannot choose a candidate. */
export type Refusal = 'overshoots-target' | 'no-future' | 'outside-beam';

/** Each refusal in words. */
export const REFUSAL_REASONS: Readonly<Record<Refusal, string>> = {
  'overshoots-target': 'its points would pass the target score, which the policy refuses',
  'no-future': 'after it, a known next piece, or some shape of the unknown one, has no room (or only placements the policy refuses)',
  'outside-beam': "its own value is not among the beam's best, so the search looks no further from it",
};

/** A placement of a lookahead line: where a known next piece goes, and that placement's own value. */
export interface LineStep {
  readonly piece: Piece;
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
  readonly value: number;
}

export interface CandidateExplanation {
  /** 1 for the chosen candidate; then by the policy's order, refused candidates last (by their own value). */
  readonly rank: number;
  readonly chosen: boolean;
  readonly rotation: number;
  readonly x: number;
  readonly y: number;
  /**
   * The value the policy compares: the candidate's own value greedily; with lookahead, its own value plus
   * the best line's (`combine: sum`) or the value of the line's last placement (`combine: last`); with
   * `unknownPieces`, the expected best of the unknown piece after the line (its 7 shapes' best
   * placements averaged) is added to that sum, or is the whole value under `last`; +∞ for a placement
   * that reaches the target exactly; −∞ when refused.
   */
  readonly total: number;
  /** The candidate's own value: its features' contributions add up to it. */
  readonly own: number;
  /** Whether the agent's despair weights valued it (its highest column is above the agent's threshold). */
  readonly despair: boolean;
  readonly features: readonly FeatureTerm[];
  /** With lookahead: the best line of the known next pieces after it, as the policy searched it. */
  readonly line?: readonly LineStep[];
  readonly refused?: Refusal;
}

export interface Explanation {
  readonly agent: string;
  readonly piece: Piece;
  /** The known next pieces the policy looked ahead to. */
  readonly lookahead: readonly Piece[];
  /**
   * Unknown pieces after them weighed by their expected best placement on this turn: the policy's
   * `unknownPieces` (0 or 1), or 0 on a turn below its `unknownPiecesAbove`.
   */
  readonly unknownPieces: number;
  /** Every placement of the piece, by rank. */
  readonly candidates: readonly CandidateExplanation[];
}
