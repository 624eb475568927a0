import { describe, expect, it } from 'vitest';
import { duelReason, duelResult, NO_LIMIT, reachedLimit, type DuelBoard, type DuelLimit } from '../../web/src/tetris/duel-result.ts';

const board = (changes: Partial<DuelBoard> = {}): DuelBoard => ({ outcome: 'playing', score: 0, pieces: 0, lines: 0, ...changes });
const PIECES_30: DuelLimit = { counter: 'pieces', count: 30 };

describe('how a duel ends', () => {
  it('goes on while both boards play under the limit', () => {
    expect(duelResult([board(), board()], NO_LIMIT, false)).toBeNull();
    expect(duelResult([board({ pieces: 30 }), board({ pieces: 29 })], PIECES_30, false)).toBeNull(); // the left board waits
  });

  it('is decided at once by a game that ends: a top-out or an overshot target loses, a target reached wins', () => {
    expect(duelResult([board({ outcome: 'topped-out', score: 900 }), board()], PIECES_30, false)).toEqual({ winner: 1, end: 'game-over' });
    expect(duelResult([board(), board({ outcome: 'target-overshot' })], NO_LIMIT, false)).toEqual({ winner: 0, end: 'game-over' });
    expect(duelResult([board(), board({ outcome: 'target-reached' })], NO_LIMIT, false)).toEqual({ winner: 1, end: 'game-over' });
    expect(duelReason({ winner: 1, end: 'game-over' }, [board({ outcome: 'topped-out' }), board()], NO_LIMIT)).toBe(
      'The left board topped out.',
    );
  });

  it('goes to the higher score once both boards reach the limit, or on Stop; equal scores draw', () => {
    const limit: DuelLimit = { counter: 'lines', count: 100 };
    const boards = [board({ lines: 101, score: 5_000 }), board({ lines: 100, score: 4_200 })] as const;
    expect(duelResult(boards, limit, false)).toEqual({ winner: 0, end: 'limit' });
    expect(duelReason({ winner: 0, end: 'limit' }, boards, limit)).toBe(
      'Both boards reached the limit of 100 lines: 5,000 points to 4,200.',
    );
    const even = [board({ score: 700 }), board({ score: 700 })] as const;
    expect(duelResult(even, NO_LIMIT, true)).toEqual({ winner: null, end: 'stopped' });
    expect(duelReason({ winner: null, end: 'stopped' }, even, NO_LIMIT)).toBe('Stopped: 700 points each.');
    expect(duelResult([board({ score: 1 }), board({ score: 2 })], NO_LIMIT, true)).toEqual({ winner: 1, end: 'stopped' });
  });

  it('counts a limit in pieces or lines, and never without one', () => {
    expect(reachedLimit(board({ pieces: 30 }), PIECES_30)).toBe(true);
    expect(reachedLimit(board({ pieces: 29, lines: 40 }), PIECES_30)).toBe(false);
    expect(reachedLimit(board({ pieces: 1e9 }), NO_LIMIT)).toBe(false);
  });
});
