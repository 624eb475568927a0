import { describe, expect, it } from 'vitest';
import { storeRun } from '../../src/bench/run-store.ts';
import { openDatabase } from '../../src/store/database.ts';
import type { NewRun } from '../../src/store/runs.ts';

const player = { agent: 'bcts', meanLines: 12, stderr: 1, medianLines: 12, minLines: 11, maxLines: 13, pieces: 80, piecesPerSecond: 900 };
const tetris = {
  game: 'tetris',
  agent: 'bcts',
  vs: 'dellacherie',
  board: '6x10',
  games: 2,
  seedBase: 1,
  summary: {
    ...player,
    board: '6x10',
    games: 2,
    workers: 2,
    seedBase: 1,
    preview: 0,
    lookahead: null,
    maxPieces: null,
    storedGames: 0,
    vs: { ...player, agent: 'dellacherie', piecesPerSecond: 700 },
  },
  perGame: { lines: [11, 13], vsLines: [10, 14] },
} satisfies NewRun;
const sameGame = {
  game: 'samegame',
  command: 'bench',
  source: 'set standard',
  method: 'nrpa',
  rules: 'standard/left',
  timeMs: 1000,
  workers: 2,
  total: 30,
  summary: {
    method: 'nrpa',
    rules: 'standard',
    shift: 'left',
    time: 1,
    seed: 1,
    dir: '/a/b',
    workers: 2,
    total: 30,
    penaltyTotal: 28,
    storedBoards: 0,
  },
  perBoard: [],
} satisfies NewRun;

describe('storeRun', () => {
  it('takes a run whose work all came from the store for the run of the same set-up, by one rule for every game', () => {
    const db = openDatabase(':memory:');
    const first = storeRun(db, tetris, false).runId;
    const firstBoards = storeRun(db, sameGame, false).runId;
    // Elsewhere, at another speed, all from the store: the same runs.
    const circumstances = { workers: 8, queue: 'redis://x:1', storedGames: 4, piecesPerSecond: 1 };
    const again = { ...tetris, summary: { ...tetris.summary, ...circumstances, vs: { ...tetris.summary.vs, piecesPerSecond: 2 } } };
    expect(storeRun(db, again, true)).toMatchObject({ runId: first, earlier: { id: first } });
    const boardsAgain = {
      ...sameGame,
      workers: 1,
      summary: { ...sameGame.summary, workers: 1, storedBoards: 20, dir: '/c/d', set: 'standard' },
    };
    expect(storeRun(db, boardsAgain, true)).toMatchObject({ runId: firstBoards });
    // Another set-up with the same results is another run, and so is any run that played something.
    expect(storeRun(db, { ...tetris, summary: { ...tetris.summary, preview: 1 } }, true).runId).not.toBe(first);
    expect(storeRun(db, { ...sameGame, summary: { ...sameGame.summary, seed: 2 } }, true).runId).not.toBe(firstBoards);
    expect(storeRun(db, again, false).runId).not.toBe(first);
    db.close();
  });
});
