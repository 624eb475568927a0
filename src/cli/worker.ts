import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { count } from '../core/count.ts';
import { shownAddress } from '../core/redis-address.ts';
import { integerIn } from './options.ts';
import { redisUrlOption } from './queue-options.ts';

interface WorkerFlags {
  queue: string;
  workers: number;
}

export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('play tuning evaluations from a BullMQ queue on Redis, for `gridmind tune --queue` runs on any machine')
    .requiredOption('--queue <url>', 'the Redis holding the queue: redis://HOST:PORT', redisUrlOption)
    .option('--workers <k>', 'worker threads (and jobs taken at a time)', integerIn(1, 256), availableParallelism())
    .action((flags: WorkerFlags) => work(flags));
}

async function work(flags: WorkerFlags): Promise<void> {
  const { startQueueWorker } = await import('../tune/redis-queue.ts');
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const worker = await startQueueWorker(flags.queue, flags.workers, log);
  process.stderr.write(
    `worker joined ${shownAddress(flags.queue)} with ${count(flags.workers, 'thread')}; Ctrl-C leaves after the jobs in hand\n`,
  );
  const status = () => {
    const { evaluations, games } = worker.played();
    return `${count(evaluations, 'evaluation')} (${count(games, 'game')}) played`;
  };
  const ticker = setInterval(() => process.stderr.write(`${status()}\n`), 30_000);
  await nextSignal();
  clearInterval(ticker);
  const inHand = worker.inHand();
  if (inHand > 0) {
    const [jobs, them] = inHand === 1 ? ['the evaluation', 'it'] : [`the ${inHand} evaluations`, 'them'];
    process.stderr.write(`leaving after ${jobs} in hand; Ctrl-C again leaves at once (another worker then plays ${them})\n`);
  }
  const second = await Promise.race([worker.close().then(() => null), nextSignal()]);
  process.stderr.write(`worker left${second === null ? '' : ' at once'}: ${status()}\n`);
  // Exits even when closing gave up on a Redis that went away, whose connections would keep retrying.
  process.exit(second === null ? 0 : second === 'SIGTERM' ? 143 : 130);
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
