import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { Game, replay, type GameOptions, type ReplayLog } from '../../src/tetris/game.ts';
import { KEYS } from '../../src/tetris/keys.ts';
import { PlacementGenerator } from '../../src/tetris/placements.ts';
import { parseTetrisReplay } from '../../src/tetris/replay-schema.ts';

/** Plays a game with random keys, random waits and now and then a whole placement. */
function playRandomly(options: GameOptions, actions: number, driverSeed: number): Game {
  const game = new Game(options);
  const driver = new Prng(driverSeed);
  const generator = new PlacementGenerator(game.board.width, game.board.height, game.system);
  for (let step = 0; step < actions && !game.over; step++) {
    const roll = driver.nextInt(20);
    if (game.active !== null && roll < 12) game.press(KEYS[driver.nextInt(KEYS.length)]);
    else if (game.active !== null && roll < 19) game.advance(driver.nextInt(400));
    else {
      const count = generator.generate(game.board, game.current, game.active ? 'reachable' : 'drop', game.active ?? undefined);
      const i = driver.nextInt(count);
      game.place(generator.rotation[i], generator.x[i], generator.y[i]);
    }
  }
  return game;
}

const snapshot = (game: Game) => ({
  board: game.board.toString(),
  active: game.active,
  score: game.score,
  lines: game.lines,
  level: game.level,
  pieces: game.pieces,
  outcome: game.outcome,
  clock: game.clock,
  preview: game.preview(),
});

describe('replay logs', () => {
  const setups: GameOptions[] = [
    { rules: 'classic', seed: 11 },
    { rules: 'classic', rotation: 'srs', randomizer: 'bag7', seed: 12, garbageRows: 6 },
    { rules: 'aveiro', seed: 13 },
    { rules: 'target', seed: 14, target: 20, width: 6, height: 12 },
    { rules: 'research', seed: 15, width: 6, height: 10 },
  ];

  it.each(setups)('replay $rules (seed $seed) exactly, through JSON', (options) => {
    const game = playRandomly(options, 3000, options.seed! * 7);
    expect(game.pieces).toBeGreaterThan(5);
    const log = JSON.parse(JSON.stringify(game.replayLog())) as ReplayLog;
    expect(snapshot(replay(log))).toEqual(snapshot(game));
  });

  it('differ when the seed differs (the comparison can fail)', () => {
    const log = playRandomly({ rules: 'classic', seed: 21 }, 500, 5).replayLog();
    const reseeded = { ...log, config: { ...log.config, seed: 22 } };
    expect(() => expect(snapshot(replay(reseeded))).toEqual(snapshot(replay(log)))).toThrow();
  });

  it('do not change as the game goes on', () => {
    const game = new Game({ seed: 3 });
    game.press('L');
    const log = game.replayLog();
    game.press('R');
    expect(log.inputs).toEqual([{ t: 0, key: 'L' }]);
  });

  it('reject what is not a replay log, naming the faulty input', () => {
    expect(() => parseTetrisReplay({ format: 'something else' })).toThrow(/not a Gridmind Tetris replay log/);
    expect(() => parseTetrisReplay([])).toThrow(/not a Gridmind Tetris replay log/);
    const log = new Game({ seed: 1 }).replayLog();
    const broken =
      (inputs: unknown[], end = 100) =>
      () =>
        replay({ ...log, inputs, end } as ReplayLog);
    expect(broken([{ t: 0, key: 'X' }])).toThrow(/replay input 1: "X" is not a key/);
    expect(
      broken([
        { t: 0, key: 'L' },
        { t: 10, place: 5 },
      ]),
    ).toThrow(/replay input 2: neither a key nor a placement/);
    expect(
      broken([
        { t: 50, key: 'L' },
        { t: 10, key: 'L' },
      ]),
    ).toThrow(/replay input 2: time 10 is not a finite time from 50 on/);
    expect(broken([], Number.NaN)).toThrow(/replay end time NaN/);
    expect(() => parseTetrisReplay({ ...log, config: { ...log.config, rotation: 'constructor' } })).toThrow(
      /^replay.config.rotation: unknown rotation system "constructor"/,
    );
    expect(() => parseTetrisReplay({ ...log, config: { ...log.config, width: 17 } })).toThrow(
      /^replay.config: board width 17 is out of range: use 4 to 16 columns$/,
    );
    expect(() => parseTetrisReplay({ ...log, inputs: {} })).toThrow(/^replay.inputs must be a list$/);
    expect(() => parseTetrisReplay({ ...log, end: 'soon' })).toThrow(/^replay.end must be the game time/);
    expect(parseTetrisReplay(JSON.parse(JSON.stringify(log)))).toEqual(log);
  });
});
