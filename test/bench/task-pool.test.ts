import { afterAll, describe, expect, it } from 'vitest';
import { TaskPool } from '../../src/bench/task-runner.ts';
import type { TetrisGameTask } from '../../src/bench/tasks.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';

const THREADS = 2;
const pool = new TaskPool(THREADS);
afterAll(() => pool.close());

describe('the pool of threads', () => {
  it('starts tasks in the order they were given, so a run stopped early has ended a prefix of its seeds, give or take a game per thread', async () => {
    const spec = loadAgentSpec('tuned-10x10');
    // Games of uneven length (seeded, capped at a few hundred pieces), far more of them than threads.
    const tasks = Array.from({ length: 120 }, (_, g): TetrisGameTask => ({
      game: 'tetris',
      spec,
      options: { rules: 'research', width: 10, height: 10, seed: g + 1, preview: 0, maxPieces: 50 + ((g * 37) % 400) },
    }));
    const ended: number[] = [];
    await Promise.all(
      tasks.map(async (task) => {
        await pool.run(task);
        ended.push(task.options.seed);
      }),
    );
    // When k games have ended, at most THREADS more have started, and they started in seed order.
    const outOfOrder = ended.filter((seed, k) => seed > k + 1 + THREADS);
    expect(outOfOrder).toEqual([]);
    expect(ended.toSorted((a, b) => a - b)).toEqual(tasks.map((task) => task.options.seed));
  });
});
