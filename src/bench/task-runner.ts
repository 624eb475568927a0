import { Piscina } from 'piscina';
import type { BenchTask, Done, TaskResult } from './tasks.ts';

/** Does tasks somewhere: on this machine's threads, or on the workers of a queue (queue-runner.ts). */
export interface TaskRunner {
  run<T extends BenchTask>(task: T): Promise<Done<TaskResult<T>>>;
  close(): Promise<void>;
}

/** Tasks done on a pool of worker threads of this machine, one task per thread at a time; every experiment shares it. */
export class TaskPool implements TaskRunner {
  private readonly pool: Piscina<BenchTask, Done<unknown>>;

  constructor(threads: number) {
    this.pool = new Piscina<BenchTask, Done<unknown>>({
      // Compiled, the workers import tasks.js as it is; from the sources, task-worker.mjs gives them tsx first.
      filename: new URL(import.meta.url.endsWith('.ts') ? './task-worker.mjs' : './tasks.js', import.meta.url).href,
      name: 'runTask',
      minThreads: threads,
      maxThreads: threads,
    });
  }

  run<T extends BenchTask>(task: T): Promise<Done<TaskResult<T>>> {
    return this.pool.run(task) as Promise<Done<TaskResult<T>>>;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
