/**
 * Tuning evaluations shared out over Redis with BullMQ: the tuner adds one job per candidate and waits
 * for its result; `gridmind worker` processes on any machine take jobs, play their games on their own
 * threads and send the lines back. A job's id is a hash of its content (agent weights, board and
 * seeds), so a resumed run finds the jobs it had already added, and a result is the same whoever
 * played it: the run ends with the same weights as on one machine.
 */
import { createHash } from 'node:crypto';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { InputError } from '../../core/errors.ts';
import { GamePool } from '../../bench/game-pool.ts';
import { playEvaluation, type CandidateEvaluator, type EvaluationJob } from './evaluator.ts';

/** The BullMQ queue that carries evaluations. */
export const EVALUATION_QUEUE = 'gridmind-tetris-evaluations';

/** Finished jobs stay a day, so that a run resumed within it does not replay them. */
const KEEP_FINISHED_SECONDS = 24 * 3600;

/** ioredis settings for a redis:// address; BullMQ needs commands to wait for reconnection rather than fail. */
function redisOptions(url: string): RedisOptions {
  const address = new URL(url);
  return {
    host: address.hostname,
    port: address.port === '' ? 6379 : Number(address.port),
    username: address.username === '' ? undefined : decodeURIComponent(address.username),
    password: address.password === '' ? undefined : decodeURIComponent(address.password),
    db: address.pathname.length > 1 ? Number(address.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}

/** Fails with an actionable message when nothing answers at the address (BullMQ itself would retry forever). */
async function checkReachable(url: string): Promise<void> {
  const client = new Redis({ ...redisOptions(url), lazyConnect: true, retryStrategy: () => null, connectTimeout: 5000 });
  client.on('error', () => {}); // reported by connect() below
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new InputError(`cannot reach Redis at ${url} (${(error as Error).message}): start redis-server there, or fix --queue`);
  } finally {
    client.disconnect();
  }
}

/** Evaluations played by whichever workers listen on the queue. */
export async function queueEvaluator(url: string): Promise<CandidateEvaluator> {
  await checkReachable(url);
  const connection = redisOptions(url);
  const queue = new Queue<EvaluationJob, number[]>(EVALUATION_QUEUE, { connection });
  const events = new QueueEvents(EVALUATION_QUEUE, { connection });
  queue.setMaxListeners(0); // every job waiting for its result listens for the queue closing
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  return {
    async evaluate(job) {
      const jobId = `evaluation-${createHash('sha256').update(JSON.stringify(job)).digest('hex')}`;
      const added = await queue.add('evaluate', job, {
        jobId,
        attempts: 3,
        removeOnComplete: { age: KEEP_FINISHED_SECONDS },
        removeOnFail: true,
      });
      return (await added.waitUntilFinished(events)) as number[];
    },
    async close() {
      await events.close();
      await queue.close();
    },
  };
}

export interface QueueWorker {
  /** Evaluations and games played so far. */
  readonly played: () => { evaluations: number; games: number };
  /** Finishes the jobs in hand, then leaves the queue. */
  close(): Promise<void>;
}

/** Joins the queue: takes up to `threads` jobs at a time and plays their games on as many threads. */
export async function startQueueWorker(url: string, threads: number): Promise<QueueWorker> {
  await checkReachable(url);
  const pool = new GamePool(threads);
  let evaluations = 0;
  let games = 0;
  const worker = new Worker<EvaluationJob, number[]>(
    EVALUATION_QUEUE,
    async (job) => {
      const lines = await playEvaluation(pool, job.data);
      evaluations++;
      games += lines.length;
      return lines;
    },
    { connection: redisOptions(url), concurrency: threads },
  );
  await worker.waitUntilReady();
  return {
    played: () => ({ evaluations, games }),
    async close() {
      await worker.close();
      await pool.close();
    },
  };
}
