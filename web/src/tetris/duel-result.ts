/**
 * How a duel ends. Rule (docs/web-app.md, "Duel"):
 * 1. a board whose game ends decides at once: it loses when it topped out or passed its target, and wins
 *    when it reached its target exactly;
 * 2. else, once both boards have reached the duel's limit (each stops at its own), or when the duel is
 *    stopped, the higher score wins, and equal scores are a draw.
 */
import type { Outcome } from '../../../src/tetris/game.ts';
import { exactCount } from './counters.ts';

/** A duel's optional end: each board stops once it has placed `count` pieces, or cleared `count` lines. */
export interface DuelLimit {
  readonly counter: 'none' | 'pieces' | 'lines';
  readonly count: number;
}

export const NO_LIMIT: DuelLimit = { counter: 'none', count: 1000 };

/** What the result looks at in each board's game. */
export interface DuelBoard {
  readonly outcome: Outcome;
  readonly score: number;
  readonly pieces: number;
  readonly lines: number;
}

/** How the duel was decided: a game's end (rule 1), the limit or the Stop button (rule 2). */
export type DuelEnd = 'game-over' | 'limit' | 'stopped';

/** The winner's index (0 left, 1 right), or null for a draw, and how it was decided. */
export interface DuelResult {
  readonly winner: 0 | 1 | null;
  readonly end: DuelEnd;
}

/** Whether a board has reached the limit (never, without one). */
export function reachedLimit(board: Pick<DuelBoard, 'pieces' | 'lines'>, limit: DuelLimit): boolean {
  return limit.counter !== 'none' && board[limit.counter] >= limit.count;
}

/** The duel's result by the rule above, or null while it goes on. */
export function duelResult(boards: readonly [DuelBoard, DuelBoard], limit: DuelLimit, stopped: boolean): DuelResult | null {
  const ended = boards.findIndex((board) => board.outcome !== 'playing');
  if (ended >= 0) {
    const winner = boards[ended].outcome === 'target-reached' ? ended : 1 - ended;
    return { winner: winner as 0 | 1, end: 'game-over' };
  }
  const atLimit = boards.every((board) => reachedLimit(board, limit));
  if (!atLimit && !stopped) return null;
  const [left, right] = boards;
  return { winner: left.score === right.score ? null : left.score > right.score ? 0 : 1, end: atLimit ? 'limit' : 'stopped' };
}

const SIDES = ['left', 'right'] as const;

/** What decided a game's end, by its outcome. */
const ENDINGS: Record<Exclude<Outcome, 'playing'>, string> = {
  'topped-out': 'topped out',
  'target-overshot': 'passed its target',
  'target-reached': 'reached its target exactly',
};

/** A sentence on how the duel was decided: "The right board topped out.", "Stopped: 1,200 points to 900." */
export function duelReason(result: DuelResult, boards: readonly [DuelBoard, DuelBoard], limit: DuelLimit): string {
  if (result.end === 'game-over') {
    const ended = boards.findIndex((board) => board.outcome !== 'playing');
    return `The ${SIDES[ended]} board ${ENDINGS[boards[ended].outcome as Exclude<Outcome, 'playing'>]}.`;
  }
  const scores =
    result.winner === null
      ? `${exactCount(boards[0].score)} points each`
      : `${exactCount(boards[result.winner].score)} points to ${exactCount(boards[1 - result.winner].score)}`;
  return result.end === 'limit'
    ? `Both boards reached the limit of ${exactCount(limit.count)} ${limit.counter}: ${scores}.`
    : `Stopped: ${scores}.`;
}
