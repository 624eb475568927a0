/** Worker-thread task of the benchmark pool: plays one game and reports its result. */
import { threadId } from 'node:worker_threads';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import { playGame, type PlayOptions } from '../tetris-ai/play.ts';

export interface GameTask {
  readonly spec: AgentSpec;
  readonly options: PlayOptions;
}

export interface GameRecord {
  readonly lines: number;
  readonly pieces: number;
  /** Milliseconds of play, agent set-up excluded. */
  readonly ms: number;
  /** The worker thread that played it. */
  readonly thread: number;
}

export default function playTask({ spec, options }: GameTask): GameRecord {
  const { lines, pieces, ms } = playGame(spec, options);
  return { lines, pieces, ms, thread: threadId };
}
