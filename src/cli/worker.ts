import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
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
  const { startQueueWorker } = await import('../tetris-ai/tuner/redis-queue.ts');
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const worker = await startQueueWorker(flags.queue, flags.workers, log);
  const threads = flags.workers === 1 ? '1 thread' : `${flags.workers} threads`;
  process.stderr.write(`worker joined ${shownAddress(flags.queue)} with ${threads}; Ctrl-C leaves after the jobs in hand\n`);
  const status = () => {
    const { evaluations, games } = worker.played();
    return `${evaluations} evaluations (${games} games) played`;
  };
  const ticker = setInterval(() => process.stderr.write(`${status()}\n`), 30_000);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  clearInterval(ticker);
  await worker.close();
  process.stderr.write(`worker left: ${status()}\n`);
}
