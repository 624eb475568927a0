import type { Db } from './database.ts';

/** A stored SameGame run: one `solve` or one `bench`, with what it printed and each board's result. */
export interface SameGameRun {
  readonly id: number;
  readonly createdAt: string;
  /** `solve` or `bench`. */
  readonly command: string;
  /** The board file solved, or the directory benchmarked. */
  readonly source: string;
  readonly method: string;
  /** Scoring and column shift, as `standard/left`. */
  readonly rules: string;
  /** Time budget per board in milliseconds (null: none). */
  readonly timeMs: number | null;
  readonly workers: number;
  /** Σ of the boards' scores. */
  readonly total: number;
  readonly summary: Record<string, unknown>;
  /** Per board: file, score, cleared, moves [[x, y], …], nodes, ms. */
  readonly perBoard: Record<string, unknown>[];
}

export type NewSameGameRun = Omit<SameGameRun, 'id' | 'createdAt'>;

export function saveSameGameRun(db: Db, run: NewSameGameRun): number {
  const result = db
    .prepare(
      `INSERT INTO samegame_runs (created_at, command, source, method, rules, time_ms, workers, total, summary, per_board)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      new Date().toISOString(),
      run.command,
      run.source,
      run.method,
      run.rules,
      run.timeMs,
      run.workers,
      run.total,
      JSON.stringify(run.summary),
      JSON.stringify(run.perBoard),
    );
  return Number(result.lastInsertRowid);
}

interface SameGameRunRow {
  id: number;
  created_at: string;
  command: string;
  source: string;
  method: string;
  rules: string;
  time_ms: number | null;
  workers: number;
  total: number;
  summary: string;
  per_board: string;
}

/** The most recent runs first. */
export function listSameGameRuns(db: Db, limit = 50): SameGameRun[] {
  const rows = db.prepare('SELECT * FROM samegame_runs ORDER BY id DESC LIMIT ?').all(limit) as SameGameRunRow[];
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    command: row.command,
    source: row.source,
    method: row.method,
    rules: row.rules,
    timeMs: row.time_ms,
    workers: row.workers,
    total: row.total,
    summary: JSON.parse(row.summary),
    perBoard: JSON.parse(row.per_board),
  }));
}
