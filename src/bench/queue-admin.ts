/** Looking into the queue and emptying it, as `gridmind queue status|clear` do. */
import { Queue } from 'bullmq';
import { checkReachable, closeWithin, redisOptions, workersListening } from './queue-connection.ts';
import { JOB_QUEUE, type JobQueue } from './queue-jobs.ts';

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
