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
  /** Where its result goes, as an absolute path, when a command gave --out (null: tuned-run-ID.json in the current folder). */
  readonly out: string | null;
  /** The process that took the run last, until it lets it go (null: none holds it). */
  readonly holder: RunHolder | null;
}

/** A process playing a run: its machine and process id, and when it last said it still plays it. */
export interface RunHolder {
  readonly host: string;
  readonly pid: number;
  readonly heardAt: string;
}

interface TuneRunRow {
  id: number;
  created_at: string;
  updated_at: string;
  config: string;
  status: 'running' | 'done';
  state: string;
  seconds: number;
  holder_host: string | null;
  holder_pid: number | null;
  heard_at: string | null;
  out: string | null;
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
    out: row.out,
    holder: holderOf(row),
  };
}

type HolderColumns = Pick<TuneRunRow, 'holder_host' | 'holder_pid' | 'heard_at'>;

function holderOf(row: HolderColumns): RunHolder | null {
  return row.holder_host === null ? null : { host: row.holder_host, pid: row.holder_pid!, heardAt: row.heard_at! };
}

/**
 * Makes `me` the holder of run `id`, unless a process that `stillPlays` holds it: that holder is
 * returned and nothing changes. An immediate transaction, so two processes cannot both take it. A
 * holder is first looked for without the write lock, so that a refusal never waits for one (the
 * holder may be suspended in the middle of a write).
 */
export function claimTuneRun(
  db: Db,
  id: number,
  me: Omit<RunHolder, 'heardAt'>,
  stillPlays: (holder: RunHolder) => boolean,
): RunHolder | null {
  const otherPlayer = () => {
    const holder = holderOf(db.prepare('SELECT holder_host, holder_pid, heard_at FROM tune_runs WHERE id = ?').get(id) as HolderColumns);
    const someoneElse = holder !== null && (holder.host !== me.host || holder.pid !== me.pid);
    return someoneElse && stillPlays(holder) ? holder : null;
  };
  return (
    otherPlayer() ??
    db
      .transaction(() => {
        const holder = otherPlayer();
        if (holder !== null) return holder;
        db.prepare('UPDATE tune_runs SET holder_host = ?, holder_pid = ?, heard_at = ? WHERE id = ?').run(
          me.host,
          me.pid,
          new Date().toISOString(),
          id,
        );
        return null;
      })
      .immediate()
  );
}

/** Records that `me` still plays run `id`; false when `me` no longer holds it (another process took it over). */
export function heartbeatTuneRun(db: Db, id: number, me: Omit<RunHolder, 'heardAt'>): boolean {
  const { changes } = db
    .prepare('UPDATE tune_runs SET heard_at = ? WHERE id = ? AND holder_host = ? AND holder_pid = ?')
    .run(new Date().toISOString(), id, me.host, me.pid);
  return changes > 0;
}

/** Lets run `id` go, if `me` holds it. */
export function releaseTuneRun(db: Db, id: number, me: Omit<RunHolder, 'heardAt'>): void {
  db.prepare(
    'UPDATE tune_runs SET holder_host = NULL, holder_pid = NULL, heard_at = NULL WHERE id = ? AND holder_host = ? AND holder_pid = ?',
  ).run(id, me.host, me.pid);
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

/**
 * The latest run with exactly these settings, or a new one (`created`) starting from `state`: made in
 * an immediate transaction, so that the same command started twice at once finds one run.
 */
export function findOrCreateTuneRun<Config, State>(
  db: Db,
  config: Config,
  state: State,
): { run: StoredTuneRun<Config, State>; created: boolean } {
  const found = findTuneRun<Config, State>(db, config); // without the write lock, which only a new run needs
  if (found !== null) return { run: found, created: false };
  return db
    .transaction(() => {
      const foundNow = findTuneRun<Config, State>(db, config);
      if (foundNow !== null) return { run: foundNow, created: false };
      return { run: loadTuneRun<Config, State>(db, createTuneRun(db, config, state))!, created: true };
    })
    .immediate();
}

export function listTuneRuns<Config, State>(db: Db, limit: number): StoredTuneRun<Config, State>[] {
  const rows = db.prepare('SELECT * FROM tune_runs ORDER BY id DESC LIMIT ?').all(limit) as TuneRunRow[];
  return rows.map((row) => fromRow<Config, State>(row));
}

/** Sets where the run's result goes (the last --out given for it). */
export function saveTuneRunOut(db: Db, id: number, out: string): void {
  db.prepare('UPDATE tune_runs SET out = ? WHERE id = ?').run(out, id);
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

/** An iteration as stored: its plan and the results in so far (lines per game, by candidate index). */
export interface StoredTuneIteration<Plan> {
  readonly iteration: number;
  readonly plan: Plan;
  readonly results: Map<number, number[]>;
}

/**
 * Every iteration stored for run `id`, in order (the validation after the search iterations), read in
 * one transaction: a tuner writing meanwhile is seen before or after a write, never in between.
 */
export function loadTuneIterations<Plan>(db: Db, id: number): StoredTuneIteration<Plan>[] {
  return db.transaction(() => {
    const plans = db.prepare('SELECT iteration, plan FROM tune_iterations WHERE run_id = ? ORDER BY iteration').all(id) as {
      iteration: number;
      plan: string;
    }[];
    const iterations = plans.map((row) => ({
      iteration: row.iteration,
      plan: JSON.parse(row.plan) as Plan,
      results: new Map<number, number[]>(),
    }));
    const resultsOf = new Map(iterations.map((stored) => [stored.iteration, stored.results]));
    const evaluations = db.prepare('SELECT iteration, candidate, lines FROM tune_evaluations WHERE run_id = ?').all(id) as {
      iteration: number;
      candidate: number;
      lines: string;
    }[];
    for (const row of evaluations) resultsOf.get(row.iteration)!.set(row.candidate, JSON.parse(row.lines) as number[]);
    return iterations;
  })();
}
