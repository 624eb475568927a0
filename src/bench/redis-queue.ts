/**
 * Work shared out over Redis with BullMQ, on one queue that `gridmind worker` serves: a tuner's
 * evaluations (one job per candidate) and a benchmark's tasks (one job per game or board, tasks.ts).
 * The program that needs the work adds jobs and waits for their results; workers on any machine take
 * jobs, do them on their own threads and send the results back. A job's id is a hash of its content
 * (with Gridmind's results revision), so a resumed run finds the jobs it had already added, and a result
 * is the same whoever played it. Workers refuse jobs from another results revision (src/core/version.ts),
 * whose games could differ; other versions with the same games work together.
 */
import { Queue, QueueEvents, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { contentKey } from '../core/content-key.ts';
import { count } from '../core/count.ts';
import { InputError } from '../core/errors.ts';
import { shownAddress } from '../core/redis-address.ts';
import { GAME_RESULTS_REVISION, SOLVE_RESULTS_REVISION } from '../core/version.ts';
import { playEvaluation, type EvaluationJob } from './evaluations.ts';
import { TaskPool } from './task-runner.ts';
import type { BenchTask, Done } from './tasks.ts';

/** The BullMQ queue that carries every job (its name is older than the benchmark tasks it now also carries). */
export const JOB_QUEUE = 'gridmind-tetris-evaluations';

/** A benchmark's task as a job: the task, and the results revisions where it is asked. */
export interface TaskJob {
  readonly revision: number;
  /** The solve results revision, for SameGame boards (see version.ts). */
  readonly solveRevision: number;
  readonly task: BenchTask;
}

/** The jobs by name, with what each carries and what its result is. */
interface Jobs {
  readonly evaluate: { readonly data: EvaluationJob; readonly result: number[] };
  readonly task: { readonly data: TaskJob; readonly result: Done<unknown> };
}
type JobName = keyof Jobs;
type AnyJob = Jobs[JobName];

/** What the jobs of each name are called in messages. */
const JOB_NOUNS: Readonly<Record<JobName, string>> = { evaluate: 'evaluation', task: 'task' };

/** Completed jobs stay a day, so that a run resumed within it does not replay them; failed ones go at once, so a retry can add them again. */
const KEEP_COMPLETED_SECONDS = 24 * 3600;

/** How often a program waiting for results checks that some worker listens. */
const WORKER_CHECK_MS = 30_000;

/**
 * How often a wait for a result also looks at the job itself. Events alone can leave it waiting for
 * ever: a QueueEvents reader starts at the newest event when its first read reaches Redis, some time
 * after it reports ready, so what is sent in between is lost; and a job cleared from the queue sends none.
 */
const RESULT_CHECK_MS = 5000;

/**
 * How many times a job may be taken again after its worker vanished (stopped renewing its lock) before
 * it fails; BullMQ's default is once.
 */
const STALLS_ALLOWED = 3;

/** How long closing may wait for Redis before it gives up. */
const CLOSE_TIMEOUT_MS = 3000;

/** ioredis settings for a redis:// address; BullMQ needs commands to wait for reconnection rather than fail. */
function redisOptions(url: string): RedisOptions {
  const address = new URL(url);
  return {
    host: address.hostname.replace(/^\[(.*)\]$/, '$1'), // an IPv6 address without its URL brackets
    port: address.port === '' ? 6379 : Number(address.port),
    username: address.username === '' ? undefined : decodeURIComponent(address.username),
    password: address.password === '' ? undefined : decodeURIComponent(address.password),
    db: address.pathname.length > 1 ? Number(address.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}

/** Redis's replies to a missing or wrong password. */
const LOGIN_REFUSED = /NOAUTH|WRONGPASS|invalid password/i;

/** Redis's reply to a database number it does not have (ioredis would carry on with database 0). */
const NO_SUCH_DATABASE = /DB index is out of range/i;

/**
 * Fails with an actionable message when nothing answers at the address, Redis refuses the login or
 * has no such database (BullMQ itself would retry for ever, or use database 0).
 */
async function checkReachable(url: string): Promise<void> {
  const options = redisOptions(url);
  // A probe: nothing to wait for when it disconnects (ioredis would keep the process up to 2 s for a connection that failed).
  const client = new Redis({ ...options, lazyConnect: true, retryStrategy: () => null, connectTimeout: 5000, disconnectTimeout: 0 });
  let cause: Error | undefined; // the first error event says more than the "Connection is closed." that follows it
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.select(options.db!);
  } catch (error) {
    const reason = (cause ?? (error as Error)).message;
    const shown = shownAddress(url);
    throw new InputError(
      LOGIN_REFUSED.test(reason)
        ? `Redis at ${shown} refused the login (${reason}): give its password in the address, redis://:PASSWORD@HOST:PORT`
        : NO_SUCH_DATABASE.test(reason)
          ? `Redis at ${shown} has no database ${options.db} (${reason}): end the address with a number below its \`databases\` setting (16 unless configured otherwise)`
          : `cannot reach Redis at ${shown} (${reason}): start redis-server there, or fix --queue`,
    );
  } finally {
    client.disconnect();
  }
}

/** Whether an error says the connection to Redis is down (a system error code such as ECONNREFUSED), not that a command failed. */
function isConnectionError(error: Error): boolean {
  const { code } = error as NodeJS.ErrnoException;
  return (code !== undefined && /^E[A-Z]+$/.test(code)) || /Connection is closed/i.test(error.message);
}

/** Reports connection trouble once per outage instead of once per reconnection attempt, and any other error as it comes. */
function connectionReporter(url: string, log: (line: string) => void): { onError: (error: Error) => void; onReady: () => void } {
  const shown = shownAddress(url);
  let down = false;
  return {
    onError: (error) => {
      if (!isConnectionError(error)) {
        log(`the queue at ${shown} reported: ${error.message}`);
        return;
      }
      if (!down) log(`lost Redis at ${shown} (${error.message}); reconnecting…`);
      down = true;
    },
    onReady: () => {
      if (down) log(`Redis at ${shown} is back`);
      down = false;
    },
  };
}

/**
 * The workers listening on the queue in the address's database. BullMQ counts the worker connections
 * Redis lists, and Redis lists those of every database.
 */
async function workersListening(queue: JobQueue, url: string): Promise<number> {
  const { db } = redisOptions(url);
  return (await queue.getWorkers()).filter((worker) => Number(worker.db) === db).length;
}

/** Closes, or gives up after a while (Redis gone: closing would wait for a reconnection forever). */
async function closeWithin(closers: (() => Promise<unknown>)[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
  await Promise.race([Promise.allSettled(closers.map((close) => close())), timeout]);
  clearTimeout(timer);
}

type JobQueue = Queue<AnyJob['data'], AnyJob['result'], JobName>;

interface Waiter {
  readonly result: Promise<unknown>;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
}

/**
 * The results a program waits for, by job id: one wait per job, shared by every submission of the same
 * content (candidates of an iteration can be equal). Results come from the queue's completion events
 * or, for an event missed, from the jobs themselves as they stand in Redis, looked at every
 * RESULT_CHECK_MS by one timer while anything is awaited.
 */
class ResultWaiters {
  private readonly waiting = new Map<string, Waiter>();
  private timer: NodeJS.Timeout | undefined;
  /** A round of looks in progress: while Redis is away it waits for the reconnection, and no other starts. */
  private looking = false;

  constructor(
    private readonly queue: JobQueue,
    events: QueueEvents,
    private readonly noun: string,
  ) {
    // BullMQ types the event's return value as text, but hands it over parsed.
    events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, (waiter) => waiter.resolve(returnvalue)));
    events.on('failed', ({ jobId, failedReason }) =>
      this.settle(jobId, (waiter) => waiter.reject(new Error(`${noun} ${jobId} failed on a worker: ${failedReason}`))),
    );
  }

  resultOf(jobId: string): Promise<unknown> {
    const known = this.waiting.get(jobId);
    if (known !== undefined) return known.result;
    let resolve!: (result: unknown) => void;
    let reject!: (error: Error) => void;
    const result = new Promise<unknown>((onResolve, onReject) => ((resolve = onResolve), (reject = onReject)));
    this.waiting.set(jobId, { result, resolve, reject });
    this.timer ??= setInterval(() => void this.lookAtAll(), RESULT_CHECK_MS);
    void this.lookAt(jobId); // it may be done already: a resumed run adds again jobs done before
    return result;
  }

  /** Gives up every wait (the queue is closing). */
  rejectAll(reason: string): void {
    for (const jobId of [...this.waiting.keys()]) this.settle(jobId, (waiter) => waiter.reject(new Error(reason)));
  }

  private settle(jobId: string, outcome: (waiter: Waiter) => void): void {
    const waiter = this.waiting.get(jobId);
    if (waiter === undefined) return;
    this.waiting.delete(jobId);
    if (this.waiting.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    outcome(waiter);
  }

  private async lookAtAll(): Promise<void> {
    if (this.looking) return;
    this.looking = true;
    try {
      for (const jobId of [...this.waiting.keys()]) await this.lookAt(jobId);
    } finally {
      this.looking = false;
    }
  }

  private async lookAt(jobId: string): Promise<void> {
    const state = await this.queue.getJobState(jobId).catch(() => null); // the connection reporter tells of Redis trouble
    if (state === 'unknown') {
      const gone = `${this.noun} ${jobId} is no longer in the queue: it failed on a worker (see the worker's log), was removed by \`gridmind queue clear\`, or Redis lost its data`;
      this.settle(jobId, (waiter) => waiter.reject(new Error(gone)));
    } else if (state === 'completed') {
      const job = await this.queue.getJob(jobId).catch(() => undefined); // read once completed: its return value is set
      if (job !== undefined) this.settle(jobId, (waiter) => waiter.resolve(job.returnvalue));
    }
  }
}

/** Jobs of one name handed to whichever workers listen on the queue. */
export interface JobSubmitter<N extends JobName> {
  /** Adds the job (unless one of the same content is there) and resolves with its result. */
  submit(data: Jobs[N]['data']): Promise<Jobs[N]['result']>;
  close(): Promise<void>;
}

/**
 * Opens the queue to hand out jobs of one name; `log` gets one line per event worth knowing, and
 * `owner` names the program in them ("the tuner").
 */
export async function openJobSubmitter<N extends JobName>(
  url: string,
  name: N,
  owner: string,
  log: (line: string) => void,
): Promise<JobSubmitter<N>> {
  await checkReachable(url);
  const connection = redisOptions(url);
  const queue: JobQueue = new Queue(JOB_QUEUE, { connection });
  const events = new QueueEvents(JOB_QUEUE, { connection });
  const close = () => closeWithin([() => events.close(), () => queue.close()]);
  const reporter = connectionReporter(url, log);
  queue.on('error', reporter.onError);
  events.on('error', reporter.onError);
  const noun = JOB_NOUNS[name];
  const waiters = new ResultWaiters(queue, events, noun);
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  } catch (error) {
    await close();
    throw error;
  }

  let pending = 0;
  const shown = shownAddress(url);
  const workerHint = `start \`gridmind worker --queue ${shown}\``;
  const listening = await workersListening(queue, url).catch(() => 0);
  log(
    `${noun}s go to ${shown}: ${listening === 0 ? `${workerHint} on any machine to do them` : `${count(listening, 'worker')} listening`}`,
  );
  const workerCheck = setInterval(async () => {
    if (pending > 0 && (await workersListening(queue, url).catch(() => -1)) === 0) {
      log(`${count(pending, noun)} wait and no worker listens: ${workerHint}`);
    }
  }, WORKER_CHECK_MS);
  workerCheck.unref();

  return {
    async submit(data) {
      const jobId = `${noun}-${contentKey(data)}`;
      pending++;
      try {
        await queue.add(name, data, {
          jobId,
          attempts: 3,
          removeOnComplete: { age: KEEP_COMPLETED_SECONDS },
          removeOnFail: true,
        });
        const result = (await waiters.resultOf(jobId)) as Jobs[N]['result'];
        reporter.onReady();
        return result;
      } finally {
        pending--;
      }
    },
    async close() {
      clearInterval(workerCheck);
      waiters.rejectAll(`${owner} closed the queue before this ${noun} was done`);
      await close();
    },
  };
}

/** What the queue holds, as `gridmind queue status` shows it. */
export interface QueueStatus {
  /** Jobs not yet taken by a worker (waiting, or back for a retry). */
  readonly waiting: number;
  /** Jobs a worker is doing now. */
  readonly active: number;
  /** Results kept for resumed runs (for a day after they were done). */
  readonly completed: number;
  /** Worker connections listening (a `gridmind worker` holds one). */
  readonly workers: number;
}

/** Opens the queue for one administrative call, then closes it. */
async function withQueue<T>(url: string, use: (queue: JobQueue) => Promise<T>): Promise<T> {
  await checkReachable(url);
  const queue: JobQueue = new Queue(JOB_QUEUE, { connection: redisOptions(url) });
  try {
    return await use(queue);
  } finally {
    await closeWithin([() => queue.close()]);
  }
}

export function queueStatus(url: string): Promise<QueueStatus> {
  return withQueue(url, async (queue) => {
    const [waiting, counts, workers] = await Promise.all([
      queue.count(),
      queue.getJobCounts('active', 'completed'),
      workersListening(queue, url),
    ]);
    return { waiting, active: counts.active ?? 0, completed: counts.completed ?? 0, workers };
  });
}

/**
 * Removes the jobs no worker has taken yet (left behind by a run that was interrupted and will not be
 * resumed); returns how many. Jobs being done finish, and kept results stay.
 */
export function clearWaitingJobs(url: string): Promise<number> {
  return withQueue(url, async (queue) => {
    let removed = 0;
    for (const state of ['wait', 'prioritized', 'delayed', 'paused'] as const) removed += (await queue.clean(0, 0, state)).length;
    return removed;
  });
}

/** The work a worker has done. */
export interface WorkDone {
  readonly evaluations: number;
  /** Games of the evaluations. */
  readonly evaluationGames: number;
  /** Benchmark tasks: Tetris games, and SameGame boards. */
  readonly games: number;
  readonly boards: number;
}

export interface QueueWorker {
  readonly done: () => WorkDone;
  /** Jobs being done now, by name. */
  readonly inHand: () => Readonly<Record<JobName, number>>;
  /**
   * Takes no more jobs, lets those in hand finish however long they take, sends their results, and
   * leaves the queue. With Redis gone, it gives up after a few seconds: the unsent jobs go to another worker.
   */
  close(): Promise<void>;
}

/** Refuses a job from a Gridmind whose results could differ from this one's. */
function checkRevisions(job: Job<AnyJob['data'], AnyJob['result'], JobName>): void {
  const refuse = (kind: string, theirs: number | undefined, ours: number) => {
    throw new UnrecoverableError(
      `the job comes from a Gridmind whose ${kind} are of results revision ${theirs ?? '(none: an older Gridmind)'} and this worker's are of revision ${ours}: run the same Gridmind on both`,
    );
  };
  if (job.data.revision !== GAME_RESULTS_REVISION) refuse('games', job.data.revision, GAME_RESULTS_REVISION);
  const data = job.data as TaskJob;
  if (job.name === 'task' && data.task.game === 'samegame' && data.solveRevision !== SOLVE_RESULTS_REVISION) {
    refuse('SameGame solves', data.solveRevision, SOLVE_RESULTS_REVISION);
  }
}

/** Joins the queue: takes up to `threads` jobs at a time and does their work on as many threads. */
export async function startQueueWorker(url: string, threads: number, log: (line: string) => void): Promise<QueueWorker> {
  await checkReachable(url);
  const pool = new TaskPool(threads);
  const done = { evaluations: 0, evaluationGames: 0, games: 0, boards: 0 };
  const inHand: Record<JobName, number> = { evaluate: 0, task: 0 };
  const handsFull = () => inHand.evaluate + inHand.task;
  const idleWaits: (() => void)[] = []; // resolved when no job is in hand
  const idle = () => (handsFull() === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaits.push(resolve)));
  const doJob = async (job: Job<AnyJob['data'], AnyJob['result'], JobName>): Promise<AnyJob['result']> => {
    if (job.name === 'evaluate') {
      const lines = await playEvaluation(pool, job.data as EvaluationJob);
      done.evaluations++;
      done.evaluationGames += lines.length;
      return lines;
    }
    const { task } = job.data as TaskJob;
    const result = await pool.run(task);
    if (task.game === 'tetris') done.games++;
    else done.boards++;
    return result;
  };
  const worker = new Worker<AnyJob['data'], AnyJob['result'], JobName>(
    JOB_QUEUE,
    async (job) => {
      checkRevisions(job);
      inHand[job.name]++;
      try {
        return await doJob(job);
      } finally {
        inHand[job.name]--;
        if (handsFull() === 0) for (const resolve of idleWaits.splice(0)) resolve();
      }
    },
    { connection: redisOptions(url), concurrency: threads, maxStalledCount: STALLS_ALLOWED },
  );
  const reporter = connectionReporter(url, log);
  worker.on('error', reporter.onError);
  worker.on('ready', reporter.onReady);
  worker.on('failed', (job, error) => log(`job ${job?.id ?? '?'} failed: ${error.message}`));
  try {
    await worker.waitUntilReady();
  } catch (error) {
    await closeWithin([() => worker.close(true), () => pool.close()]);
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    done: () => ({ ...done }),
    inHand: () => ({ ...inHand }),
    close() {
      closing ??= (async () => {
        const leaving = worker.close(); // takes no more jobs; sends the results of those in hand as they end
        do {
          await idle(); // the jobs in hand, however long they take
          await closeWithin([() => leaving]); // their results and the connections, or give up: Redis is gone
        } while (handsFull() > 0); // a job that was being fetched as the close began
        await pool.close(); // only now: closing the pool ends the work on it
      })();
      return closing;
    },
  };
}
