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
import { addHighScore, GameStoredAlready, topHighScores } from '../../src/store/highscores.ts';
import { placeStoredScores } from '../../src/server/stored-scores.ts';
import { verifyScore } from '../../src/server/verified-scores.ts';
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
    [{ game: 'chess', rules: 'classic', board: '10x20' }, 'game: game must be tetris, samegame or aveiro'],
    [{ rules: 'classic', board: '10x20' }, 'game: game must be tetris, samegame or aveiro'],
  ])('refuses the table query %j, saying why', async (query, says) => {
    const [status, error] = await names(query);
    expect(status).toBe(400);
    expect(error).toContain(says);
  });

  it('moves the stored games to their tables when the server starts, each with its key; those it cannot place stay apart', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gridmind-tables-')), 'old.db');
    const old = new Database(path);
    const before = 11; // the schema before tables were keyed by every setting
    for (const migration of MIGRATIONS.slice(0, before)) old.exec(migration);
    old.pragma(`user_version = ${before}`);
    const insert = old.prepare(
      `INSERT INTO highscores (created_at, game, rules, board, target, colours, name, points, lines, pieces, agents, replay)
       VALUES ('2026-11-01T10:00:00.000Z', ?, ?, ?, ?, ?, ?, ?, 0, 1, NULL, ?)`,
    );
    const bag7 = personsGame({ rules: 'classic', randomizer: 'bag7', seed: 9 });
    const uniform = personsGame({ rules: 'classic', seed: 9 });
    insert.run('tetris', 'classic', '6x10', null, null, 'bag7', 30, JSON.stringify(bag7));
    insert.run('tetris', 'classic', '6x10', null, null, 'uniform', 20, JSON.stringify(uniform));
    insert.run('tetris', 'classic', '6x10', null, null, 'uniform again', 20, JSON.stringify(uniform)); // stored twice before
    insert.run('tetris', 'target', '6x10', null, null, 'aimed', 10, JSON.stringify(personsGame({ rules: 'target', target: 40 })));
    // Replays as clients posted them before they were checked field by field: a set-up left to its defaults, names in capitals.
    const { rotation: _, ...withoutRotation } = personsGame({ rules: 'classic', seed: 14 }).config;
    insert.run(
      'tetris',
      'classic',
      '6x10',
      null,
      null,
      'defaults',
      5,
      JSON.stringify({ ...personsGame({ rules: 'classic', seed: 14 }), config: withoutRotation }),
    );
    const capitals = personsGame({ rules: 'classic', seed: 15, rotation: 'srs' });
    insert.run(
      'tetris',
      'classic',
      '6x10',
      null,
      null,
      'capitals',
      5,
      JSON.stringify({ ...capitals, config: { ...capitals.config, rotation: 'SRS' } }),
    );
    insert.run('tetris', 'classic', '6x10', null, null, 'no replay', 90, null);
    insert.run('tetris', 'classic', '6x10', null, null, 'broken', 90, '{"format": "gridmind-tetris-replay"');
    insert.run('samegame', 'standard/left', '6x6', null, null, 'two colours', 900, JSON.stringify(sameGame(3, 2)));
    insert.run('samegame', 'standard/left', '6x6', null, null, 'no deal', 50, null);
    insert.run('aveiro', 'aveiro', '8x30', null, null, 'network', 70, null);
    old.close();

    const upgraded = openDatabase(path);
    try {
      expect(placeStoredScores(upgraded)).toEqual({ placed: 6, left: 2 });
      const tetris = { game: 'tetris', rules: 'classic', board: '6x10', rotation: 'classic', dealing: 'uniform', preview: 0, rows: 0 };
      const inTable = (table: Parameters<typeof topHighScores>[1]) => topHighScores(upgraded, table).map((entry) => entry.name);
      expect(inTable({ ...tetris, dealing: 'bag7' })).toEqual(['bag7']);
      expect(inTable(tetris)).toEqual(['uniform', 'defaults']);
      expect(inTable({ ...tetris, rotation: 'srs' })).toEqual(['capitals']);
      expect(inTable({ ...tetris, rules: 'target', target: 40 })).toEqual(['aimed']);
      expect(inTable({ game: 'tetris', rules: 'classic', board: '6x10', unrecorded: true })).toEqual([
        'no replay',
        'broken',
        'uniform again',
      ]);
      const sameGameTable = { game: 'samegame', rules: 'standard/left', board: '6x6' };
      expect(inTable({ ...sameGameTable, colours: 2 })).toEqual(['two colours']);
      expect(inTable({ ...sameGameTable, unrecorded: true })).toEqual(['no deal']);
      expect(inTable({ game: 'aveiro', rules: 'aveiro', board: '8x30' })).toEqual(['network']);
      // A placed game is a stored game: posted again, under any name, it is refused.
      const { table, entry } = verifyScore({ name: 'Mallory', replay: uniform });
      expect(() => addHighScore(upgraded, table, entry)).toThrow(GameStoredAlready);
      expect(placeStoredScores(upgraded)).toEqual({ placed: 0, left: 2 }); // the next start places nothing again
      expect(upgraded.prepare('SELECT count(*) FROM highscores').pluck().get()).toBe(11); // none lost
    } finally {
      upgraded.close();
    }
  });
});
