import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storedOrDone } from '../../src/bench/stored-tasks.ts';
import { sqliteTaskStore, type TaskStore } from '../../src/bench/task-store.ts';
import { TaskPool, type TaskRunner } from '../../src/bench/task-runner.ts';
import { CHECKPOINT_EVERY_MS, runTask, type TaskKeeping, type TetrisGameTask } from '../../src/bench/tasks.ts';
import { openDatabase } from '../../src/store/database.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import type { ResearchCheckpoint } from '../../src/tetris-ai/play.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-checkpoints-'));
const pools: TaskPool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

function pool(): TaskPool {
  const made = new TaskPool(1);
  pools.push(made);
  return made;
}

/** A long game: two pieces seen, 30,000 pieces at most (about 1.5 s of play). */
const tuned = loadAgentSpec('tuned-10x10');
const task: TetrisGameTask = {
  game: 'tetris',
  spec: { ...tuned, policy: { ...tuned.policy, lookahead: 1 } },
  options: { rules: 'research', width: 10, height: 10, seed: 5, preview: 1, maxPieces: 30_000 },
};

/** The runner's runs, with the checkpoint each started from. */
function watched(runner: TaskRunner): { runner: TaskRunner; starts: (ResearchCheckpoint | undefined)[] } {
  const starts: (ResearchCheckpoint | undefined)[] = [];
  return {
    starts,
    runner: {
      run: (run, keeping?: TaskKeeping) => {
        starts.push(keeping?.from);
        return runner.run(run, keeping);
      },
      close: () => runner.close(),
    },
  };
}

describe('games kept in play', () => {
  it('are kept every 30 s of play, as bench --help and docs/reproducing.md say', () => {
    expect(CHECKPOINT_EVERY_MS).toBe(30_000);
  });

  it('go on after the threads playing them are stopped, from their last checkpoint in the database, to the same end', async () => {
    const whole = (await runTask(task)).result;
    expect(whole.pieces).toBe(30_000);

    const path = join(dir, 'interrupted.db');
    const db = openDatabase(path);
    const store = sqliteTaskStore(db, true);
    // The threads stop as the game's third checkpoint is kept, as a killed program's would.
    const first = pool();
    let kept = 0;
    const stopping: TaskStore = {
      ...store,
      saveCheckpoint: (played, checkpoint) => {
        store.saveCheckpoint!(played, checkpoint);
        if (++kept === 3) void first.close();
      },
    };
    await expect(storedOrDone(task, first, stopping, undefined, 0)).rejects.toThrow();
    db.close();

    const reopened = openDatabase(path);
    const resumedStore = sqliteTaskStore(reopened, true);
    const from = resumedStore.findCheckpoint!(task);
    expect(from?.pieces).toBeGreaterThanOrEqual(3 * 1024);
    expect(from!.pieces).toBeLessThan(30_000);
    const second = watched(pool());
    // The thread plays on from the checkpoint: its first new one is the next 1,024-piece mark, not the first.
    const resumedCheckpoints: number[] = [];
    const watchingStore: TaskStore = {
      ...resumedStore,
      saveCheckpoint: (played, checkpoint) => {
        resumedCheckpoints.push(checkpoint.pieces);
        resumedStore.saveCheckpoint!(played, checkpoint);
      },
    };
    const done = await storedOrDone(task, second.runner, watchingStore, undefined, 0);
    expect(second.starts).toEqual([from]);
    expect(resumedCheckpoints[0]).toBe(from!.pieces + 1024);
    expect([done!.result.lines, done!.result.pieces]).toEqual([whole.lines, whole.pieces]);
    // The game's result is stored and its checkpoint gone: a third run takes the result.
    expect(resumedStore.findCheckpoint!(task)).toBeUndefined();
    expect(resumedStore.find(task)).toEqual(done!.result);
    reopened.close();
  });

  it('start again without --resume (a store that does not reuse), and are kept only by a store that keeps checkpoints', async () => {
    const db = openDatabase(join(dir, 'fresh.db'));
    const checkpoint: ResearchCheckpoint = { pieces: 2048, lines: 800, ms: 10, rows: Array(14).fill(0), prng: [1, 2, 3, 4], queue: [0, 1] };
    sqliteTaskStore(db, true).saveCheckpoint!(task, checkpoint);
    expect(sqliteTaskStore(db, true).findCheckpoint!(task)).toEqual(checkpoint);
    expect(sqliteTaskStore(db, false).findCheckpoint!(task)).toBeUndefined();
    const fresh = watched(pool());
    await storedOrDone(task, fresh.runner, sqliteTaskStore(db, false));
    expect(fresh.starts).toEqual([undefined]);
    db.close();
  });
});
