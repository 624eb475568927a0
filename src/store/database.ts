import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { InputError } from '../core/errors.ts';

export type Db = Database.Database;

/** Schema versions in order; a database at `user_version` n has run the first n. */
const MIGRATIONS: readonly string[] = [
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
];

/** Where Gridmind keeps its data: `GRIDMIND_DB`, or `~/.gridmind/gridmind.db`. */
export function databasePath(): string {
  return process.env.GRIDMIND_DB || join(homedir(), '.gridmind', 'gridmind.db');
}

/** Opens (creating if needed) the SQLite database in WAL mode and brings its schema up to date. */
export function openDatabase(path = databasePath()): Db {
  let db: Db;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
  } catch (error) {
    throw new InputError(`cannot open the database ${path}: ${(error as Error).message}; set GRIDMIND_DB to a writable file`);
  }
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    db.close();
    throw new InputError(
      `the database ${path} was written by a newer Gridmind (schema ${version}); upgrade Gridmind or set GRIDMIND_DB to another file`,
    );
  }
  db.transaction(() => {
    for (let v = version; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
  return db;
}
