import type { Db } from './database.ts';

/**
 * Benchmark games, stored one by one as they finish, so that a long benchmark that is interrupted
 * (or later extended to more seeds) plays only the games it lacks. A game is identified by its seed
 * and its setup: everything that decides its result (Gridmind's results revision, how the agent plays,
 * the board, the preview, the piece limit), kept as its content key (src/core/content-key.ts).
 */
export interface StoredGame {
  readonly lines: number;
  readonly pieces: number;
  /** Milliseconds of play when it was played. */
  readonly ms: number;
}

export function saveBenchGame(db: Db, setupKey: string, seed: number, game: StoredGame): void {
  db.prepare(`INSERT OR REPLACE INTO bench_games (setup, seed, lines, pieces, ms, created_at) VALUES (?, ?, ?, ?, ?, ?)`).run(
    setupKey,
    seed,
    game.lines,
    game.pieces,
    game.ms,
    new Date().toISOString(),
  );
}

/** The stored game of a setup on a seed, if any. */
export function findBenchGame(db: Db, setupKey: string, seed: number): StoredGame | undefined {
  return db.prepare('SELECT lines, pieces, ms FROM bench_games WHERE setup = ? AND seed = ?').get(setupKey, seed) as StoredGame | undefined;
}
