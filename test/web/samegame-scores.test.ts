import { describe, expect, it } from 'vitest';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { solve } from '../../src/samegame/solver.ts';
import { verifyScore } from '../../src/server/verified-scores.ts';
import {
  describeSameGameTable,
  sameGameScoreTable,
  sameGameTableAddress,
  sameGameTableOf,
  sameGameWatchAddress,
  watchedSameGameScoreOf,
} from '../../web/src/score-tables.ts';
import { restoredMethodSettings } from '../../web/src/samegame/method-settings.ts';
import { movesOfReplay, positionAfter } from '../../web/src/samegame/replay-moves.ts';
import { DEFAULT_SETTINGS, SameGameSession, type SameGameSolver } from '../../web/src/samegame/session.ts';
import { ordinal } from '../../web/src/samegame/words.ts';

const solverHere: SameGameSolver = { solve: async (board, options) => solve(board, options), cancel: () => {} };
const settings = { ...DEFAULT_SETTINGS, columns: 6, rows: 5, colours: 3, seed: 11, seconds: 1, maxNodes: 5000, interval: 1 };

/** Plays the largest group until the game ends. */
function playToTheEnd(session: SameGameSession): void {
  const { game } = session;
  while (!game.isOver())
    session.play(...game.moves().reduce((best, move) => (game.groupAt(...move).length > game.groupAt(...best).length ? move : best)));
}

describe("the SameGame page's scores", () => {
  it('submit a finished game as a replay the server takes at its score, in the table of its rules, board and colours', () => {
    const session = new SameGameSession(solverHere, () => {}, settings);
    session.configure({ columns: 9, colours: 5, seed: 3 }); // for the next board: the game shown keeps its own
    session.play(...session.game.moves()[0]);
    session.undo(); // taken back moves are not part of the game
    playToTheEnd(session);
    const { table, entry } = verifyScore(JSON.parse(JSON.stringify(session.submission('Ana'))));
    expect(table).toEqual({ game: 'samegame', rules: 'standard/left', board: '6x5', colours: 3 });
    expect(entry).toMatchObject({ name: 'Ana', points: session.game.score(), lines: 0, pieces: session.game.history().length, agents: [] });
    expect(session.submission('Ana').replay).toMatchObject({ deal: { seed: 11, colours: 3 } });
  });

  it("credit the AI's full solution with the moves it played, through undo and redo", async () => {
    const session = new SameGameSession(solverHere, () => {}, settings);
    session.play(...session.game.moves()[0]);
    await session.solveAndReplay();
    await new Promise<void>((done) => {
      const wait = setInterval(() => session.busy || (clearInterval(wait), done()), 5);
    });
    const moves = session.game.history().length;
    expect(moves).toBeGreaterThanOrEqual(3);
    expect(session.submission('Bo').agents).toEqual([{ name: 'nrpa', pieces: moves - 1 }]);
    session.undo();
    session.undo();
    expect(session.submission('Bo').agents).toEqual([{ name: 'nrpa', pieces: moves - 3 }].filter((share) => share.pieces > 0));
    session.redo();
    expect(session.submission('Bo').agents).toEqual([{ name: 'nrpa', pieces: moves - 2 }]);
    session.redo();
    const { entry } = verifyScore(JSON.parse(JSON.stringify(session.submission('Bo'))));
    expect(entry).toMatchObject({ pieces: moves, agents: [{ name: 'nrpa', pieces: moves - 1 }] });
  });

  it('name tables in words and addresses that read back', () => {
    const table = sameGameScoreTable({ scoring: 'penalty', shift: 'right' }, 15, 12, 5);
    expect(table).toEqual({ game: 'samegame', rules: 'penalty/right', board: '15x12', colours: 5 });
    expect(describeSameGameTable(table)).toBe('15×12 boards, 5 colours, penalty scoring, columns closing to the right');
    expect(sameGameTableAddress(table)).toBe('#/scores/samegame/penalty/right/15x12/5');
    expect(sameGameTableOf(sameGameTableAddress(table))).toEqual(table);
    expect(sameGameTableOf('#/scores')).toBeNull();
    expect(watchedSameGameScoreOf(sameGameWatchAddress({ id: 42 }))).toBe(42);
    expect(watchedSameGameScoreOf('#/samegame')).toBeNull();
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });

  it('watch a stored replay move by move, and refuse anything else', () => {
    const board = randomBoard(5, 5, 3, 9);
    const game = new SameGame(board);
    while (!game.isOver()) game.play(...game.moves()[0]);
    const log = JSON.parse(
      JSON.stringify({
        format: 'gridmind-samegame-replay',
        version: 1,
        board: board.toString(),
        rules: game.rules,
        moves: game.history().map(({ x, y }) => [x, y]),
      }),
    );
    const watched = movesOfReplay(log);
    expect(positionAfter(watched, 0).board.toString()).toBe(board.toString());
    expect(positionAfter(watched, watched.moves.length).score()).toBe(game.score());
    expect(positionAfter(watched, 1).history()).toEqual(game.history().slice(0, 1));
    expect(() => movesOfReplay({ format: 'gridmind-tetris-replay' })).toThrow(/not a SameGame replay/);
    expect(() => movesOfReplay(null)).toThrow(/not a SameGame replay/);
  });

  it('read back stored method settings, keeping only the values the solver takes', () => {
    expect(restoredMethodSettings({ heuristic: 'h2', width: 3, level: 2, first: true })).toEqual({
      heuristic: 'h2',
      width: 3,
      level: 2,
      first: true,
    });
    expect(restoredMethodSettings({ heuristic: 'h9', width: -1, level: 2.5, first: 'yes', other: 1 })).toEqual({});
    for (const junk of [null, 'h2', [1], 7]) expect(restoredMethodSettings(junk)).toEqual({});
  });
});
