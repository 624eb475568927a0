import { Piscina } from 'piscina';
import type { AgentSpec } from '../tetris-ai/agent-spec.ts';
import type { PlayOptions } from '../tetris-ai/play.ts';
import type { GameRecord, GameTask } from './game-worker.ts';

/** Worker threads that play whole Tetris games, one game per task; benchmarks and the tuner share it. */
export class GamePool {
  private readonly pool: Piscina<GameTask, GameRecord>;

  constructor(threads: number) {
    this.pool = new Piscina<GameTask, GameRecord>({
      filename: new URL('./game-worker.mjs', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
    });
  }

  play(spec: AgentSpec, options: PlayOptions): Promise<GameRecord> {
    return this.pool.run({ spec, options });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
