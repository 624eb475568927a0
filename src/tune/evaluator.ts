import { playEvaluation, type EvaluationJob } from '../bench/evaluations.ts';
import { TaskPool } from '../bench/task-runner.ts';

/** Plays evaluations somewhere (threads here, or workers behind a queue) and returns lines per game, in seed order. */
export interface CandidateEvaluator {
  evaluate(job: EvaluationJob): Promise<number[]>;
  close(): Promise<void>;
}

/** Evaluations played on this machine's threads. */
export function localEvaluator(threads: number): CandidateEvaluator {
  const pool = new TaskPool(threads);
  return { evaluate: (job) => playEvaluation(pool, job), close: () => pool.close() };
}
