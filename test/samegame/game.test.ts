import { describe, expect, it } from 'vitest';
import { expectIndependentClone } from '../clone-property.ts';
import { Prng } from '../../src/core/prng.ts';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import { SameGame } from '../../src/samegame/game.ts';
import { randomBoard } from '../../src/samegame/random-boards.ts';
import { clearBonus, endAdjustment, groupPoints, parseScoring, parseShift, SCORINGS } from '../../src/samegame/rules.ts';

const board = (...rows: string[]) => parseBoardText(rows.join('\n'));

describe('scoring options', () => {
  it('scores a group of n as (n − 2)² (standard, penalty) or n(n − 1) (classic)', () => {
    expect([2, 3, 10].map((n) => groupPoints('standard', n))).toEqual([0, 1, 64]);
    expect([2, 3, 10].map((n) => groupPoints('penalty', n))).toEqual([0, 1, 64]);
    expect([2, 3, 10].map((n) => groupPoints('classic', n))).toEqual([2, 6, 90]);
  });

  it('adds 1000 for a cleared board except under classic, and under penalty takes (c − 2)² per colour with c > 2 left', () => {
    expect([clearBonus('standard'), clearBonus('penalty'), clearBonus('classic')]).toEqual([1000, 1000, 0]);
    const cleared = new Int32Array([0, 0, 0]);
    expect(endAdjustment('penalty', cleared, 3)).toBe(1000);
    const left = new Int32Array([1, 5, 2]);
    expect(endAdjustment('standard', left, 3)).toBe(0);
    expect(endAdjustment('classic', left, 3)).toBe(0);
    expect(endAdjustment('penalty', left, 3)).toBe(-9);
  });

  it('reads rule names', () => {
    expect(parseScoring('Classic')).toBe('classic');
    expect(parseShift('right')).toBe('right');
    expect(() => parseScoring('points')).toThrow(/unknown scoring rule "points": use one of standard, penalty, classic/);
    expect(() => parseShift('up')).toThrow(/use one of left, right/);
  });
});

describe('SameGame', () => {
  it('plays a game to the end with the bonus for a cleared board', () => {
    const game = new SameGame(board('0110', '0110'));
    expect(game.moves()).toEqual([
      [0, 0],
      [1, 0],
      [3, 0],
    ]);
    expect(game.play(1, 1)).toEqual({ x: 1, y: 1, colour: 1, size: 4, points: 4 });
    expect(game.board.toString()).toBe('00..\n00..');
    expect(game.isOver()).toBe(false);
    expect(game.play(0, 0).points).toBe(4);
    expect([game.isOver(), game.cleared(), game.points, game.score()]).toEqual([true, true, 8, 1008]);
  });

  it('ends with the penalty for cells left under penalty rules, and scores n(n − 1) under classic', () => {
    const rows = ['0012', '0012', '1120'];
    const penalty = new SameGame(board(...rows), { scoring: 'penalty', shift: 'left' });
    penalty.play(0, 1); // the four 0s: (4 − 2)² = 4 points
    expect(penalty.points).toBe(4);
    const classic = new SameGame(board(...rows), { scoring: 'classic', shift: 'left' });
    expect(classic.play(0, 1).points).toBe(12);
    while (!penalty.isOver()) penalty.play(...penalty.moves()[0]);
    const left = [...penalty.board.counts];
    const expected = left.reduce((sum, c) => sum + (c > 2 ? (c - 2) ** 2 : 0), 0);
    expect(penalty.score()).toBe(penalty.points - expected);
  });

  it('undoes every move back to the start and redoes them all', () => {
    const start = board('0121', '0122', '1100');
    const game = new SameGame(start);
    const states = [game.board.toString()];
    while (!game.isOver()) {
      game.play(...game.moves()[0]);
      states.push(game.board.toString());
    }
    const moves = game.history();
    const final = game.score();
    for (let k = states.length - 2; k >= 0; k--) {
      expect(game.undo()).toEqual(moves[k]);
      expect(game.board.toString()).toBe(states[k]);
    }
    expect(game.undo()).toBeNull();
    expect([game.canUndo, game.canRedo, game.points]).toEqual([false, true, 0]);
    for (let k = 1; k < states.length; k++) {
      game.redo();
      expect(game.board.toString()).toBe(states[k]);
    }
    expect(game.redo()).toBeNull();
    expect(game.score()).toBe(final);
  });

  it('forgets the undone moves when a new move is played', () => {
    const game = new SameGame(board('0011', '2233'));
    game.play(0, 1);
    game.undo();
    expect(game.canRedo).toBe(true);
    game.play(2, 1);
    expect(game.canRedo).toBe(false);
    expect(game.history().map((move) => move.colour)).toEqual([1]);
  });

  it('refuses moves on an empty cell or a cell alone, without changing anything', () => {
    const game = new SameGame(board('01', '00'));
    expect(() => game.play(1, 1)).toThrow(/no neighbour of its colour/);
    expect(() => game.play(5, 0)).toThrow(/no cell at column 5, row 0/);
    expect(game.history()).toEqual([]);
    expect(game.groupAt(0, 0).sort()).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
    ]);
  });

  it('clones, undo and redo history included: the copy plays on as the original would, and each is unchanged by the other', () => {
    /** Everything a player can see of a game, as plain data. */
    const observed = (game: SameGame) => ({
      board: game.board.toString(),
      counts: [...game.board.counts],
      points: game.points,
      score: game.score(),
      moves: game.moves(),
      history: game.history(),
      movesPlayed: game.movesPlayed,
      canUndo: game.canUndo,
      canRedo: game.canRedo,
      over: game.isOver(),
      cleared: game.cleared(),
    });
    /** Plays `count` random steps: mostly moves, some undos and redos (which may do nothing). */
    const play = (game: SameGame, driver: Prng, count: number) => {
      for (let i = 0; i < count; i++) {
        const roll = driver.nextInt(6);
        const moves = game.moves();
        if (roll === 0) game.undo();
        else if (roll === 1) game.redo();
        else if (moves.length > 0) game.play(...moves[driver.nextInt(moves.length)]);
      }
    };
    for (let trial = 0; trial < 40; trial++) {
      const driver = new Prng(trial, 3);
      const rules = { scoring: SCORINGS[trial % 3], shift: trial % 2 === 0 ? 'left' : 'right' } as const;
      const game = new SameGame(randomBoard(3 + (trial % 8), 3 + (trial % 5), 2 + (trial % 4), trial), rules);
      play(game, driver, trial);
      const copy = expectIndependentClone(game, driver, observed, (subject, random) => play(subject, random, 12));
      while (game.undo() !== null);
      while (copy.undo() !== null);
      expect(observed(copy)).toEqual(observed(game));
    }
  });

  it('closes columns to the right under the right shift', () => {
    const game = new SameGame(board('120', '120'), { scoring: 'standard', shift: 'right' });
    game.play(1, 0);
    expect(game.board.toString()).toBe('.10\n.10');
  });
});
