/** `gridmind worker`'s side of the queue: takes jobs, does them on a pool of threads, sends their results back. */
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { GAME_RESULTS_REVISION, SOLVE_RESULTS_REVISION } from '../core/version.ts';
import { checkReachable, closeWithin, connectionReporter, redisOptions } from './queue-connection.ts';
import { JOB_QUEUE, TASK_JOB, type TaskJob } from './queue-jobs.ts';
import { TaskPool } from './task-runner.ts';
import type { Done } from './tasks.ts';

/**
 * How many times a job may be taken again after its worker vanished (stopped renewing its lock) before
 * it fails; BullMQ's default is once.
 */
const STALLS_ALLOWED = 3;

/** The work a worker has done: Tetris games, and SameGame boards. */
export interface WorkDone {
  readonly games: number;
  readonly boards: number;
}

export interface QueueWorker {
  readonly done: () => WorkDone;
  /** Tasks being done now. */
  readonly inHand: () => number;
  /**
   * Takes no more jobs, lets those in hand finish however long they take, sends their results, and
   * leaves the queue. With Redis gone, it gives up after a few seconds: the unsent jobs go to another worker.
   */
  close(): Promise<void>;
}

/** Refuses a job that is not a task, or comes from a Gridmind whose results could differ from this one's. */
function checkJob(job: Job<TaskJob, Done<unknown>, string>): void {
  if (job.name !== TASK_JOB) {
    throw new UnrecoverableError(
      `the job is an "${job.name}", which only an older Gridmind sends (its tuner's evaluations): run the same Gridmind on both`,
    );
  }
  const refuse = (kind: string, theirs: number | undefined, ours: number) => {
    throw new UnrecoverableError(
      `the job comes from a Gridmind whose ${kind} are of results revision ${theirs ?? '(none: an older Gridmind)'} and this worker's are of revision ${ours}: run the same Gridmind on both`,
    );
  };
  if (job.data.revision !== GAME_RESULTS_REVISION) refuse('games', job.data.revision, GAME_RESULTS_REVISION);
  if (job.data.task.game === 'samegame' && job.data.solveRevision !== SOLVE_RESULTS_REVISION) {
    refuse('SameGame solves', job.data.solveRevision, SOLVE_RESULTS_REVISION);
  }
}

/** Joins the queue: takes up to `threads` jobs at a time and does their work on as many threads. */
export async function startQueueWorker(url: string, threads: number, log: (line: string) => void): Promise<QueueWorker> {
  await checkReachable(url);
  const pool = new TaskPool(threads);
  const done = { games: 0, boards: 0 };
  let inHand = 0;
  const idleWaits: (() => void)[] = []; // resolved when no job is in hand
  const idle = () => (inHand === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaits.push(resolve)));
  const worker = new Worker<TaskJob, Done<unknown>, string>(
    JOB_QUEUE,
    async (job) => {
      checkJob(job);
      inHand++;
      try {
        const { task } = job.data;
        const result = await pool.run(task);
        if (task.game === 'tetris') done.games++;
        else done.boards++;
        return result;
      } finally {
        inHand--;
        if (inHand === 0) for (const resolve of idleWaits.splice(0)) resolve();
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
    inHand: () => inHand,
    close() {
      closing ??= (async () => {
        const leaving = worker.close(); // takes no more jobs; sends the results of those in hand as they end
        do {
          await idle(); // the jobs in hand, however long they take
          await closeWithin([() => leaving]); // their results and the connections, or give up: Redis is gone
        } while (inHand > 0); // a job that was being fetched as the close began
        await pool.close(); // only now: closing the pool ends the work on it
      })();
      return closing;
    },
  };
}
