import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from '../core/errors.ts';
import { requireOptional } from '../node/optional-packages.ts';
import { BUSY_TIMEOUT_MS, databasePath, lockedDatabaseFailure } from './database-file.ts';

/** A prepared statement of a {@link Db}: the part of better-sqlite3's `Statement` Gridmind uses. */
export interface DbStatement {
  run(...parameters: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
  /** Makes `get` and `all` give each row's first column instead of the row. */
  pluck(toggle?: boolean): this;
}

/** A function made a transaction by {@link Db.transaction}: called, it runs in one; `immediate` takes the write lock first. */
export interface DbTransaction<P extends unknown[], R> {
  (...parameters: P): R;
  immediate(...parameters: P): R;
}

/**
 * An open Gridmind database: a better-sqlite3 connection, as far as Gridmind uses it (its own type, so
 * that the package's types need no type package of better-sqlite3).
 */
export interface Db {
  prepare(sql: string): DbStatement;
  exec(sql: string): this;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  transaction<P extends unknown[], R>(run: (...parameters: P) => R): DbTransaction<P, R>;
  readonly inTransaction: boolean;
  /** The file it was opened from, and whether it is a database in memory (which only this connection can reach). */
  readonly name: string;
  readonly memory: boolean;
  close(): this;
}

/** better-sqlite3's constructor, loaded on the first database opened (an optional package). */
type DatabaseConstructor = new (path: string) => Db;

/** Schema versions in order; a database at `user_version` n has run the first n. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE bench_runs (
     id INTEGER PRIMARY KEY,
     created_at TEXT NOT NULL,
     game TEXT NOT NULL,
     agent TEXT NOT NULL,
     vs TEXT,
     board TEXT NOT NULL,
     games INTEGER NOT NULL,
     seed_base INTEGER NOT NULL,
     summary TEXT NOT NULL,
     per_game TEXT NOT NULL
   );
   CREATE INDEX bench_runs_by_time ON bench_runs (created_at);`,
  `CREATE TABLE highscores (
     id INTEGER PRIMARY KEY,
     created_at TEXT NOT NULL,
     game TEXT NOT NULL,
     rules TEXT NOT NULL,
     board TEXT NOT NULL,
     name TEXT NOT NULL,
     points INTEGER NOT NULL,
     lines INTEGER NOT NULL
   );
   CREATE INDEX highscores_by_table ON highscores (game, rules, board, points DESC);`,
  `CREATE TABLE samegame_runs (
     id INTEGER PRIMARY KEY,
     created_at TEXT NOT NULL,
     command TEXT NOT NULL,
     source TEXT NOT NULL,
     method TEXT NOT NULL,
     rules TEXT NOT NULL,
     time_ms INTEGER,
     workers INTEGER NOT NULL,
     total INTEGER NOT NULL,
     summary TEXT NOT NULL,
     per_board TEXT NOT NULL
   );
   CREATE INDEX samegame_runs_by_time ON samegame_runs (created_at);`,
  `CREATE TABLE tune_runs (
     id INTEGER PRIMARY KEY,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     config TEXT NOT NULL,
     status TEXT NOT NULL,
     state TEXT NOT NULL,
     seconds REAL NOT NULL DEFAULT 0
   );
   CREATE INDEX tune_runs_by_config ON tune_runs (config);
   CREATE TABLE tune_iterations (
     run_id INTEGER NOT NULL REFERENCES tune_runs (id),
     iteration INTEGER NOT NULL,
     plan TEXT NOT NULL,
     PRIMARY KEY (run_id, iteration)
   );
   CREATE TABLE tune_evaluations (
     run_id INTEGER NOT NULL REFERENCES tune_runs (id),
     iteration INTEGER NOT NULL,
     candidate INTEGER NOT NULL,
     lines TEXT NOT NULL,
     PRIMARY KEY (run_id, iteration, candidate)
   );`,
  `CREATE TABLE bench_games (
     setup TEXT NOT NULL,
     seed INTEGER NOT NULL,
     lines INTEGER NOT NULL,
     pieces INTEGER NOT NULL,
     ms REAL NOT NULL,
     created_at TEXT NOT NULL,
     PRIMARY KEY (setup, seed)
   ) WITHOUT ROWID;`,
  `ALTER TABLE tune_runs ADD COLUMN holder_host TEXT;
   ALTER TABLE tune_runs ADD COLUMN holder_pid INTEGER;
   ALTER TABLE tune_runs ADD COLUMN heard_at TEXT;
   ALTER TABLE tune_runs ADD COLUMN out TEXT;`,
  `ALTER TABLE highscores ADD COLUMN target INTEGER;
   DROP INDEX highscores_by_table;
   CREATE INDEX highscores_by_table ON highscores (game, rules, board, target, points DESC);`,
  // One table of runs for every game (src/store/runs.ts): Tetris runs keep their ids; SameGame runs
  // follow them, in the order they were stored.
  `CREATE TABLE runs (
     id INTEGER PRIMARY KEY,
     created_at TEXT NOT NULL,
     game TEXT NOT NULL,
     record TEXT NOT NULL
   );
   CREATE INDEX runs_by_time ON runs (created_at);
   INSERT INTO runs (id, created_at, game, record)
     SELECT id, created_at, game, json_object('agent', agent, 'vs', vs, 'board', board, 'games', games, 'seedBase', seed_base,
                                              'summary', json(summary), 'perGame', json(per_game))
     FROM bench_runs ORDER BY id;
   INSERT INTO runs (created_at, game, record)
     SELECT created_at, 'samegame', json_object('command', command, 'source', source, 'method', method, 'rules', rules,
                                                'timeMs', time_ms, 'workers', workers, 'total', total,
                                                'summary', json(summary), 'perBoard', json(per_board))
     FROM samegame_runs ORDER BY id;
   DROP TABLE bench_runs;
   DROP TABLE samegame_runs;`,
  `CREATE TABLE samegame_boards (
     setup TEXT NOT NULL,
     board TEXT NOT NULL,
     result TEXT NOT NULL,
     created_at TEXT NOT NULL,
     PRIMARY KEY (setup, board)
   ) WITHOUT ROWID;`,
  `ALTER TABLE highscores ADD COLUMN pieces INTEGER;
   ALTER TABLE highscores ADD COLUMN agents TEXT;
   ALTER TABLE highscores ADD COLUMN replay TEXT;`,
  `ALTER TABLE highscores ADD COLUMN colours INTEGER;`,
  // One high-score table per comparable game (src/store/highscores.ts) and each game once (`game_key`):
  // the server fills these for the scores stored before, from their replays, when it starts
  // (src/server/stored-scores.ts).
  `ALTER TABLE highscores ADD COLUMN rotation TEXT;
   ALTER TABLE highscores ADD COLUMN dealing TEXT;
   ALTER TABLE highscores ADD COLUMN preview INTEGER;
   ALTER TABLE highscores ADD COLUMN garbage_rows INTEGER;
   ALTER TABLE highscores ADD COLUMN game_key TEXT;
   DROP INDEX highscores_by_table;
   CREATE INDEX highscores_by_table ON highscores (game, rules, board, rotation, dealing, preview, garbage_rows, target, colours, points DESC);
   CREATE UNIQUE INDEX highscores_by_game ON highscores (game_key) WHERE game_key IS NOT NULL;`,
  // One table of task results for every game (src/store/task-results.ts): Tetris games keep their setup
  // key, with the seed in decimal as their instance and their figures as JSON; SameGame boards keep
  // their setup and board keys and their JSON.
  `CREATE TABLE task_results (
     game TEXT NOT NULL,
     setup TEXT NOT NULL,
     instance TEXT NOT NULL,
     result TEXT NOT NULL,
     created_at TEXT NOT NULL,
     PRIMARY KEY (setup, instance)
   ) WITHOUT ROWID;
   INSERT INTO task_results (game, setup, instance, result, created_at)
     SELECT 'tetris', setup, CAST(seed AS TEXT), json_object('lines', lines, 'pieces', pieces, 'ms', ms), created_at FROM bench_games;
   INSERT INTO task_results (game, setup, instance, result, created_at)
     SELECT 'samegame', setup, board, result, created_at FROM samegame_boards;
   DROP TABLE bench_games;
   DROP TABLE samegame_boards;`,
  // Tasks stopped in play (src/store/task-results.ts): a long Tetris game's last checkpoint, by the key
  // of its result, until the result is stored.
  `CREATE TABLE task_checkpoints (
     setup TEXT NOT NULL,
     instance TEXT NOT NULL,
     checkpoint TEXT NOT NULL,
     created_at TEXT NOT NULL,
     PRIMARY KEY (setup, instance)
   ) WITHOUT ROWID;`,
];

/**
 * Opens the database as {@link openDatabase} does for a command that will save to it, and makes sure it
 * can before the command starts the work whose result it will save: takes the write lock, writes (a
 * table, rolled back: SQLite opens a file it may not write read-only, and only a write tells) and lets
 * go. A read-only database is an InputError; one whose lock another process keeps past the busy timeout
 * fails as {@link lockedDatabaseFailure} says.
 */
export function openDatabaseToSave(path = databasePath()): Db {
  const db = openDatabase(path);
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('CREATE TABLE gridmind_write_check (written INTEGER)');
    db.exec('ROLLBACK');
    return db;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_READONLY')) {
      throw new InputError(`cannot save to the database ${path}: it is read-only; set GRIDMIND_DB to a writable SQLite file`);
    }
    throw lockedDatabaseFailure(error) ?? error;
  }
}

/** Runs `use` on the database (opened as {@link openDatabase} does) and closes it whatever happens. */
export function withDatabase<T>(use: (db: Db) => T): T {
  const db = openDatabase();
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/**
 * Creates `folder` and any missing parents, one at a time: Node's recursive mkdir loops for ever where
 * the kernel refuses a folder with ENOENT (under /proc, for one).
 */
function makeFolder(folder: string): void {
  if (existsSync(folder)) return;
  const parent = dirname(folder);
  if (parent !== folder) makeFolder(parent);
  mkdirSync(folder);
}

/**
 * Opens (creating if needed) the SQLite database in WAL mode and brings its schema up to date. The
 * migration runs in an immediate transaction that re-reads the version, so two processes opening a
 * new database at once do not both migrate it. A file that cannot be used is an InputError, and so is
 * better-sqlite3 not installed (an optional package: the message says how to add it).
 */
export function openDatabase(path = databasePath()): Db {
  const Database = requireOptional<DatabaseConstructor>('better-sqlite3', "Gridmind's database (SQLite)");
  let db: Db | null = null;
  try {
    if (path !== ':memory:') makeFolder(dirname(path));
    db = new Database(path);
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    const upToDate = db.pragma('user_version', { simple: true }) === MIGRATIONS.length; // no write lock needed then
    const migrate = db.transaction((database: Db) => {
      const version = database.pragma('user_version', { simple: true }) as number;
      if (version > MIGRATIONS.length) {
        throw new Error(`it was written by a newer Gridmind (schema ${version}); upgrade Gridmind or`);
      }
      for (let v = version; v < MIGRATIONS.length; v++) database.exec(MIGRATIONS[v]);
      database.pragma(`user_version = ${MIGRATIONS.length}`);
    });
    if (!upToDate) migrate.immediate(db);
    return db;
  } catch (error) {
    db?.close();
    throw new InputError(`cannot use the database ${path}: ${(error as Error).message}; set GRIDMIND_DB to a writable SQLite file`);
  }
}
