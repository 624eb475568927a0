/**
 * High scores checked and kept off the main thread: each submission is parsed, played again and stored
 * on a small pool of worker threads (score-check-thread.ts), while the main thread serves other
 * requests. (A database in memory, which other threads cannot open, has its scores stored on the main
 * thread.) Each check costs its work (in replay inputs: score-check-thread.ts) from the client's budget,
 * a token bucket per address (rate-limit.ts), so that a client has a bounded share of the threads' time:
 * a submission that needs more than the client has left is answered 429 with Retry-After, unplayed.
 * (The server has a client's checks done one at a time: server.ts.) Past {@link MAX_QUEUED_CHECKS}
 * checks waiting for a thread, it answers 503 with Retry-After.
 */
import { Piscina } from 'piscina';
import { threadEntry } from '../node/timed-thread.ts';
import type { Db } from '../store/database.ts';
import { GameStoredAlready } from '../store/highscores.ts';
import { ApiError } from './api-errors.ts';
import { DEFAULT_REPLAY_BUDGET, RateLimiter, type RateLimit } from './rate-limit.ts';
import { bodyWork, keepScore, type KeptScore, type ScoreCheckOutcome, type ScoreCheckTask } from './score-check-thread.ts';

/** Threads that check scores: a client's checks, one at a time, leave the other to everyone else. */
export const SCORE_CHECK_THREADS = 2;

/** Checks waiting for a thread at most (a client's, one at a time): past it, the server is too busy and answers 503. */
export const MAX_QUEUED_CHECKS = 32;

/** How long a 503 asks a client to wait, in seconds: the queue moves by the checks of other clients. */
const BUSY_RETRY_AFTER = 1;

/**
 * Memory a checking thread may use (V8's old generation, in MB): the largest body (16 MiB of replay)
 * parses and plays within half of it; a check that needs more is answered 413.
 */
export const SCORE_CHECK_MEMORY_MB = 384;

export class ScoreChecks {
  private readonly budget: RateLimiter;
  /** The checking threads, started with the first check (a server that checks none starts none). */
  private pool: Piscina<ScoreCheckTask, ScoreCheckOutcome> | null = null;

  /** Keeps scores in `db`; `budget`: each client's, in replay inputs. */
  constructor(
    private readonly db: Db,
    budget: RateLimit = DEFAULT_REPLAY_BUDGET,
  ) {
    this.budget = new RateLimiter(budget);
  }

  /**
   * Refuses, with a 429, a submission of `client` of `bytes` bytes whose body alone costs more work than
   * the client has left: before its body is read, from its declared size.
   */
  admit(client: string, bytes: number): void {
    const now = performance.now();
    if (this.budget.waitFor(client, now, bodyWork(bytes)) > 0) throw this.overBudget(client, now, bodyWork(bytes));
  }

  /**
   * Checks a submission of `client` (its body, JSON) and keeps its score: the score kept; a
   * {@link GameStoredAlready} for a game stored before; or an {@link ApiError} saying why not (400 for a
   * submission refused, 413, 429 past the client's budget, 503 past the queue's bound).
   */
  async keep(client: string, body: Uint8Array<ArrayBuffer>): Promise<KeptScore> {
    this.admit(client, body.byteLength);
    const floor = bodyWork(body.byteLength);
    const now = performance.now();
    const pool = this.threads();
    if (pool.queueSize >= MAX_QUEUED_CHECKS) {
      throw new ApiError(503, `the server is checking too many scores: try again in ${BUSY_RETRY_AFTER} s`, BUSY_RETRY_AFTER);
    }
    const allowance = Math.floor(this.budget.available(client, now));
    let outcome: ScoreCheckOutcome;
    try {
      const database = this.db.memory ? null : this.db.name;
      outcome = await pool.run({ body, allowance, database }, { transferList: [body.buffer] });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_OUT_OF_MEMORY') throw error;
      this.budget.spend(client, performance.now(), floor);
      throw new ApiError(413, `the replay is too large to check: it needs more than the ${SCORE_CHECK_MEMORY_MB} MB a check may use`);
    }
    this.budget.spend(client, performance.now(), outcome.charge);
    if ('needs' in outcome) throw this.overBudget(client, performance.now(), outcome.needs);
    if ('refused' in outcome) throw new ApiError(400, outcome.refused);
    if ('storedAlready' in outcome) throw new GameStoredAlready(outcome.storedAlready);
    return 'kept' in outcome ? outcome.kept : keepScore(this.db, outcome.verified);
  }

  /** Ends the threads (a check under way is answered 500). */
  async close(): Promise<void> {
    await this.pool?.destroy();
  }

  private threads(): Piscina<ScoreCheckTask, ScoreCheckOutcome> {
    if (this.pool === null) {
      const { entry, source } = threadEntry(import.meta.url, './score-check-thread');
      this.pool = new Piscina({
        filename: entry.href,
        workerData: { entry: source },
        minThreads: SCORE_CHECK_THREADS,
        maxThreads: SCORE_CHECK_THREADS,
        resourceLimits: { maxOldGenerationSizeMb: SCORE_CHECK_MEMORY_MB },
      });
    }
    return this.pool;
  }

  /** The answer to a submission whose check needs `work` inputs, more than `client` has left at time `now`. */
  private overBudget(client: string, now: number, work: number): ApiError {
    const { perSecond, burst } = this.budget.limit;
    if (work > burst) {
      return new ApiError(413, `checking this replay takes ${work} inputs of work: more than the ${burst} one address may spend at once`);
    }
    const wait = this.budget.waitFor(client, now, work);
    return new ApiError(
      429,
      `checking this replay takes ${work} inputs of work, and your address has ${Math.floor(this.budget.available(client, now))} left (it gets ${perSecond} a second): try again in ${wait} s`,
      wait,
    );
  }
}
