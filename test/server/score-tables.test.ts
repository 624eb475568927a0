import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBoard } from '../../src/samegame/random-boards.ts';
import { SameGame } from '../../src/samegame/game.ts';
import { sameGameReplay } from '../../src/samegame/replay.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { MIGRATIONS, openDatabase, type Db } from '../../src/store/database.ts';
import { topHighScores } from '../../src/store/highscores.ts';
import type { GameOptions } from '../../src/tetris/game.ts';
import { droppedGame, postScore } from './finished-games.ts';

/** A SameGame played to its end on a board dealt by `seed` with `colours` colours (first group first). */
function sameGame(seed: number, colours: number) {
  const board = randomBoard(6, 6, colours, seed);
  const game = new SameGame(board);
  while (!game.isOver()) game.play(...game.moves()[0]);
  const moves = game.history().map(({ x, y }): [number, number] => [x, y]);
  return { ...sameGameReplay(board, game.rules, moves), deal: { seed, colours } };
}

/** A person's game (one hard drop every 200 ms) on a 6 × 10 board under `options`. */
const personsGame = (options: GameOptions) => droppedGame({ width: 6, height: 10, seed: 1, ...options }, 200);

describe('one high-score table per comparable game', () => {
  let db: Db;
  let server: RunningServer;
  const post = (body: unknown) => postScore(server.url, body);
  const names = async (query: Record<string, string | number>) => {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await fetch(`${server.url}/api/highscores?${params}`);
    const body = await response.json();
    return response.status === 200 ? body.entries.map((entry: { name: string }) => entry.name) : [response.status, body.error];
  };

  beforeAll(async () => {
    db = openDatabase(':memory:');
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST });
  });
  afterAll(async () => {
    await server.close();
    db.close();
  });

  it('keys a Tetris table by rules, board, rotation, dealing, preview, challenge rows and target', async () => {
    // The hostile case: a bag7 game beside games dealt uniformly; then each other setting changed alone.
    const games: [string, GameOptions, Record<string, string | number>][] = [
      ['usual', {}, {}],
      ['bag7', { randomizer: 'bag7' }, { dealing: 'bag7' }],
      ['srs', { rotation: 'srs' }, { rotation: 'srs' }],
      ['preview 1', { preview: 1 }, { preview: 1 }],
      ['2 rows', { garbageRows: 2 }, { rows: 2 }],
    ];
    for (const [index, [name, options]] of games.entries()) {
      // Each its own seed: the same pieces at the same places under another preview would be the same game.
      const { status, body } = await post({ name, replay: personsGame({ rules: 'classic', seed: 10 + index, ...options }) });
      expect([status, body.table.game]).toEqual([201, 'tetris']);
    }
    const classic = { game: 'tetris', rules: 'classic', board: '6x10', preview: 0 };
    for (const [name, , query] of games) expect(await names({ ...classic, ...query })).toEqual([name]);
    // Absent settings are a new game's: the rule set's rotation, uniform dealing, the engine's preview (3), no rows.
    expect(await names({ game: 'tetris', rules: 'classic', board: '6x10' })).toEqual([]);
    expect(await post({ name: 'three', replay: personsGame({ rules: 'classic', preview: 3, seed: 2 }) })).toMatchObject({ status: 201 });
    expect(await names({ game: 'tetris', rules: 'classic', board: '6x10' })).toEqual(['three']);

    for (const target of [20, 30]) {
      await post({ name: `aimed at ${target}`, replay: personsGame({ rules: 'target', target }) });
    }
    const target = { game: 'tetris', rules: 'target', board: '6x10', preview: 0 };
    expect(await names({ ...target, target: 20 })).toEqual(['aimed at 20']);
    expect(await names({ ...target, target: 30 })).toEqual(['aimed at 30']);
  });

  it('keys a SameGame table by rules, board and colours', async () => {
    // The hostile case: a 2-colour board (easy points) beside 5-colour ones.
    expect(await post({ name: 'two', replay: sameGame(1, 2) })).toMatchObject({ status: 201, body: { table: { colours: 2 } } });
    expect(await post({ name: 'five', replay: sameGame(1, 5) })).toMatchObject({ status: 201, body: { table: { colours: 5 } } });
    const table = { game: 'samegame', rules: 'standard/left', board: '6x6' };
    expect(await names({ ...table, colours: 2 })).toEqual(['two']);
    expect(await names({ ...table, colours: 5 })).toEqual(['five']);
    expect(await names(table)).toEqual(['five']); // without colours: 5, the standard positions'
  });

  it.each([
    [{ game: 'tetris', rules: 'classic', board: '10x20', rotation: 'sideways' }, 'rotation: rotation must be'],
    [{ game: 'tetris', rules: 'classic', board: '10x20', dealing: 'sequence' }, 'dealing: dealing must be uniform or bag7'],
    [{ game: 'tetris', rules: 'classic', board: '10x20', preview: 17 }, 'preview: preview must be a whole number from 0 to 16'],
    [{ game: 'tetris', rules: 'classic', board: '10x20', rows: 'two' }, 'rows: rows must be a whole number'],
    [{ game: 'tetris', rules: 'classic', board: '10x8', rows: 5 }, '5 challenge rows do not fit'],
    [{ game: 'samegame', rules: 'standard/left', board: '6x6', rotation: 'srs' }, 'rotation: only Tetris tables are split by it'],
    [{ game: 'tetris', rules: 'classic', board: '10x20', settings: 'some' }, 'settings: settings=unrecorded is the one value'],
  ])('refuses the table query %j, saying why', async (query, says) => {
    const [status, error] = await names(query);
    expect(status).toBe(400);
    expect(error).toContain(says);
  });

  it('moves the stored games to their tables on upgrade, the games without a replay to the table of unrecorded settings', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gridmind-tables-')), 'old.db');
    const old = new Database(path);
    const before = MIGRATIONS.length - 1; // the schema before tables were keyed by every setting
    for (const migration of MIGRATIONS.slice(0, before)) old.exec(migration);
    old.pragma(`user_version = ${before}`);
    const insert = old.prepare(
      `INSERT INTO highscores (created_at, game, rules, board, target, colours, name, points, lines, pieces, agents, replay)
       VALUES ('2026-11-01T10:00:00.000Z', ?, ?, ?, ?, ?, ?, ?, 0, 1, NULL, ?)`,
    );
    const bag7 = personsGame({ rules: 'classic', randomizer: 'bag7', seed: 9 });
    insert.run('tetris', 'classic', '6x10', null, null, 'bag7', 30, JSON.stringify(bag7));
    insert.run('tetris', 'classic', '6x10', null, null, 'uniform', 20, JSON.stringify(personsGame({ rules: 'classic', seed: 9 })));
    insert.run('tetris', 'target', '6x10', null, null, 'aimed', 10, JSON.stringify(personsGame({ rules: 'target', target: 40 })));
    insert.run('tetris', 'classic', '6x10', null, null, 'no replay', 90, null);
    insert.run('samegame', 'standard/left', '6x6', null, null, 'two colours', 900, JSON.stringify(sameGame(3, 2)));
    insert.run('samegame', 'standard/left', '6x6', null, null, 'no deal', 50, null);
    old.close();

    const upgraded = openDatabase(path);
    try {
      const tetris = { game: 'tetris', rules: 'classic', board: '6x10', rotation: 'classic', preview: 0, rows: 0 };
      const inTable = (table: Parameters<typeof topHighScores>[1]) => topHighScores(upgraded, table).map((entry) => entry.name);
      expect(inTable({ ...tetris, dealing: 'bag7' })).toEqual(['bag7']);
      expect(inTable({ ...tetris, dealing: 'uniform' })).toEqual(['uniform']);
      expect(inTable({ ...tetris, rules: 'target', dealing: 'uniform', target: 40 })).toEqual(['aimed']);
      expect(inTable({ game: 'tetris', rules: 'classic', board: '6x10', unrecorded: true })).toEqual(['no replay']);
      const sameGameTable = { game: 'samegame', rules: 'standard/left', board: '6x6' };
      expect(inTable({ ...sameGameTable, colours: 2 })).toEqual(['two colours']);
      expect(inTable({ ...sameGameTable, unrecorded: true })).toEqual(['no deal']);
      expect(upgraded.prepare('SELECT count(*) FROM highscores').pluck().get()).toBe(6);
    } finally {
      upgraded.close();
    }
  });
});
