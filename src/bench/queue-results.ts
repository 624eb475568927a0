/** Waiting for the results of jobs on the queue, by job id, from its events or from the jobs themselves. */
import type { QueueEvents } from 'bullmq';
import type { JobQueue } from './queue-jobs.ts';

/**
 * How often a wait for a result also looks at the job itself. Events alone can leave it waiting for
 * ever: a QueueEvents reader starts at the newest event when its first read reaches Redis, some time
 * after it reports ready, so what is sent in between is lost; and a job cleared from the queue sends none.
 */
const RESULT_CHECK_MS = 5000;

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
export class ResultWaiters {
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
