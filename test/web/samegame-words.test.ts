import { describe, expect, it } from 'vitest';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { describePosition, verdict } from '../../web/src/samegame/words.ts';

describe("the SameGame page's words for a position", () => {
  it('counts moves and cells in the singular for one, and writes points with separators', () => {
    const game = new SameGame(parseBoardText('1\n0\n0'), { scoring: 'standard', shift: 'left' });
    expect(describePosition(game)).toBe('0 moves, 0 points, 3 cells left');
    game.play(0, 0);
    expect(describePosition(game)).toBe('1 move, 0 points, 1 cell left');
    const big = new SameGame(parseBoardText('0'.repeat(50)), { scoring: 'standard', shift: 'left' });
    big.play(0, 0);
    expect(describePosition(big)).toBe('1 move, 3,304 points, board cleared'); // (50 − 2)² + 1,000
  });

  it('gives the contest verdict from the player’s side', () => {
    expect([verdict(3, 2), verdict(2, 2), verdict(1, 2)]).toEqual(['You win', 'A draw', 'The computer wins']);
  });
});
