import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { shownAddress } from '../core/redis-address.ts';
import { integerIn } from './options.ts';
import { redisUrlOption } from './queue-options.ts';
import { count } from '../core/count.ts';

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
  const { startQueueWorker } = await import('../tetris-ai/tuner/redis-queue.ts');
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const worker = await startQueueWorker(flags.queue, flags.workers, log);
  const threads = flags.workers === 1 ? '1 thread' : `${flags.workers} threads`;
  process.stderr.write(`worker joined ${shownAddress(flags.queue)} with ${threads}; Ctrl-C leaves after the jobs in hand\n`);
  const status = () => {
    const { evaluations, games } = worker.played();
    return `${count(evaluations, 'evaluation')} (${count(games, 'game')}) played`;
  };
  const ticker = setInterval(() => process.stderr.write(`${status()}\n`), 30_000);
  await nextSignal();
  clearInterval(ticker);
  const inHand = worker.inHand();
  if (inHand > 0) {
    const jobs = inHand === 1 ? 'the evaluation' : `the ${inHand} evaluations`;
    process.stderr.write(
      `leaving after ${jobs} in hand; Ctrl-C again leaves at once (another worker then plays ${inHand === 1 ? 'it' : 'them'})\n`,
    );
  }
  const leftAtOnce = await Promise.race([worker.close().then(() => false), nextSignal().then(() => true)]);
  process.stderr.write(`worker left${leftAtOnce ? ' at once' : ''}: ${status()}\n`);
  process.exit(leftAtOnce ? 130 : 0); // a connection to a Redis that went away would keep retrying
}

/** Resolves at the next Ctrl-C or termination request. */
function nextSignal(): Promise<void> {
  return new Promise((resolve) => {
    const handle = () => {
      process.removeListener('SIGINT', handle);
      process.removeListener('SIGTERM', handle);
      resolve();
    };
    process.on('SIGINT', handle);
    process.on('SIGTERM', handle);
  });
}
