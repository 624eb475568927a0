import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, openDatabase } from '../../src/store/database.ts';
import { findRun, findRunsWithResults, listRuns, listSameGameRuns, saveRun, type NewRun, type NewTetrisRun } from '../../src/store/runs.ts';

/** The schema version before Tetris and SameGame runs shared one table. */
const BEFORE_ONE_TABLE = 7;

const tetrisSummary = { agent: 'dellacherie', meanLines: 12.5, stderr: null, piecesPerSecond: 900, board: '6x10', games: 2 };
const sameGameSummary = {
  method: 'nrpa',
  rules: 'standard',
  shift: 'left',
  time: 1,
  seed: 1,
  dir: 'boards',
  workers: 2,
  total: 30,
  penaltyTotal: 28,
};
/** The Tetris run the migration test stores as id 3, as the store gives it back. */
const tetrisRun = {
  game: 'tetris',
  agent: 'dellacherie',
  vs: null,
  board: '6x10',
  games: 2,
  seedBase: 1,
  summary: tetrisSummary,
  perGame: { lines: [10, 15] },
};
const board = { file: 'a.txt', score: 30, cleared: false, moves: [[0, 0]], nodes: 10, ms: 3, solved: true, penaltyScore: 28, stop: 'done' };
/** The SameGame benchmark run the migration test stores, as the store gives it back. */
const sameGameRun = {
  game: 'samegame',
  command: 'bench',
  source: 'boards',
  method: 'nrpa',
  rules: 'standard/left',
  timeMs: 1000,
  workers: 2,
  total: 30,
  summary: sameGameSummary,
  perBoard: [board],
};

/** A database as Gridmind left it at schema version {@link BEFORE_ONE_TABLE}: two Tetris runs and two SameGame runs. */
function databaseBeforeOneTable(path: string): void {
  const db = new Database(path);
  for (const migration of MIGRATIONS.slice(0, BEFORE_ONE_TABLE)) db.exec(migration);
  db.pragma(`user_version = ${BEFORE_ONE_TABLE}`);
  const tetris = db.prepare(
    'INSERT INTO bench_runs (id, created_at, game, agent, vs, board, games, seed_base, summary, per_game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  tetris.run(
    3,
    '2026-01-01T00:00:01.000Z',
    'tetris',
    'dellacherie',
    null,
    '6x10',
    2,
    1,
    JSON.stringify(tetrisSummary),
    '{"lines":[10,15]}',
  );
  tetris.run(7, '2026-01-01T00:00:04.000Z', 'tetris', 'a', 'b', '6x10', 1, 5, JSON.stringify(tetrisSummary), '{"lines":[1],"vsLines":[2]}');
  const sameGame = db.prepare(
    'INSERT INTO samegame_runs (created_at, command, source, method, rules, time_ms, workers, total, summary, per_board) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  sameGame.run(
    '2026-01-01T00:00:02.000Z',
    'bench',
    'boards',
    'nrpa',
    'standard/left',
    1000,
    2,
    30,
    JSON.stringify(sameGameSummary),
    JSON.stringify([board]),
  );
  sameGame.run('2026-01-01T00:00:03.000Z', 'solve', 'x.txt', 'beam', 'classic/right', null, 1, 12, '{"score":12}', '[]');
  db.close();
}

describe('the runs store', () => {
  it('keeps every Tetris and SameGame run through the migration to one table, Tetris runs under their ids', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gridmind-store-')), 'old.db');
    databaseBeforeOneTable(path);
    const db = openDatabase(path);
    try {
      const runs = listRuns(db, 10);
      expect(runs.map((run) => [run.game, run.createdAt])).toEqual([
        ['tetris', '2026-01-01T00:00:04.000Z'],
        ['samegame', '2026-01-01T00:00:03.000Z'],
        ['samegame', '2026-01-01T00:00:02.000Z'],
        ['tetris', '2026-01-01T00:00:01.000Z'],
      ]);
      expect(findRun(db, 3)).toEqual({ id: 3, createdAt: '2026-01-01T00:00:01.000Z', ...tetrisRun });
      expect(findRun(db, 7)).toMatchObject({ agent: 'a', vs: 'b', perGame: { lines: [1], vsLines: [2] } });
      const [solve, bench] = listSameGameRuns(db, 10);
      expect(bench).toEqual({ id: 8, createdAt: '2026-01-01T00:00:02.000Z', ...sameGameRun });
      expect(solve).toMatchObject({ id: 9, command: 'solve', source: 'x.txt', timeMs: null, summary: { score: 12 }, perBoard: [] });
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name IN ('bench_runs', 'samegame_runs')").all()).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('saves runs of both games, lists them newest first, and finds a Tetris run by its results', () => {
    const db = openDatabase(':memory:');
    const tetris = tetrisRun as unknown as NewTetrisRun;
    const first = saveRun(db, tetris);
    const second = saveRun(db, sameGameRun as unknown as NewRun);
    expect(listRuns(db, 10).map((run) => run.id)).toEqual([second, first]);
    expect(listRuns(db, 10, 'tetris').map((run) => run.id)).toEqual([first]);
    expect(listSameGameRuns(db, 10).map((run) => run.id)).toEqual([second]);
    expect(findRunsWithResults(db, tetris).map((run) => run.id)).toEqual([first]);
    expect(findRunsWithResults(db, { ...tetris, perGame: { lines: [10, 16] } })).toEqual([]);
    expect(findRunsWithResults(db, { ...tetris, seedBase: 2 })).toEqual([]);
    expect(findRunsWithResults(db, { ...tetris, vs: 'other' })).toEqual([]);
    db.close();
  });
});
