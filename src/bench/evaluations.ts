import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import type { TaskRunner } from './task-runner.ts';

/** A tuner's evaluation of one candidate: its agent plays one research-protocol game (one piece) per seed. */
export interface EvaluationJob {
  /** Gridmind's results revision where it is asked: a game's result is only comparable within one (see version.ts). */
  readonly revision: number;
  readonly spec: AgentSpec;
  readonly width: number;
  readonly height: number;
  readonly seeds: readonly number[];
}

/** Plays an evaluation's games and returns lines per game, in seed order. */
export function playEvaluation(runner: TaskRunner, job: EvaluationJob): Promise<number[]> {
  return Promise.all(
    job.seeds.map(async (seed) => {
      const { result } = await runner.run({
        game: 'tetris',
        spec: job.spec,
        options: { rules: 'research', width: job.width, height: job.height, seed, preview: 0, maxPieces: null },
      });
      return result.lines;
    }),
  );
}
