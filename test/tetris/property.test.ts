import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/core/prng.ts';
import { VANISH_ROWS } from '../../src/tetris/board.ts';
import { Game, type GameOptions } from '../../src/tetris/game.ts';
import { KEYS } from '../../src/tetris/keys.ts';
import { PlacementGenerator } from '../../src/tetris/placements.ts';
import { RANDOMIZER_NAMES } from '../../src/tetris/randomizers.ts';
import { ROTATION_SYSTEM_NAMES } from '../../src/tetris/rotation/index.ts';
import { RULE_SET_NAMES } from '../../src/tetris/rules.ts';

const GAMES = 2000;
const ACTIONS_PER_GAME = 400;

/** A game set-up drawn at random: any rules, rotation system, randomizer and size. */
function randomSetup(prng: Prng, seed: number): GameOptions {
  const height = 4 + prng.nextInt(17);
  return {
    rules: RULE_SET_NAMES[prng.nextInt(RULE_SET_NAMES.length)],
    rotation: ROTATION_SYSTEM_NAMES[prng.nextInt(ROTATION_SYSTEM_NAMES.length)],
    randomizer: RANDOMIZER_NAMES[prng.nextInt(2)],
    width: 4 + prng.nextInt(13),
    height,
    garbageRows: prng.nextInt(Math.min(11, height - 4) + 1),
    target: 1 + prng.nextInt(30),
    seed,
  };
}

/** Throws with the game's seed and step when a property fails (plain checks keep thousands of games fast). */
function check(condition: boolean, seed: number, step: number, what: string): void {
  if (!condition) throw new Error(`seed ${seed}, step ${step}: ${what}`);
}

/** Rows as arrays of cell flags, bottom first: an independent model to check the bit rows against. */
const cellRows = (rows: Uint32Array, width: number, height: number) =>
  Array.from(rows.subarray(0, height), (row) => Array.from({ length: width }, (_, x) => ((row >>> x) & 1) === 1));

describe('random games (property test)', () => {
  it(`${GAMES} seeded games never overlap cells or leave the board, and clear exactly the full rows`, () => {
    let locks = 0;
    let clears = 0;
    let layOvers = 0;
    for (let seed = 0; seed < GAMES; seed++) {
      const driver = new Prng(seed, 99);
      const game = new Game(randomSetup(driver, seed));
      const { width, height, fullRow } = game.board;
      const generator = new PlacementGenerator(width, height, game.system);
      for (let step = 0; step < ACTIONS_PER_GAME && !game.over; step++) {
        const before = game.board.rows.slice();
        const piecesBefore = game.pieces;
        const linesBefore = game.lines;
        const scoreBefore = game.score;
        const roll = driver.nextInt(10);
        if (game.active === null || roll === 0) {
          const count = generator.generate(game.board, game.current, game.active ? 'reachable' : 'drop', game.active ?? undefined);
          const i = driver.nextInt(count);
          game.place(generator.rotation[i], generator.x[i], generator.y[i]);
        } else if (roll < 7) {
          game.press(KEYS[driver.nextInt(KEYS.length)]);
        } else {
          game.advance(driver.nextFloat() * game.gravityMs * 0.5); // at most one gravity step, so at most one lock
        }

        const rows = game.board.rows;
        for (let y = 0; y < rows.length; y++) {
          check((rows[y] & ~fullRow) === 0, seed, step, `row ${y} has a cell outside the walls`);
          check(y < height || rows[y] === 0, seed, step, `row ${y} of the vanish zone is not empty`);
        }
        for (const [x, y] of game.activeCells() ?? []) {
          check(x >= 0 && x < width && y >= 0 && y < height + VANISH_ROWS, seed, step, `falling cell (${x},${y}) is off the board`);
          check(!game.board.isFilled(x, y), seed, step, `falling cell (${x},${y}) overlaps the stack`);
        }
        if (game.pieces === piecesBefore) {
          check(game.board.rows.every((row, y) => row === before[y]) || game.over, seed, step, 'the board changed without a lock');
          continue;
        }

        // A lock: the model puts the piece on empty cells (the vanish zone included), removes exactly
        // the full rows of the board, and ends the game when a cell is left above the top.
        const laidOver = game.laidOver;
        check(game.pieces === piecesBefore + 1, seed, step, 'more than one lock in one action');
        locks++;
        const lock = game.lastLock!;
        const model = cellRows(before, width, height + VANISH_ROWS);
        for (const [dx, dy] of game.system.orientations[lock.piece][lock.rotation].cells) {
          const [x, y] = [lock.x + dx, lock.y + dy];
          check(x >= 0 && x < width && y >= 0 && y < height + VANISH_ROWS, seed, step, `locked cell (${x},${y}) is off the board`);
          check(!model[y][x], seed, step, `locked cell (${x},${y}) overlaps the stack`);
          model[y][x] = true;
        }
        let kept = model.filter((row, y) => y >= height || !row.every(Boolean));
        const cleared = height + VANISH_ROWS - kept.length;
        const pad = () => {
          while (kept.length < height + VANISH_ROWS) kept.push(new Array<boolean>(width).fill(false));
        };
        pad();
        const above = kept.slice(height).some((row) => row.some(Boolean));
        check(!above || game.outcome === 'topped-out', seed, step, 'a cell was left above the top but the game goes on');
        let laidLines = 0;
        check(laidOver === null || game.rules.laysEndingPieceOver, seed, step, `the ${game.rules.name} rules laid a piece over`);
        if (game.over && game.rules.laysEndingPieceOver && laidOver === null && !above) {
          // The spawn collided, but the piece fits a row lower: the course moves it there instead.
          const spawn = game.system.spawn(game.current, width, height);
          const shape = game.system.orientations[game.current][spawn.rotation];
          check(game.board.fits(shape, spawn.x, spawn.y - 1), seed, step, 'the ending piece fits no row lower, but was not laid over');
        }
        if (laidOver !== null) {
          // The `aveiro` rules lay the piece whose spawn collided, and that fits no row lower, over the
          // stack: a row that its cells and the stack's fill `width` times over, the overlapping ones
          // counted twice, is cleared.
          const cells = game.system.orientations[laidOver.piece][laidOver.rotation].cells.map(([dx, dy]) => [
            laidOver.x + dx,
            laidOver.y + dy,
          ]);
          const fitsLower = cells.every(([x, y]) => y > 0 && !kept[y - 1][x]);
          check(!fitsLower, seed, step, 'the ending piece fits a row lower, but was laid over');
          const full = [...new Set(cells.map(([, y]) => y))].filter(
            (y) => kept[y].filter(Boolean).length + cells.filter(([, cy]) => cy === y).length === width,
          );
          for (const [x, y] of cells) kept[y][x] = true;
          kept = kept.filter((_, y) => !full.includes(y));
          pad();
          laidLines = full.length;
          layOvers++;
          check(laidOver.lines === laidLines, seed, step, `counted ${laidOver.lines} lines laying over, the model cleared ${laidLines}`);
          check(laidOver.points === game.rules.points(laidLines, game.level), seed, step, `scored ${laidOver.points} laying over`);
        }
        check(
          game.score - scoreBefore === lock.points + (laidOver?.points ?? 0),
          seed,
          step,
          'the score grew by more than the points scored',
        );
        expect(cellRows(rows, width, height), `seed ${seed}, step ${step}`).toEqual(kept.slice(0, height));
        check(
          game.lines - linesBefore === cleared + laidLines && lock.lines === cleared,
          seed,
          step,
          `counted ${lock.lines} lines, the model cleared ${cleared}`,
        );
        if (cleared > 0) clears++;
      }
    }
    expect(locks).toBeGreaterThan(GAMES * 5);
    expect(clears).toBeGreaterThan(GAMES / 8);
    expect(layOvers).toBeGreaterThan(GAMES / 10); // the games under the `aveiro` rules that ended
  });
});
