import type { Command } from 'commander';
import { count } from '../core/count.ts';
import { shownAddress } from '../core/redis-address.ts';
import { print } from './options.ts';
import { redisUrlOption } from './queue-options.ts';

interface QueueFlags {
  queue: string;
  json?: boolean;
}

/** `gridmind queue status|clear`: look into the evaluation queue of `gridmind tune --queue` runs, or empty it. */
export function registerQueueCommands(program: Command): void {
  const queue = program
    .command('queue')
    .description('inspect or empty the Redis queue that `gridmind tune --queue` and `gridmind worker` share');
  const subcommand = (name: string, description: string, json: string, action: (flags: QueueFlags) => Promise<void>) =>
    queue
      .command(name)
      .description(description)
      .requiredOption('--queue <url>', 'the Redis holding the queue: redis://HOST:PORT', redisUrlOption)
      .option('--json', json)
      .action(action);
  subcommand(
    'status',
    'count the evaluations waiting, being played and kept, and the workers listening',
    'print the counts as JSON',
    showStatus,
  );
  subcommand(
    'clear',
    'remove the evaluations no worker has taken yet, e.g. after a `tune --queue` run you will not resume (runs still waiting for them stop)',
    'print the number removed as JSON',
    clear,
  );
}

async function showStatus(flags: QueueFlags): Promise<void> {
  const { queueStatus } = await import('../tune/redis-queue.ts');
  const status = await queueStatus(flags.queue);
  const queue = shownAddress(flags.queue);
  if (flags.json) {
    print(JSON.stringify({ queue, ...status }));
    return;
  }
  print(`evaluation queue at ${queue}`);
  print(`  waiting     ${status.waiting}`);
  print(`  active      ${status.active} (being played)`);
  print(`  completed   ${status.completed} (results kept a day each, for resumed runs)`);
  print(`  workers     ${status.workers}`);
}

async function clear(flags: QueueFlags): Promise<void> {
  const { clearWaitingEvaluations } = await import('../tune/redis-queue.ts');
  const removed = await clearWaitingEvaluations(flags.queue);
  const queue = shownAddress(flags.queue);
  if (flags.json) print(JSON.stringify({ queue, removed }));
  else print(`removed ${count(removed, 'waiting evaluation')} from ${queue}`);
  if (removed > 0) {
    process.stderr.write(
      'if a `gridmind tune --queue` run waited for them, it stops within seconds; resumed, it adds again what it needs\n',
    );
  }
}
