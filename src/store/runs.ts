/**
 * Stored runs of every game, in one table: a Tetris benchmark (`gridmind bench`), a SameGame solve or
 * benchmark (`gridmind samegame solve|bench`). Each keeps what was run, the summary the command printed
 * and the result of every game or board, typed here once for the CLI, the API and the web app.
 */
import type { Solution } from '../samegame/solver.ts';
import type { SearchMethod } from '../search/index.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import type { Db } from './database.ts';

/** One Tetris player's figures over the games of a run. */
export interface PlayerSummary {
  readonly agent: string;
  readonly meanLines: number;
  /** Standard error of the mean (null in JSON for a single game). */
  readonly stderr: number;
  readonly medianLines: number;
  readonly minLines: number;
  readonly maxLines: number;
  /** Pieces placed in all games. */
  readonly pieces: number;
  /**
   * Σ over the threads that played (pieces / playing time) for the games played by the run: with one
   * thread, the single-thread speed. When every game came from the store, their single-thread speed.
   */
  readonly piecesPerSecond: number;
  /** Games an agent in code's fault ended (absent: none), and the first such fault. */
  readonly faults?: number;
  readonly firstFault?: string;
}

/** The paired comparison of a `--vs` run: the agent's lines minus the opponent's, game by game. */
export interface RunComparison {
  readonly meanDifference: number;
  readonly stderr: number;
  readonly agentWins: number;
  readonly vsWins: number;
  readonly ties: number;
}

/** What `gridmind bench` prints and stores: the agent's figures, the settings, and the opponent's with `--vs`. */
export interface TetrisRunSummary extends PlayerSummary {
  /** WIDTHxHEIGHT. */
  readonly board: string;
  /** Games summarised (per player). */
  readonly games: number;
  /** Threads on this machine; with a queue, each worker uses its own. */
  readonly workers: number;
  readonly seedBase: number;
  readonly preview: number;
  readonly lookahead: number | null;
  readonly maxPieces: number | null;
  /** Games (of all players) taken from the store instead of played. */
  readonly storedGames: number;
  readonly vs?: PlayerSummary;
  readonly comparison?: RunComparison;
  /** How the agent plays: its spec, or for an agent in code the absolute path of its module. */
  readonly agentSpec?: AgentSpec;
  readonly agentModule?: string;
  readonly vsSpec?: AgentSpec;
  readonly vsModule?: string;
  /** The Redis queue whose workers played the games (shown without its password); absent: this machine's threads. */
  readonly queue?: string;
}

/** A search's settings as SameGame runs record them (a setting left at its default is absent). */
export interface SameGameSettings {
  /** The search method, or `code`: the solver in code named by `solver`. */
  readonly method: SearchMethod | 'code';
  /** A solver in code: its module's path. */
  readonly solver?: string;
  /** Scoring: standard, penalty or classic. */
  readonly rules: string;
  /** Where empty columns close up: left or right. */
  readonly shift: string;
  /** Seconds per board. */
  readonly time: number;
  readonly seed: number;
  readonly heuristic?: string;
  readonly maxNodes?: number;
  readonly level?: number;
  readonly iterations?: number;
  readonly stabilization?: number;
  readonly width?: number;
  readonly depth?: number;
  readonly minDepth?: number;
  /** Present only when on. */
  readonly clearedOnly?: boolean;
  readonly first?: boolean;
}

/** What `samegame solve` stores besides the settings. */
export interface SolveSummary extends SameGameSettings {
  readonly score: number;
  readonly cleared: boolean;
}

/** What `samegame bench` prints and stores besides the board results. */
export interface SameGameBenchSummary extends SameGameSettings {
  /** The shipped test set solved, if it was one. */
  readonly set?: string;
  /** The folder of board files solved. */
  readonly dir: string;
  readonly workers: number;
  /** Searches per board, seeds `seed` onwards, the best kept (absent: one). */
  readonly seeds?: number;
  /** Σ of the boards' scores, and Σ of the same games' scores under the penalty rules. */
  readonly total: number;
  readonly penaltyTotal: number;
  /** Boards taken from the store instead of solved (absent in runs stored before Gridmind kept boards). */
  readonly storedBoards?: number;
  /** The Redis queue whose workers solved the boards (shown without its password); absent: this machine's threads. */
  readonly queue?: string;
}

/** One board's result: the solver's solution (moves as [col, row] cells from the bottom left, on the board before each move). */
export interface BoardRecord extends Solution {
  /** The board file (its name in a benchmark, its path for `solve`). */
  readonly file: string;
}

interface StoredRun {
  readonly id: number;
  readonly createdAt: string;
}

/** A `gridmind bench` run. */
export interface TetrisRun extends StoredRun {
  readonly game: 'tetris';
  readonly agent: string;
  readonly vs: string | null;
  readonly board: string;
  /** Games asked for (per player). */
  readonly games: number;
  readonly seedBase: number;
  readonly summary: TetrisRunSummary;
  /** Per game, in seed order: the agent's lines, and the opponent's with --vs. */
  readonly perGame: { readonly lines: number[]; readonly vsLines?: number[] };
}

interface SameGameRunFields {
  readonly game: 'samegame';
  /** The board file solved, the test set (`set standard`) or the directory benchmarked. */
  readonly source: string;
  /** The search method, or `code`: a solver in code (the summary's `solver`). */
  readonly method: SearchMethod | 'code';
  /** Scoring and column shift, as `standard/left`. */
  readonly rules: string;
  /** Time budget per board in milliseconds (null: none). */
  readonly timeMs: number | null;
  readonly workers: number;
  /** Σ of the boards' scores. */
  readonly total: number;
  readonly perBoard: BoardRecord[];
}

/** A `samegame solve` or `samegame bench` run. */
export type SameGameRun = StoredRun &
  SameGameRunFields &
  ({ readonly command: 'solve'; readonly summary: SolveSummary } | { readonly command: 'bench'; readonly summary: SameGameBenchSummary });

export type Run = TetrisRun | SameGameRun;
export type Game = Run['game'];

type WithoutStoredFields<T> = T extends unknown ? Omit<T, keyof StoredRun> : never;
export type NewRun = WithoutStoredFields<Run>;
export type NewTetrisRun = WithoutStoredFields<TetrisRun>;

/** Saves a run; returns its id. */
export function saveRun(db: Db, run: NewRun): number {
  const { game, ...record } = run;
  const result = db
    .prepare('INSERT INTO runs (created_at, game, record) VALUES (?, ?, ?)')
    .run(new Date().toISOString(), game, JSON.stringify(record));
  return Number(result.lastInsertRowid);
}

interface RunRow {
  id: number;
  created_at: string;
  game: Game;
  record: string;
}

function fromRow(row: RunRow): Run {
  return { id: row.id, createdAt: row.created_at, game: row.game, ...JSON.parse(row.record) } as Run;
}

/** The most recent runs first, of one game or of all. */
export function listRuns(db: Db, limit: number, game?: Game): Run[] {
  const rows = (
    game === undefined
      ? db.prepare('SELECT * FROM runs ORDER BY created_at DESC, id DESC LIMIT ?').all(limit)
      : db.prepare('SELECT * FROM runs WHERE game = ? ORDER BY created_at DESC, id DESC LIMIT ?').all(game, limit)
  ) as RunRow[];
  return rows.map(fromRow);
}

/** The most recent SameGame runs first. */
export function listSameGameRuns(db: Db, limit: number): SameGameRun[] {
  return listRuns(db, limit, 'samegame') as SameGameRun[];
}

/** One run by id, if it is stored. */
export function findRun(db: Db, id: number): Run | undefined {
  const row = db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
  return row === undefined ? undefined : fromRow(row);
}

/**
 * The stored runs, newest first, of the same game, with the same description and results as `run`
 * (every field but the summary and the threads used): the candidates for a run stored already.
 */
export function findRunsWithResults<R extends NewRun>(db: Db, run: R): Extract<Run, { game: R['game'] }>[] {
  const identity = ({ summary: _summary, workers: _workers, ...rest }: { summary: unknown; workers?: unknown }) =>
    JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
  const { game: _game, ...wanted } = run;
  const rows = db.prepare('SELECT * FROM runs WHERE game = ? ORDER BY id DESC').all(run.game) as RunRow[];
  return rows
    .filter((row) => identity(JSON.parse(row.record)) === identity(wanted))
    .map((row) => fromRow(row) as Extract<Run, { game: R['game'] }>);
}
