import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, openDatabase } from '../../src/store/database.ts';
import { addHighScore, findHighScoreReplay, topHighScores, unplacedScores } from '../../src/store/highscores.ts';

/** The schema version before the high-score table kept the target score. */
const BEFORE_TARGETS = 6;
/** The schema version before it kept SameGame's colours. */
const BEFORE_COLOURS = 10;

/** A database as Gridmind left it at schema version {@link BEFORE_TARGETS}, with three scores. */
function databaseBeforeTargets(path: string): void {
  const db = new Database(path);
  for (const migration of MIGRATIONS.slice(0, BEFORE_TARGETS)) db.exec(migration);
  db.pragma(`user_version = ${BEFORE_TARGETS}`);
  const insert = db.prepare('INSERT INTO highscores (created_at, game, rules, board, name, points, lines) VALUES (?, ?, ?, ?, ?, ?, ?)');
  insert.run('2026-01-02T03:04:05.000Z', 'tetris', 'classic', '10x20', 'old classic', 900, 4);
  insert.run('2026-01-02T03:04:06.000Z', 'tetris', 'target', '10x20', 'old target', 12, 5);
  insert.run('2026-01-02T03:04:07.000Z', 'aveiro', 'aveiro', '8x30', 'old network', 30, 20);
  db.close();
}

describe('the high-score store', () => {
  it('keeps every stored score through the migration that adds the target score', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gridmind-store-')), 'old.db');
    databaseBeforeTargets(path);
    const db = openDatabase(path);
    try {
      const rows = db.prepare('SELECT name, rules, target FROM highscores ORDER BY id').all();
      expect(rows).toEqual([
        { name: 'old classic', rules: 'classic', target: null },
        { name: 'old target', rules: 'target', target: null },
        { name: 'old network', rules: 'aveiro', target: null },
      ]);
      // Stored without a replay, they keep no settings: the table of games whose settings were not recorded.
      expect(topHighScores(db, { game: 'tetris', rules: 'classic', board: '10x20', unrecorded: true })).toEqual([
        {
          id: 1,
          name: 'old classic',
          points: 900,
          lines: 4,
          date: '2026-01-02T03:04:05.000Z',
          pieces: null,
          agents: [],
          replayable: false,
          players: 'human',
        },
      ]);
      expect(topHighScores(db, { game: 'aveiro', rules: 'aveiro', board: '8x30' }).map((entry) => entry.name)).toEqual(['old network']);

      const target = (value: number) => ({ game: 'tetris', rules: 'target', board: '10x20', target: value });
      addHighScore(db, target(5), { name: 'five', points: 5, lines: 3 });
      addHighScore(db, target(100), { name: 'hundred', points: 40, lines: 20 });
      expect(topHighScores(db, target(5)).map((entry) => entry.name)).toEqual(['five']);
      expect(topHighScores(db, target(100)).map((entry) => entry.name)).toEqual(['hundred']);
    } finally {
      db.close();
    }
  });

  it('keeps SameGame scores in one table per rules, board and number of colours, and the scores stored before colours were kept', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gridmind-store-')), 'colours.db');
    const old = new Database(path);
    for (const migration of MIGRATIONS.slice(0, BEFORE_COLOURS)) old.exec(migration);
    old.pragma(`user_version = ${BEFORE_COLOURS}`);
    old
      .prepare('INSERT INTO highscores (created_at, game, rules, board, name, points, lines) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run('2026-01-02T03:04:05.000Z', 'samegame', 'standard/left', '10x10', 'before colours', 500, 0);
    old.close();
    const db = openDatabase(path);
    try {
      const table = (colours?: number) => ({ game: 'samegame', rules: 'standard/left', board: '10x10', ...(colours && { colours }) });
      addHighScore(db, table(3), { name: 'three', points: 300, lines: 0, pieces: 12 });
      addHighScore(db, table(4), { name: 'four', points: 900, lines: 0, pieces: 20 });
      addHighScore(db, { ...table(3), rules: 'penalty/left' }, { name: 'penalty', points: 100, lines: 0 });
      expect(topHighScores(db, table(3)).map((entry) => [entry.name, entry.pieces])).toEqual([['three', 12]]);
      expect(topHighScores(db, table(4)).map((entry) => entry.name)).toEqual(['four']);
      expect(topHighScores(db, table(5))).toEqual([]);
      // The scores stored before colours were kept, without a replay to read them from, are a table apart.
      expect(topHighScores(db, { ...table(), unrecorded: true }).map((entry) => entry.name)).toEqual(['before colours']);
      expect(db.prepare('SELECT colours FROM highscores ORDER BY id').pluck().all()).toEqual([null, 3, 4, 3]);
    } finally {
      db.close();
    }
  });

  it('keeps a replay compressed and gives it back as the text it was, beside the replays stored as text before', () => {
    const db = openDatabase(':memory:');
    try {
      const inputs = Array.from({ length: 5000 }, (_, k) => ({ t: 40 * k, key: 'L' }));
      const replay = JSON.stringify({ rules: 'classic', seed: 7, inputs });
      const table = { game: 'tetris', rules: 'classic', board: '10x20' };
      const id = addHighScore(db, table, { name: 'kept', points: 10, lines: 1, replay });
      db.prepare(
        `INSERT INTO highscores (created_at, game, rules, board, name, points, lines, replay) VALUES ('2026-01-02', 'tetris', 'classic', '10x20', 'old', 5, 0, '{"seed":1}')`,
      ).run();
      const stored = db.prepare('SELECT typeof(replay) AS kind, length(replay) AS bytes FROM highscores WHERE id = ?').get(id) as {
        kind: string;
        bytes: number;
      };
      expect(stored.kind).toBe('blob');
      expect(stored.bytes).toBeLessThan(replay.length / 5);
      expect(findHighScoreReplay(db, id)).toBe(replay);
      expect(findHighScoreReplay(db, id + 1)).toBe('{"seed":1}');
      expect(unplacedScores(db).map((score) => score.replay)).toEqual([replay, '{"seed":1}']);
    } finally {
      db.close();
    }
  });
});
