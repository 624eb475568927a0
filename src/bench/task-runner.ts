import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { BenchTask, Done, PoolTask, TaskKeeping, TaskResult } from './tasks.ts';

/** Does tasks somewhere: on this machine's threads, or on the workers of a queue (queue-runner.ts). */
export interface TaskRunner {
  /**
   * Does `task`; with `keeping`, a long game goes on from its checkpoint and hands out new ones (a runner
   * that cannot, a queue's, plays it from its start: see {@link TaskKeeping}).
   */
  run<T extends BenchTask>(task: T, keeping?: TaskKeeping): Promise<Done<TaskResult<T>>>;
  close(): Promise<void>;
}

/** Tasks done on a pool of worker threads of this machine, one task per thread at a time; every experiment shares it. */
export class TaskPool implements TaskRunner {
  private readonly pool: Piscina<PoolTask, Done<unknown>>;

  constructor(threads: number) {
    this.pool = new Piscina<PoolTask, Done<unknown>>({
      // Compiled, the workers import tasks.js as it is; from the sources, task-worker.mjs gives them tsx first.
      filename: new URL(import.meta.url.endsWith('.ts') ? './task-worker.mjs' : './tasks.js', import.meta.url).href,
      name: 'runPoolTask',
      // Tasks start in the order given (piscina's default sends a task it could not place to the back of
      // its queue), so a long run stopped early has ended the first seeds, not every other one.
      stricterFIFO: true,
      minThreads: threads,
      maxThreads: threads,
    });
  }

  async run<T extends BenchTask>(task: T, keeping: TaskKeeping = {}): Promise<Done<TaskResult<T>>> {
    const { from, onCheckpoint, everyMs } = keeping;
    const resumed = from === undefined ? {} : { from };
    if (onCheckpoint === undefined) return (await this.pool.run({ task, ...resumed })) as Done<TaskResult<T>>;
    // The thread sends each checkpoint on a port of its own; closed as the task ends, so none comes after its result.
    const { port1: checkpoints, port2: threadsEnd } = new MessageChannel();
    checkpoints.on('message', onCheckpoint);
    try {
      return (await this.pool.run(
        { task, ...resumed, checkpoints: threadsEnd, ...(everyMs !== undefined && { everyMs }) },
        { transferList: [threadsEnd] },
      )) as Done<TaskResult<T>>;
    } finally {
      checkpoints.close();
    }
  }

  close(): Promise<void> {
    // Closing ends the tasks in hand with an error; a result such a task's thread had already sent then
    // finds no task, and piscina reports it as an 'error' event, which unheard would crash the process.
    // Only that report is let go.
    this.pool.on('error', (error: Error) => {
      if (!error.message.startsWith('Unexpected message from Worker')) throw error;
    });
    return this.pool.destroy();
  }
}
