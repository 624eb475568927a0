import { loadRedisQueue } from '../bench/redis-queue-loader.ts';
import type { CandidateEvaluator } from './evaluator.ts';

/** Evaluations played by whichever `gridmind worker` processes listen on the Redis queue at `url`. */
export async function queueEvaluator(url: string, log: (line: string) => void): Promise<CandidateEvaluator> {
  const { openJobSubmitter } = await loadRedisQueue();
  const submitter = await openJobSubmitter(url, 'evaluate', 'the tuner', log);
  return { evaluate: (job) => submitter.submit(job), close: () => submitter.close() };
}
