import type { Db } from './database.ts';

/**
 * Tuning runs, stored so that an interrupted run resumes where it stopped: the run's settings and
 * state (rewritten after every iteration), each iteration's plan (candidates and game seeds, written
 * before any game is played) and every candidate's results as soon as its games are over.
 */
export interface StoredTuneRun<Config, State> {
  readonly id: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly config: Config;
  readonly status: 'running' | 'done';
  readonly state: State;
  /** Time spent tuning, summed over every session of the run. */
  readonly seconds: number;
}

interface TuneRunRow {
  id: number;
  created_at: string;
  updated_at: string;
  config: string;
  status: 'running' | 'done';
  state: string;
  seconds: number;
}

function fromRow<Config, State>(row: TuneRunRow): StoredTuneRun<Config, State> {
  return {
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    config: JSON.parse(row.config) as Config,
    status: row.status,
    state: JSON.parse(row.state) as State,
    seconds: row.seconds,
  };
}

export function createTuneRun(db: Db, config: unknown, state: unknown): number {
  const now = new Date().toISOString();
  const result = db
    .prepare(`INSERT INTO tune_runs (created_at, updated_at, config, status, state) VALUES (?, ?, ?, 'running', ?)`)
    .run(now, now, JSON.stringify(config), JSON.stringify(state));
  return Number(result.lastInsertRowid);
}

export function loadTuneRun<Config, State>(db: Db, id: number): StoredTuneRun<Config, State> | null {
  const row = db.prepare('SELECT * FROM tune_runs WHERE id = ?').get(id) as TuneRunRow | undefined;
  return row === undefined ? null : fromRow(row);
}

/** The latest run with exactly these settings (compared as stored JSON), finished or not. */
export function findTuneRun<Config, State>(db: Db, config: Config): StoredTuneRun<Config, State> | null {
  const row = db.prepare('SELECT * FROM tune_runs WHERE config = ? ORDER BY id DESC LIMIT 1').get(JSON.stringify(config)) as
    TuneRunRow | undefined;
  return row === undefined ? null : fromRow(row);
}

export function listTuneRuns<Config, State>(db: Db, limit: number): StoredTuneRun<Config, State>[] {
  const rows = db.prepare('SELECT * FROM tune_runs ORDER BY id DESC LIMIT ?').all(limit) as TuneRunRow[];
  return rows.map((row) => fromRow<Config, State>(row));
}

/** Rewrites the run's state, adding `seconds` of work; `done` marks it finished. */
export function saveTuneState(db: Db, id: number, state: unknown, seconds: number, done: boolean): void {
  db.prepare('UPDATE tune_runs SET state = ?, status = ?, seconds = seconds + ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(state),
    done ? 'done' : 'running',
    seconds,
    new Date().toISOString(),
    id,
  );
}

/** Stores an iteration's plan together with the run state that drew it, in one transaction. */
export function saveTunePlan(db: Db, id: number, iteration: number, plan: unknown, state: unknown): void {
  db.transaction(() => {
    db.prepare('INSERT INTO tune_iterations (run_id, iteration, plan) VALUES (?, ?, ?)').run(id, iteration, JSON.stringify(plan));
    saveTuneState(db, id, state, 0, false);
  })();
}

export function loadTunePlan<Plan>(db: Db, id: number, iteration: number): Plan | null {
  const row = db.prepare('SELECT plan FROM tune_iterations WHERE run_id = ? AND iteration = ?').get(id, iteration) as
    { plan: string } | undefined;
  return row === undefined ? null : (JSON.parse(row.plan) as Plan);
}

/** Stores a candidate's lines, adding the `seconds` of work since the run was last saved. */
export function saveTuneEvaluation(
  db: Db,
  id: number,
  iteration: number,
  candidate: number,
  lines: readonly number[],
  seconds: number,
): void {
  db.transaction(() => {
    db.prepare('INSERT OR REPLACE INTO tune_evaluations (run_id, iteration, candidate, lines) VALUES (?, ?, ?, ?)').run(
      id,
      iteration,
      candidate,
      JSON.stringify(lines),
    );
    db.prepare('UPDATE tune_runs SET seconds = seconds + ?, updated_at = ? WHERE id = ?').run(seconds, new Date().toISOString(), id);
  })();
}

/** The results stored for an iteration: lines per game, by candidate index. */
export function loadTuneEvaluations(db: Db, id: number, iteration: number): Map<number, number[]> {
  const rows = db.prepare('SELECT candidate, lines FROM tune_evaluations WHERE run_id = ? AND iteration = ?').all(id, iteration) as {
    candidate: number;
    lines: string;
  }[];
  return new Map(rows.map((row) => [row.candidate, JSON.parse(row.lines) as number[]]));
}
