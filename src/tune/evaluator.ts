import { GamePool } from '../bench/game-pool.ts';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';

/** One candidate's evaluation: its agent plays one research-protocol game (one piece) per seed. */
export interface EvaluationJob {
  /** Gridmind's results revision where it is asked: a game's result is only comparable within one (see version.ts). */
  readonly revision: number;
  readonly spec: AgentSpec;
  readonly width: number;
  readonly height: number;
  readonly seeds: readonly number[];
}

/** Plays evaluations somewhere (threads here, or workers behind a queue) and returns lines per game, in seed order. */
export interface CandidateEvaluator {
  evaluate(job: EvaluationJob): Promise<number[]>;
  close(): Promise<void>;
}

/** Plays an evaluation's games on a pool of game threads. */
export function playEvaluation(pool: GamePool, job: EvaluationJob): Promise<number[]> {
  return Promise.all(
    job.seeds.map(async (seed) => {
      const record = await pool.play(job.spec, {
        rules: 'research',
        width: job.width,
        height: job.height,
        seed,
        preview: 0,
        maxPieces: null,
      });
      return record.lines;
    }),
  );
}

/** Evaluations played on this machine's threads. */
export function localEvaluator(threads: number): CandidateEvaluator {
  const pool = new GamePool(threads);
  return { evaluate: (job) => playEvaluation(pool, job), close: () => pool.close() };
}
