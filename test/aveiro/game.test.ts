import { describe, expect, it } from 'vitest';
import { AveiroGame, GRID, gameInfo, type Cell } from '../../src/aveiro/game.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { aveiroAgent } from '../../src/client/agents.ts';
import { AveiroPlayer } from '../../src/client/player.ts';
import { overlappingEnd } from './overlapping-end.ts';

const sorted = (cells: Cell[] | null) => (cells ?? []).map(([x, y]) => `${x},${y}`).sort();
/** Seeds whose first piece is I (21) and O (2). */
const I_FIRST = 21;
const O_FIRST = 2;

describe('the Aveiro game, against the protocol', () => {
  it('describes walls and floor in the join reply', () => {
    expect(gameInfo()).toEqual({ dimensions: [10, 30], grid: GRID, game_speed: 10, score: 0 });
    expect(GRID).toHaveLength(10 + 30 + 30);
    expect(GRID.slice(0, 2)).toEqual([
      [0, 30],
      [1, 30],
    ]);
  });

  it('shows I and O where the protocol says they first appear', () => {
    expect(new AveiroGame(I_FIRST).tick().piece).toEqual([
      [2, 2],
      [3, 2],
      [4, 2],
      [5, 2],
    ]);
    expect(new AveiroGame(O_FIRST).tick().piece).toEqual([
      [3, 3],
      [4, 3],
      [3, 4],
      [4, 4],
    ]);
  });

  it('lets the piece fall first, then applies the last key received, one per tick', () => {
    const game = new AveiroGame(I_FIRST);
    game.tick();
    game.keypress('d');
    game.keypress('a'); // the last key wins
    expect(sorted(game.tick().piece)).toEqual(
      sorted([
        [1, 3],
        [2, 3],
        [3, 3],
        [4, 3],
      ]),
    );
    game.keypress('a'); // blocked by the wall: reverted, but the fall stays
    expect(sorted(game.tick().piece)).toEqual(
      sorted([
        [1, 4],
        [2, 4],
        [3, 4],
        [4, 4],
      ]),
    );
    expect(sorted(game.tick().piece)).toEqual(
      sorted([
        [1, 5],
        [2, 5],
        [3, 5],
        [4, 5],
      ]),
    ); // no key: just the fall
    game.keypress('w'); // the box (x 1, y 4) falls to y 5, then I turns in place to its vertical orientation, box column 2
    expect(sorted(game.tick().piece)).toEqual(
      sorted([
        [3, 5],
        [3, 6],
        [3, 7],
        [3, 8],
      ]),
    );
  });

  it('drops with s; the piece locks on the next tick, which shows no piece', () => {
    const game = new AveiroGame(O_FIRST);
    game.tick();
    game.keypress('s');
    expect(sorted(game.tick().piece)).toEqual(
      sorted([
        [3, 28],
        [4, 28],
        [3, 29],
        [4, 29],
      ]),
    );
    const lock = game.tick();
    expect(lock.piece).toBeNull();
    expect(sorted(lock.game)).toEqual(
      sorted([
        [3, 28],
        [4, 28],
        [3, 29],
        [4, 29],
      ]),
    );
    expect(lock.next_pieces).toHaveLength(3);
  });

  it('scores lines² per lock and speeds up to 10 + score // 10', () => {
    const game = new AveiroGame(5);
    const player = new AveiroPlayer(aveiroAgent(loadAgentSpec('bcts')));
    let score = 0;
    while (game.pieces < 400) {
      const frame = game.tick();
      const gained = frame.score - score;
      if (gained > 0) expect([1, 4, 9, 16]).toContain(gained);
      expect(frame.game_speed).toBe(10 + Math.floor(frame.score / 10));
      score = frame.score;
      game.keypress(player.keyAfter(frame));
    }
    expect(game.lines).toBeGreaterThan(100);
    expect(score).toBeGreaterThanOrEqual(game.lines);
  });

  it('ends when a new piece collides, still locking it on that tick', () => {
    const game = new AveiroGame(O_FIRST);
    let last = game.tick();
    while (game.running) {
      game.keypress('s');
      last = game.tick();
    }
    expect(last.game.some(([, y]) => y <= 4)).toBe(true);
    expect(last.piece).toBeNull();
  });

  it('changes nothing once the game is over, whatever the key: no piece dealt, no tick counted, the same frame', () => {
    for (const seed of [O_FIRST, 114]) {
      const game = new AveiroGame(seed);
      let last = game.tick();
      while (game.running) {
        game.keypress('s');
        last = game.tick();
      }
      const { dealt, ticks, score, lines, pieces } = game;
      for (const key of ['s', 'a', 'w', '']) {
        game.keypress(key);
        expect(game.tick(), `seed ${seed}, key "${key}"`).toEqual(last);
      }
      expect([game.dealt, game.ticks, game.score, game.lines, game.pieces]).toEqual([dealt, ticks, score, lines, pieces]);
    }
  });

  it('clears a row that the ending piece, overlapping the stack, makes 8 cells long in the list, and scores it', () => {
    const { game, frames } = overlappingEnd();
    const [before, last] = frames.slice(-2);
    expect(sorted(before.game.filter(([, y]) => y === 1))).toEqual(['2,1', '3,1', '4,1', '5,1']);
    expect(last.game.some(([, y]) => y === 1)).toBe(false);
    expect(last.game.length).toBe(before.game.length - 4);
    expect([last.score, game.lines]).toEqual([before.score + 1, 1]);
  });
});
