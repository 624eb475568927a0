import type { Db } from './database.ts';

/** Longest player or agent name kept in the table. */
export const MAX_NAME_LENGTH = 24;
/** Entries shown per table (S1 kept 5; Gridmind keeps the top 10 per rule set and board size). */
export const TOP_ENTRIES = 10;

export interface HighScore {
  readonly name: string;
  readonly points: number;
  readonly lines: number;
  /** ISO date and time. */
  readonly date: string;
}

/**
 * Which table an entry belongs to: one per game, rule set and board size, and under rules with a
 * target score (Tetris `target`) one per target.
 */
export interface ScoreTable {
  readonly game: string;
  readonly rules: string;
  readonly board: string;
  /**
   * The score to reach exactly; only under rules with a target. `null`: the table of the games stored
   * under such rules before Gridmind kept their target (read only).
   */
  readonly target?: number | null;
}

/**
 * Stores a finished game's score. Names are trimmed, stripped of control characters and cut to
 * {@link MAX_NAME_LENGTH}; they are kept as text and must be shown as text (never as HTML).
 */
export function addHighScore(db: Db, table: ScoreTable, entry: { name: string; points: number; lines: number }): void {
  db.prepare('INSERT INTO highscores (created_at, game, rules, board, target, name, points, lines) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    new Date().toISOString(),
    table.game,
    table.rules,
    table.board,
    table.target ?? null,
    cleanName(entry.name),
    entry.points,
    entry.lines,
  );
}

/**
 * The best {@link TOP_ENTRIES} scores of a table, best first: more points, then more lines, then the
 * earlier entry. Points past the target fail the game, so in a target table they rank below every
 * score that does not pass it.
 */
export function topHighScores(db: Db, table: ScoreTable): HighScore[] {
  return db
    .prepare(
      `SELECT name, points, lines, created_at AS date FROM highscores
       WHERE game = ? AND rules = ? AND board = ? AND target IS ?
       ORDER BY (points > target) IS 1 ASC, points DESC, lines DESC, id ASC LIMIT ?`,
    )
    .all(table.game, table.rules, table.board, table.target ?? null, TOP_ENTRIES) as HighScore[];
}

export function cleanName(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
  return cleaned === '' ? 'anonymous' : cleaned;
}
