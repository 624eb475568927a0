import { count } from '../core/count.ts';
import type { WorkDone } from '../bench/redis-queue.ts';
import { loadRedisQueue } from '../bench/redis-queue-loader.ts';
import { shownAddress } from '../core/redis-address.ts';
import type { WorkerFlags } from './worker.ts';

export async function work(flags: WorkerFlags): Promise<void> {
  const { startQueueWorker } = await loadRedisQueue();
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const worker = await startQueueWorker(flags.queue, flags.workers, log);
  process.stderr.write(
    `worker joined ${shownAddress(flags.queue)} with ${count(flags.workers, 'thread')}; Ctrl-C leaves after the jobs in hand\n`,
  );
  const status = () => `${describeWork(worker.done())} done`;
  const ticker = setInterval(() => process.stderr.write(`${status()}\n`), 30_000);
  await nextSignal();
  clearInterval(ticker);
  const jobs = worker.inHand();
  if (jobs > 0) {
    const [these, them] = jobs === 1 ? ['the task', 'it'] : [`the ${jobs} tasks`, 'them'];
    process.stderr.write(`leaving after ${these} in hand; Ctrl-C again leaves at once (another worker then does ${them})\n`);
  }
  const second = await Promise.race([worker.close().then(() => null), nextSignal()]);
  process.stderr.write(`worker left${second === null ? '' : ' at once'}: ${status()}\n`);
  // Exits even when closing gave up on a Redis that went away, whose connections would keep retrying.
  process.exit(second === null ? 0 : second === 'SIGTERM' ? 143 : 130);
}

/** The work done, as "10 games, 3 boards": games always, boards when there are some. */
function describeWork(work: WorkDone): string {
  return [count(work.games, 'game'), ...(work.boards > 0 ? [count(work.boards, 'board')] : [])].join(', ');
}

/** Resolves, with its name, at the next Ctrl-C (SIGINT) or termination request (SIGTERM). */
function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const handle = (signal: NodeJS.Signals) => {
      process.removeListener('SIGINT', handle);
      process.removeListener('SIGTERM', handle);
      resolve(signal);
    };
    process.on('SIGINT', handle);
    process.on('SIGTERM', handle);
  });
}
