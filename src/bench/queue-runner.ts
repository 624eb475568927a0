import { GAME_RESULTS_REVISION, SOLVE_RESULTS_REVISION } from '../node/version.ts';
import { loadRedisQueue } from './redis-queue-loader.ts';
import type { TaskRunner } from './task-runner.ts';
import type { BenchTask, Done, TaskResult } from './tasks.ts';

/**
 * Tasks done by whichever `gridmind worker` processes listen on the Redis queue at `url`. Jobs carry no
 * checkpoints, but a job outlives the program that added it: a game in play when that program stops is
 * played to its end by its worker, and a run resumed within a day (while Redis keeps finished jobs)
 * takes its result. A game whose worker is stopped is played again from its start.
 */
export async function queueRunner(url: string, log: (line: string) => void): Promise<TaskRunner> {
  const { openTaskSubmitter } = await loadRedisQueue();
  const submitter = await openTaskSubmitter(url, log);
  return {
    run: <T extends BenchTask>(task: T) =>
      submitter.submit({ revision: GAME_RESULTS_REVISION, solveRevision: SOLVE_RESULTS_REVISION, task }) as Promise<Done<TaskResult<T>>>,
    close: () => submitter.close(),
  };
}
