/** Where Gridmind's database is, and what a command reports when another process keeps its write lock. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { RunFailure } from '../core/errors.ts';

/** Where Gridmind keeps its data: `GRIDMIND_DB`, or `~/.gridmind/gridmind.db`. */
export function databasePath(): string {
  return process.env.GRIDMIND_DB || join(homedir(), '.gridmind', 'gridmind.db');
}

/** How long a write waits for another connection's write to end before it fails with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * The failure to report for `error` if it is SQLite's "database is locked" (another process held the
 * write lock past the busy timeout: suspended or stuck mid-write), else null.
 */
export function lockedDatabaseFailure(error: unknown): RunFailure | null {
  if ((error as { code?: unknown } | null)?.code !== 'SQLITE_BUSY') return null;
  return new RunFailure(
    `the database ${databasePath()} stayed locked by another process for ${BUSY_TIMEOUT_MS / 1000} s ` +
      '(a gridmind command suspended or stuck in the middle of a write?): let it go on or stop it, then run this again',
  );
}
