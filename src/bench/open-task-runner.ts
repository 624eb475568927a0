import { queueRunner } from './queue-runner.ts';
import { TaskPool, type TaskRunner } from './task-runner.ts';

/** Where an experiment's tasks are done: the workers of the Redis queue at `queue`, or `threads` threads of this machine. */
export async function openTaskRunner(queue: string | undefined, threads: number, log: (line: string) => void): Promise<TaskRunner> {
  return queue === undefined ? new TaskPool(threads) : queueRunner(queue, log);
}
