import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { gameSetup, solveSetup, sqliteTaskStore } from '../../src/bench/task-store.ts';
import type { BoardSolveOptions, SameGameBoardTask, TetrisGameTask } from '../../src/bench/tasks.ts';
import { contentKey } from '../../src/node/content-key.ts';
import { MIGRATIONS, openDatabase } from '../../src/store/database.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import type { PlayOptions } from '../../src/tetris-ai/play.ts';

const bcts = loadAgentSpec('bcts');
const options: PlayOptions = { rules: 'research', width: 10, height: 10, seed: 7, preview: 0, maxPieces: null };
const game = { lines: 1234, pieces: 3100, ms: 12.5 };
const tetris = (spec = bcts, play = options): TetrisGameTask => ({ game: 'tetris', spec, options: play });

const solveOptions: BoardSolveOptions = { method: 'nrpa', rules: { scoring: 'standard', shift: 'left' }, maxNodes: 5000, seed: 3 };
const board = (text = '112\n122', settings = solveOptions): SameGameBoardTask => ({ game: 'samegame', board: text, options: settings });
const solution = {
  score: 9,
  cleared: true,
  moves: [[0, 0] as [number, number]],
  solved: true,
  penaltyScore: 9,
  nodes: 40,
  ms: 2,
  stop: 'done' as const,
};

describe('the SQLite store of tasks', () => {
  it('finds a saved Tetris game again only with reuse, for the same setup and seed', () => {
    const db = openDatabase(':memory:');
    sqliteTaskStore(db, false).save(tetris(), game);
    expect(sqliteTaskStore(db, false).find(tetris())).toBeUndefined();
    const store = sqliteTaskStore(db, true);
    expect(store.find(tetris())).toEqual(game);
    expect(store.find(tetris({ ...bcts, name: 'copy', description: 'another', source: 'elsewhere' }))).toEqual(game);
    for (const other of [{ seed: 8 }, { preview: 1 }, { maxPieces: 500 }, { height: 20 }]) {
      expect(store.find(tetris(bcts, { ...options, ...other })), JSON.stringify(other)).toBeUndefined();
    }
    expect(store.find(tetris({ ...bcts, weights: { ...bcts.weights, holes: -13 } }))).toBeUndefined();
    expect(store.find(tetris({ ...bcts, policy: { ...bcts.policy, lookahead: 1 } }))).toBeUndefined();
    db.close();
  });

  it('finds a solved SameGame board again only with reuse, for the same board and settings', () => {
    const db = openDatabase(':memory:');
    sqliteTaskStore(db, false).save(board(), solution);
    expect(sqliteTaskStore(db, false).find(board())).toBeUndefined();
    const store = sqliteTaskStore(db, true);
    expect(store.find(board())).toEqual(solution);
    expect(store.find(board('112\n121'))).toBeUndefined();
    expect(store.find(board(undefined, { ...solveOptions, seed: 4 }))).toBeUndefined();
    expect(store.find(board(undefined, { ...solveOptions, rules: { scoring: 'standard', shift: 'right' } }))).toBeUndefined();
    db.close();
  });

  it('keeps its keys: a changed key orphans every stored game, so it must change only on purpose', () => {
    // Recompute these hashes only when a change means to invalidate stored results (and say so).
    expect(contentKey(gameSetup(bcts, options))).toBe('e92d7e067f6517476625428d4a3c0303215d716e0c9b1f953ce4ddaa42c54abe'); // GAME_RESULTS_REVISION 2: the aveiro rules' lay-over
    expect(contentKey(solveSetup(solveOptions))).toBe('c86b7cc9f90b2f0e0458de951980890e46f92b08d1784cd098e48dfd8db5fac0');
  });
});

describe("the task store's migration to one table for every game", () => {
  it('keeps the games and boards a database of the older schema stored, and finds them again by the same keys', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gridmind-task-results-')), 'old.db');
    const beforeOneTable = 12; // the schema with bench_games and samegame_boards
    const old = new Database(path);
    for (const migration of MIGRATIONS.slice(0, beforeOneTable)) old.exec(migration);
    old.pragma(`user_version = ${beforeOneTable}`);
    const when = '2026-01-01T00:00:00.000Z';
    const seed = Number.MAX_SAFE_INTEGER; // the largest seed a game may have keeps every digit
    old
      .prepare('INSERT INTO bench_games (setup, seed, lines, pieces, ms, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(contentKey(gameSetup(bcts, options)), seed, game.lines, game.pieces, 0.1 + 0.2, when);
    old
      .prepare('INSERT INTO samegame_boards (setup, board, result, created_at) VALUES (?, ?, ?, ?)')
      .run(contentKey(solveSetup(solveOptions)), contentKey(board().board), JSON.stringify(solution), when);
    old.close();

    const db = openDatabase(path);
    const store = sqliteTaskStore(db, true);
    expect(store.find(tetris(bcts, { ...options, seed }))).toEqual({ ...game, ms: 0.1 + 0.2 });
    expect(store.find(board())).toEqual(solution);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('bench_games', 'samegame_boards')").all();
    expect(tables).toEqual([]);
    db.close();
  });
});
