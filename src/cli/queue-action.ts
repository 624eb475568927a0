import { loadRedisQueue } from '../bench/redis-queue-loader.ts';
import { count } from '../core/count.ts';
import { shownAddress } from '../core/redis-address.ts';
import { print } from './options.ts';
import type { QueueFlags } from './queue.ts';

export async function showStatus(flags: QueueFlags): Promise<void> {
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

export async function clear(flags: QueueFlags): Promise<void> {
  const { clearWaitingJobs } = await loadRedisQueue();
  const removed = await clearWaitingJobs(flags.queue);
  const queue = shownAddress(flags.queue);
  if (flags.json) print(JSON.stringify({ queue, removed }));
  else print(`removed ${count(removed, 'waiting job')} from ${queue}`);
  if (removed > 0) {
    process.stderr.write('if a `--queue` run waited for them, it stops within seconds; resumed, it adds again what it needs\n');
  }
}
