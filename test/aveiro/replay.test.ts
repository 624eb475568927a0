import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { AveiroGame, HEIGHT, type Cell } from '../../src/aveiro/game.ts';
import { aveiroReplayLog } from '../../src/aveiro/replay.ts';
import { aveiroAgent } from '../../src/client/agents.ts';
import { AveiroPlayer } from '../../src/client/player.ts';
import { replay, type Game } from '../../src/tetris/game.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { overlappingEnd } from './overlapping-end.ts';

/** The locked cells of a Gridmind game on the 8 × 30 board, as the protocol's cells (x + 1, 29 − y), sorted. */
function protocolCells(game: Game): string[] {
  const cells: string[] = [];
  for (let y = 0; y < game.board.height; y++)
    for (let x = 0; x < game.board.width; x++) if (game.board.isFilled(x, y)) cells.push(`${x + 1},${HEIGHT - 1 - y}`);
  return cells.sort();
}
const sorted = (cells: readonly Cell[]) => cells.map(([x, y]) => `${x},${y}`).sort();

/** Plays an Aveiro game with a random key (or none) before every tick, until it ends or `ticks` have passed. */
function randomGame(seed: number, ticks: number): AveiroGame {
  const game = new AveiroGame(seed);
  const keys = new Prng(seed + 1000);
  for (let tick = 0; tick < ticks && game.running; tick++) {
    game.keypress(['', 'w', 'a', 'd', 's', 'x'][keys.nextInt(6)]);
    game.tick();
  }
  return game;
}

describe('an Aveiro game as a Gridmind replay log', () => {
  it('replays to the same board, score, lines and pieces, tick for tick, for games still running', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const length = randomGame(seed, Infinity).tickCount;
      const played = randomGame(seed, Math.floor((length * seed) / 21)); // cut at a different moment each time
      if (played.ticks.endsWith('s')) played.tick(); // the replay locks a dropped piece at once, the game a tick later
      expect(played.running).toBe(true);
      const replayed = replay(aveiroReplayLog(played));
      expect(protocolCells(replayed), `seed ${seed}`).toEqual(sorted(played.game));
      expect([replayed.score, replayed.lines, replayed.pieces]).toEqual([played.score, played.lines, played.pieces]);
      const falling = played.frame().piece; // none for the tick after a lock, when Gridmind has already spawned the next
      if (falling !== null)
        expect(
          replayed
            .activeCells()!
            .map(([x, y]) => `${x + 1},${HEIGHT - 1 - y}`)
            .sort(),
        ).toEqual(sorted(falling));
    }
  });

  it("replays an agent's game of hundreds of lines, through the speeds they bring", () => {
    const played = new AveiroGame(5);
    const player = new AveiroPlayer(aveiroAgent(loadAgentSpec('bcts')));
    while (played.pieces < 400) played.keypress(player.keyAfter(played.tick()));
    const replayed = replay(aveiroReplayLog(played));
    expect(played.gameSpeed).toBeGreaterThan(30);
    expect(protocolCells(replayed)).toEqual(sorted(played.game));
    expect([replayed.score, replayed.lines, replayed.pieces]).toEqual([played.score, played.lines, played.pieces]);
  });

  it('replays a game to its end: the same score and lines, topped out, the piece that ended it laid over the stack', () => {
    const ended = [1, 2, 3, 4, 5].map((seed) => randomGame(seed, 100_000));
    for (const played of [...ended, overlappingEnd().game]) {
      expect(played.running).toBe(false);
      const log = aveiroReplayLog(played);
      const replayed = replay(log);
      expect(replayed.outcome).toBe('topped-out');
      expect(replayed.laidOver).not.toBeNull(); // not a lock, where the course counts it among the pieces
      expect([replayed.score, replayed.lines, replayed.pieces + 1]).toEqual([played.score, played.lines, played.pieces]);
      expect(protocolCells(replayed)).toEqual([...new Set(sorted(played.game))]);
      expect(log.config).toMatchObject({ rules: 'aveiro', width: 8, height: 30, rotation: 'aveiro', preview: 3 });
    }
    // The last game's ending piece cleared a row, which scored.
    expect(replay(aveiroReplayLog(overlappingEnd().game)).laidOver).toMatchObject({ lines: 1, points: 1 });
  });

  it('times each key as the server ticks, 10 a second at first, leaving out the tick that locks a dropped piece', () => {
    const game = new AveiroGame(3);
    game.tick();
    game.keypress('a');
    game.tick();
    game.keypress('s');
    game.tick();
    game.tick(); // locks the dropped piece
    game.keypress('w');
    game.tick(); // the next piece spawns, falls and turns
    expect(aveiroReplayLog(game).inputs).toEqual([
      { t: 200, key: 'L' },
      { t: 300, key: 'H' },
      { t: 400, key: 'C' }, // a tick ahead of the game, which locked the dropped piece at 400 and turned this one at 500
    ]);
  });
});
