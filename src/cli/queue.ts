import type { Command } from 'commander';
import { redisUrlOption } from './queue-options.ts';

export interface QueueFlags {
  queue: string;
  json?: boolean;
}

/** What `gridmind queue status` and `queue clear` do (queue-action.ts). */
export interface QueueActions {
  showStatus(flags: QueueFlags): Promise<void>;
  clear(flags: QueueFlags): Promise<void>;
}

/** `gridmind queue status|clear`: look into the job queue of `--queue` runs (tune, bench, samegame bench), or empty it. */
export function registerQueueCommands(program: Command, actions: () => Promise<QueueActions>): void {
  const queue = program
    .command('queue')
    .description('inspect or empty the Redis queue that `--queue` runs (tune, bench, samegame bench) and `gridmind worker` share');
  const subcommand = (name: string, description: string, json: string, action: (flags: QueueFlags) => Promise<void>) =>
    queue
      .command(name)
      .description(description)
      .requiredOption('--queue <url>', 'the Redis holding the queue: redis://HOST:PORT', redisUrlOption)
      .option('--json', json)
      .action(action);
  subcommand(
    'status',
    'count the jobs (Tetris games and SameGame boards) waiting, being done and kept, and the workers listening',
    'print the counts as JSON',
    async (flags) => (await actions()).showStatus(flags),
  );
  subcommand(
    'clear',
    'remove the jobs no worker has taken yet, e.g. after a `--queue` run you will not resume (runs still waiting for them stop)',
    'print the number removed as JSON',
    async (flags) => (await actions()).clear(flags),
  );
}
