import type { Command } from 'commander';
import { loadRedisQueue } from '../bench/redis-queue-loader.ts';
import { count } from '../core/count.ts';
import { shownAddress } from '../core/redis-address.ts';
import { print } from './options.ts';
import { redisUrlOption } from './queue-options.ts';

interface QueueFlags {
  queue: string;
  json?: boolean;
}

/** `gridmind queue status|clear`: look into the job queue of `--queue` runs (tune, bench, samegame bench), or empty it. */
export function registerQueueCommands(program: Command): void {
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
    showStatus,
  );
  subcommand(
    'clear',
    'remove the jobs no worker has taken yet, e.g. after a `--queue` run you will not resume (runs still waiting for them stop)',
    'print the number removed as JSON',
    clear,
  );
}

async function showStatus(flags: QueueFlags): Promise<void> {
  const { queueStatus } = await loadRedisQueue();
  const status = await queueStatus(flags.queue);
  const queue = shownAddress(flags.queue);
  if (flags.json) {
    print(JSON.stringify({ queue, ...status }));
    return;
  }
  print(`job queue at ${queue}`);
  print(`  waiting     ${status.waiting}`);
  print(`  active      ${status.active} (being done)`);
  print(`  completed   ${status.completed} (results kept a day each, for resumed runs)`);
  print(`  workers     ${status.workers}`);
}

async function clear(flags: QueueFlags): Promise<void> {
  const { clearWaitingJobs } = await loadRedisQueue();
  const removed = await clearWaitingJobs(flags.queue);
  const queue = shownAddress(flags.queue);
  if (flags.json) print(JSON.stringify({ queue, removed }));
  else print(`removed ${count(removed, 'waiting job')} from ${queue}`);
  if (removed > 0) {
    process.stderr.write('if a `--queue` run waited for them, it stops within seconds; resumed, it adds again what it needs\n');
  }
}
