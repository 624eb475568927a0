import { describe, expect, it } from 'vitest';
import { expectIndependentClone } from '../clone-property.ts';
import { InputError } from '../../src/core/errors.ts';
import { Game, randomizerFor, type GameOptions } from '../../src/tetris/game.ts';
import { KEYS, type Key } from '../../src/tetris/keys.ts';
import { PIECE_NAMES, pieceName } from '../../src/tetris/pieces.ts';
import { PlacementGenerator } from '../../src/tetris/placements.ts';
import { bagRandomizer, RANDOMIZER_NAMES, sequenceRandomizer, type Randomizer } from '../../src/tetris/randomizers.ts';
import { Prng } from '../../src/core/prng.ts';
import { RULE_SET_NAMES } from '../../src/tetris/rules.ts';

const names = (pieces: number[]) => pieces.map(pieceName).join('');
const pressAll = (game: Game, keys: string) => [...keys].forEach((key) => game.press(key as Key));

/** The pieces a game deals, by locking each with a hard drop at once. */
function dealt(game: Game, count: number): string {
  let result = '';
  for (let i = 0; i < count && !game.over; i++) {
    result += pieceName(game.current);
    game.press('H');
  }
  return result;
}

describe('randomizers', () => {
  it('sequence deals the list in order and repeats it', () => {
    const game = new Game({ rules: 'classic', sequence: 'TSZ', width: 10, height: 20 });
    expect(pieceName(game.current)).toBe('T');
    expect(names(game.preview())).toBe('SZT');
    expect(dealt(game, 5)).toBe('TSZTS');
  });

  it('uniform: the same seed gives the same pieces, another seed others', () => {
    const a = dealt(new Game({ rules: 'classic', height: 64, seed: 5 }), 30);
    const b = dealt(new Game({ rules: 'classic', height: 64, seed: 5 }), 30);
    const c = dealt(new Game({ rules: 'classic', height: 64, seed: 6 }), 30);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('uniform pins the pieces of seed 1 (same on every platform)', () => {
    const game = new Game({ rules: 'research', seed: 1 });
    const generator = new PlacementGenerator(10, 20, game.system);
    let result = '';
    for (let i = 0; i < 20; i++) {
      result += pieceName(game.current);
      generator.generate(game.board, game.current, 'drop');
      game.place(generator.rotation[0], generator.x[0], generator.y[0]);
    }
    expect(result).toBe('LTJIOIOTJLILIOJOOLST');
  });

  it("a piece source given to the game deals instead of the set-up's randomizer, one piece when the game needs it", () => {
    let asked = 0;
    const os = sequenceRandomizer([1]); // always O
    const pieces = { next: () => (asked++, os.next()), clone: () => os.clone() };
    const game = new Game({ rules: 'classic', seed: 5, preview: 0 }, { pieces });
    expect(asked).toBe(2); // the falling piece and the one after it
    expect(dealt(game, 3)).toBe('OOO');
    expect(asked).toBe(5);
  });

  it('bag7 deals each run of seven as a shuffle of all seven pieces', () => {
    const bag = bagRandomizer(new Prng(3));
    const pieces = names(Array.from({ length: 70 }, () => bag.next()));
    const sorted = [...PIECE_NAMES].sort().join('');
    for (let run = 0; run < 10; run++) expect([...pieces.slice(run * 7, run * 7 + 7)].sort().join('')).toBe(sorted);
    expect(pieces.slice(0, 7)).not.toBe(pieces.slice(7, 14));
  });

  it.each(RANDOMIZER_NAMES)('%s clones: the copy deals what the original deals next, each on its own', (name) => {
    for (let dealtBefore = 0; dealtBefore < 15; dealtBefore++) {
      const original = randomizerFor({ randomizer: name, seed: dealtBefore, sequence: 'TSZOIL' });
      for (let i = 0; i < dealtBefore; i++) original.next();
      const copy = original.clone();
      const deal = (randomizer: Randomizer) => Array.from({ length: 30 }, () => randomizer.next());
      const next = deal(original);
      expect(deal(copy)).toEqual(next);
      expect(deal(copy)).toEqual(deal(original));
    }
  });
});

describe('challenge rows', () => {
  it('fills the bottom rows but for one gap each, the same for the same seed, without changing the pieces', () => {
    const game = new Game({ rules: 'classic', garbageRows: 11, seed: 8 });
    for (let y = 0; y < 20; y++) {
      const empty = 10 - game.board.rows[y].toString(2).replaceAll('0', '').length;
      expect(empty).toBe(y < 11 ? 1 : 10);
    }
    expect(new Game({ rules: 'classic', garbageRows: 11, seed: 8 }).board.equals(game.board)).toBe(true);
    expect(new Game({ rules: 'classic', garbageRows: 11, seed: 9 }).board.equals(game.board)).toBe(false);
    expect(dealt(new Game({ seed: 8 }), 3)).toBe(dealt(new Game({ seed: 8, garbageRows: 11 }), 3));
  });

  it('refuses set-ups that do not make sense', () => {
    expect(() => new Game({ rules: 'toString' as never })).toThrow(/unknown rule set "toString"/);
    expect(() => new Game({ randomizer: 'uniform', sequence: 'TSZ' })).toThrow(/use the "sequence" randomizer, or drop the sequence/);
    expect(() => new Game({ rules: 'research' }).advance(Infinity)).toThrow(/finite, non-negative time/);
  });

  it('refuses more rows than the rules allow', () => {
    expect(() => new Game({ garbageRows: 12 })).toThrow(/12 challenge rows do not fit: use 0 to 11/);
    expect(() => new Game({ garbageRows: 3, height: 6 })).toThrow(/use 0 to 2/);
  });
});

describe('moves, gravity and locking', () => {
  it('gravity moves the piece down one row per interval', () => {
    const game = new Game({ rules: 'classic', sequence: 'O' });
    const y = game.active!.y;
    game.advance(1099);
    expect(game.active!.y).toBe(y);
    game.advance(1);
    expect(game.active!.y).toBe(y - 1);
    game.advance(1100 * 3);
    expect(game.active!.y).toBe(y - 4);
  });

  it('gravity locks a piece that cannot fall and spawns the next', () => {
    const game = new Game({ rules: 'classic', sequence: 'OT', width: 10, height: 6 });
    game.advance(1100 * 4); // O falls from row 4 to the floor
    expect(game.pieces).toBe(0);
    game.advance(1100);
    expect(game.pieces).toBe(1);
    expect(pieceName(game.active!.piece)).toBe('T');
  });

  it('soft drop moves down and locks when blocked; hard drop locks at once', () => {
    const game = new Game({ rules: 'classic', sequence: 'O', width: 4, height: 6 });
    pressAll(game, 'DDDD');
    expect(game.pieces).toBe(0);
    expect(game.active!.y).toBe(0);
    game.press('D');
    expect(game.pieces).toBe(1);
    game.press('H');
    expect(game.pieces).toBe(2);
    expect(game.board.toString()).toBe(['....', '....', '.##.', '.##.', '.##.', '.##.'].join('\n'));
  });

  it('moves are blocked by walls and cells', () => {
    const game = new Game({ rules: 'classic', sequence: 'O', width: 4, height: 6 });
    expect(game.press('L')).toBe(true);
    expect(game.press('L')).toBe(false);
    expect(game.active!.x).toBe(0);
    game.press('H');
    pressAll(game, 'LDD');
    expect(game.pieces).toBe(1);
    expect(game.press('D')).toBe(true); // blocked by the first O: locks
    expect(game.board.isFilled(0, 3)).toBe(true);
    expect(game.pieces).toBe(2);
  });

  it('clears lines and scores them by the rules at the current level', () => {
    const game = new Game({ rules: 'classic', sequence: 'O', width: 4, height: 8 });
    pressAll(game, 'LH');
    expect(game.score).toBe(0);
    pressAll(game, 'RH'); // two full rows at once
    expect(game.lines).toBe(2);
    expect(game.score).toBe(400);
    expect(game.lastLock).toMatchObject({ lines: 2, points: 400 });
    expect(game.board.rows.every((row) => row === 0)).toBe(true);
  });

  it('tells which rows the last lock cleared, as they were numbered before the clear', () => {
    const game = new Game({ rules: 'classic', sequence: 'IO', width: 4, height: 8 });
    pressAll(game, 'H'); // a flat I fills row 0
    expect(game.clearedRows).toEqual([0]);
    pressAll(game, 'LH'); // an O on the empty board clears nothing
    expect(game.clearedRows).toEqual([]);
  });

  it('levels up every 10 lines, speeding gravity', () => {
    const game = new Game({ rules: 'classic', sequence: 'I', width: 4, height: 8 });
    for (let i = 0; i < 10; i++) game.press('H');
    expect(game.lines).toBe(10);
    expect(game.level).toBe(1);
    expect(game.gravityMs).toBe(1050);
    game.press('H');
    expect(game.score).toBe(10 * 100 + 105);
  });

  it('tops out when a new piece has no room', () => {
    const game = new Game({ rules: 'classic', sequence: 'O', width: 4, height: 6 });
    for (let i = 0; i < 3; i++) game.press('H');
    expect(game.over).toBe(true);
    expect(game.outcome).toBe('topped-out');
    expect(game.active).toBeNull();
    expect(game.press('L')).toBe(false);
  });

  it('tops out when a piece locks with a cell above the top (turned into the vanish zone)', () => {
    const game = new Game({ rules: 'classic', rotation: 'srs', sequence: 'IIIIJI' });
    for (let i = 0; i < 4; i++) pressAll(game, 'CH'); // column 5 is 16 high
    game.press('H'); // J hangs from column 5: 17 high
    pressAll(game, 'C'); // the vertical I now rests on column 5 with its top cell above row 19
    expect(game.activeCells()!.some(([, y]) => y >= 20)).toBe(true);
    game.press('H');
    expect(game.outcome).toBe('topped-out');
    expect(game.board.isFilled(5, 19)).toBe(true); // the visible part stays; the vanish zone is emptied
    expect(game.board.rows.subarray(20).every((row) => row === 0)).toBe(true);
  });

  it('shows the chosen number of next pieces', () => {
    expect(new Game({ sequence: 'IOTSZJL', preview: 5 }).preview().map(pieceName).join('')).toBe('OTSZJ');
    expect(new Game({ preview: 0 }).preview()).toEqual([]);
  });
});

describe('the target rules', () => {
  it('succeed when the score reaches the target exactly', () => {
    const game = new Game({ rules: 'target', sequence: 'I', width: 4, height: 8, target: 3 });
    pressAll(game, 'HH');
    expect(game.outcome).toBe('playing');
    game.press('H');
    expect(game.score).toBe(3);
    expect(game.outcome).toBe('target-reached');
  });

  it('fail when the score passes the target', () => {
    const game = new Game({ rules: 'target', sequence: 'O', width: 4, height: 8, target: 2 });
    pressAll(game, 'LHRH'); // two lines at once: 2·1 + 1 = 3 points
    expect(game.score).toBe(3);
    expect(game.outcome).toBe('target-overshot');
  });
});

describe('placing whole pieces', () => {
  it('research: places drop placements and refuses others', () => {
    const game = new Game({ rules: 'research', sequence: 'I', width: 4, height: 4 });
    expect(game.active).toBeNull();
    game.place(1, 0, 0); // vertical I in column 0
    expect(() => game.place(1, 0, 0)).toThrow(InputError); // column 0 is full now
    expect(() => game.place(1, 1, 1)).toThrow(InputError); // not resting
    game.place(1, 1, 0);
    game.place(1, 2, 0);
    game.place(1, 3, 0); // four full rows
    expect(game.lines).toBe(4);
    expect(game.score).toBe(4);
    expect(game.outcome).toBe('playing');
  });

  it('research: the game ends when no drop placement of the next piece fits', () => {
    const game = new Game({ rules: 'research', sequence: 'T', width: 4, height: 4 });
    game.place(0, 0, 0);
    expect(game.over).toBe(false);
    game.place(0, 0, 2); // columns 0-2 are now 3, 4 and 3 high: no T fits
    expect(game.outcome).toBe('topped-out');
    expect(() => game.place(1, 2, 0)).toThrow(/game is over/);
  });

  it('keys play: places only where the falling piece can get to', () => {
    const game = new Game({ rules: 'classic', sequence: 'T', width: 10, height: 20 });
    game.place(0, 0, 0);
    expect(game.board.isFilled(1, 1)).toBe(true);
    expect(() => game.place(0, 0, 5)).toThrow(/cannot be placed at rotation 0, x 0, y 5/);
  });
});

describe('clone', () => {
  /** Everything a player can see of a game, as plain data. */
  const observed = (game: Game) => {
    const drops = game.dropPlacements();
    return {
      rows: [...game.board.rows],
      active: game.active,
      cells: game.activeCells(),
      current: game.current,
      preview: game.preview(),
      counters: [game.score, game.lines, game.level, game.pieces, game.clock, game.gravityMs],
      outcome: game.outcome,
      lastLock: game.lastLock,
      drops: Array.from({ length: drops.count }, (_, i) => [drops.rotation[i], drops.x[i], drops.y[i]]),
      log: game.replayLog(),
    };
  };

  /** Plays `count` inputs drawn by `driver`: placements, keys and waits, as the rules allow; stops at the game's end. */
  function play(game: Game, driver: Prng, count: number): void {
    const generator = new PlacementGenerator(game.board.width, game.board.height, game.system);
    for (let i = 0; i < count && !game.over; i++) {
      const roll = driver.nextInt(10);
      if (game.active === null || roll === 0) {
        const placements = generator.generate(
          game.board,
          game.current,
          game.active === null ? 'drop' : 'reachable',
          game.active ?? undefined,
        );
        const at = driver.nextInt(placements);
        game.place(generator.rotation[at], generator.x[at], generator.y[at]);
      } else if (roll < 7) {
        game.press(KEYS[driver.nextInt(KEYS.length)]);
      } else {
        game.advance(driver.nextInt(3000));
      }
    }
  }

  const setUps = RULE_SET_NAMES.flatMap((rules) =>
    RANDOMIZER_NAMES.map((randomizer): GameOptions => ({ rules, randomizer, sequence: randomizer === 'sequence' ? 'LJTOSZI' : undefined })),
  );

  it.each(setUps)('%o: the copy plays on as the original would, and each is unchanged by the other', (setUp) => {
    for (let seed = 1; seed <= 12; seed++) {
      const game = new Game({ ...setUp, seed, width: 8, height: 12, garbageRows: seed % 4, preview: seed % 5 });
      const driver = new Prng(seed, 5);
      play(game, driver, seed * 4);
      expectIndependentClone(game, driver, observed, (subject, random) => play(subject, random, 40));
    }
  });

  it('keeps no log when the original keeps none, and tells no listener of its locks', () => {
    const locks: number[] = [];
    const game = new Game({ rules: 'research', seed: 3 }, { keepLog: false, onLock: (lock) => locks.push(lock.piece) });
    play(game, new Prng(1), 5);
    const copy = game.clone();
    play(copy, new Prng(2), 5);
    expect(copy.pieces).toBe(10);
    expect(locks).toHaveLength(5);
    expect(copy.replayLog().inputs).toEqual([]);
  });
});
