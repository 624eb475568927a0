import type { Db } from './database.ts';

/** A stored benchmark run: what was run, the summary the command printed and the per-game results. */
export interface BenchRun {
  readonly id: number;
  readonly createdAt: string;
  readonly game: string;
  readonly agent: string;
  readonly vs: string | null;
  readonly board: string;
  readonly games: number;
  readonly seedBase: number;
  readonly summary: Record<string, unknown>;
  /** Per game, in seed order: the agent's lines, and the opponent's with --vs. */
  readonly perGame: { lines: number[]; vsLines?: number[] };
}

export type NewBenchRun = Omit<BenchRun, 'id' | 'createdAt'>;

export function saveBenchRun(db: Db, run: NewBenchRun): number {
  const result = db
    .prepare(
      `INSERT INTO bench_runs (created_at, game, agent, vs, board, games, seed_base, summary, per_game)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      new Date().toISOString(),
      run.game,
      run.agent,
      run.vs,
      run.board,
      run.games,
      run.seedBase,
      JSON.stringify(run.summary),
      JSON.stringify(run.perGame),
    );
  return Number(result.lastInsertRowid);
}

/**
 * The stored runs, newest first, of the same game, players (by name), board and seeds as `run` and with
 * exactly its per-game results: the candidates for a run stored already.
 */
export function findRunsWithResults(db: Db, run: NewBenchRun): BenchRun[] {
  const rows = db
    .prepare(
      `SELECT * FROM bench_runs WHERE game = ? AND agent = ? AND vs IS ? AND board = ? AND games = ? AND seed_base = ? AND per_game = ?
       ORDER BY id DESC`,
    )
    .all(run.game, run.agent, run.vs, run.board, run.games, run.seedBase, JSON.stringify(run.perGame)) as BenchRunRow[];
  return rows.map(fromRow);
}

interface BenchRunRow {
  id: number;
  created_at: string;
  game: string;
  agent: string;
  vs: string | null;
  board: string;
  games: number;
  seed_base: number;
  summary: string;
  per_game: string;
}

/** The most recent runs first. */
export function listBenchRuns(db: Db, limit = 50): BenchRun[] {
  const rows = db.prepare('SELECT * FROM bench_runs ORDER BY id DESC LIMIT ?').all(limit) as BenchRunRow[];
  return rows.map(fromRow);
}

function fromRow(row: BenchRunRow): BenchRun {
  return {
    id: row.id,
    createdAt: row.created_at,
    game: row.game,
    agent: row.agent,
    vs: row.vs,
    board: row.board,
    games: row.games,
    seedBase: row.seed_base,
    summary: JSON.parse(row.summary),
    perGame: JSON.parse(row.per_game),
  };
}
