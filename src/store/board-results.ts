import type { Db } from './database.ts';
import type { Solution } from '../samegame/solver.ts';

/**
 * SameGame boards solved in benchmarks, stored one by one as they are solved, so that an interrupted
 * benchmark solves only the boards it lacks. A result is identified by its setup (Gridmind's solve
 * results revision and every solver setting) and its board, each kept as its content key
 * (src/core/content-key.ts).
 */
export function saveBoardResult(db: Db, setupKey: string, boardKey: string, result: Solution): void {
  db.prepare('INSERT OR REPLACE INTO samegame_boards (setup, board, result, created_at) VALUES (?, ?, ?, ?)').run(
    setupKey,
    boardKey,
    JSON.stringify(result),
    new Date().toISOString(),
  );
}

/** The stored result of a setup on a board, if any. */
export function findBoardResult(db: Db, setupKey: string, boardKey: string): Solution | undefined {
  const row = db.prepare('SELECT result FROM samegame_boards WHERE setup = ? AND board = ?').get(setupKey, boardKey) as
    { result: string } | undefined;
  return row === undefined ? undefined : JSON.parse(row.result);
}
