import { describe, expect, it } from 'vitest';
import { Game } from '../../src/tetris/game.ts';
import { pathOfReplay } from '../../src/tetris-ai/search-path.ts';

describe('the search path from a replay', () => {
  it('has a step for every piece that locked, gravity locking several between two inputs included, in order', () => {
    const game = new Game({ rules: 'classic', width: 6, height: 10, seed: 4 });
    game.press('H');
    game.advance(600_000); // no key for ten minutes of falling: gravity locks piece after piece to the top
    const log = game.replayLog();
    expect(game.over).toBe(true);
    expect(game.pieces).toBeGreaterThan(3);
    const path = pathOfReplay(log);
    expect(path).toHaveLength(game.pieces);
    const first = new Game({ rules: 'classic', width: 6, height: 10, seed: 4 });
    first.press('H');
    expect(path[0]).toMatchObject({ rotation: first.lastLock!.rotation });
  });
});
