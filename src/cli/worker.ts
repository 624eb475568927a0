import type { Command } from 'commander';
import { workersOption } from './options.ts';
import { redisUrlOption } from './queue-options.ts';

export interface WorkerFlags {
  queue: string;
  workers: number;
}

/** What `gridmind worker` does (worker-action.ts). */
export interface WorkerActions {
  work(flags: WorkerFlags): Promise<void>;
}

export function registerWorkerCommand(program: Command, actions: () => Promise<WorkerActions>): void {
  program
    .command('worker')
    .description(
      'do the jobs of a BullMQ queue on Redis (Tetris games, SameGame boards) for `--queue` runs of `tune`, `bench` and `samegame bench` on any machine',
    )
    .requiredOption('--queue <url>', 'the Redis holding the queue: redis://HOST:PORT', redisUrlOption)
    .addOption(workersOption('worker threads (and jobs taken at a time)'))
    .action(async (flags: WorkerFlags) => (await actions()).work(flags));
}
