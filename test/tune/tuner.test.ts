import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.ts';
import { createTuneRun, loadTunePlan, loadTuneRun } from '../../src/store/tune-runs.ts';
import { TaskPool, type TaskRunner } from '../../src/bench/task-runner.ts';
import { initialTuneState, runTuning, type TuneProgress } from '../../src/tune/tuner.ts';
import type { TuneConfig, TunePlan, TuneState } from '../../src/tune/tuning.ts';
import { tinyTuneConfig } from './tiny-config.ts';

/** Runs a whole tuning in a fresh database. */
async function tuneOnce(tuning: TuneConfig): Promise<TuneState> {
  const db = openDatabase(':memory:');
  const pool = new TaskPool(2);
  try {
    const state = initialTuneState(tuning);
    return await runTuning(db, createTuneRun(db, tuning, state), tuning, state, pool);
  } finally {
    await pool.close();
    db.close();
  }
}

/** A runner that plays `count` games on `real`, then fails every other one (a power cut). */
function failingAfter(count: number, real: TaskRunner): TaskRunner {
  let games = 0;
  return {
    run: (task) => (++games > count ? Promise.reject(new Error('power cut')) : real.run(task)),
    close: () => Promise.resolve(),
  };
}

describe('runTuning', () => {
  for (const method of ['ce', 'ga'] as const) {
    it(`plays a ${method} run to the end, deterministically, and validates the finalists`, async () => {
      const tuning = tinyTuneConfig(method, 11);
      const [first, second] = [await tuneOnce(tuning), await tuneOnce(tuning)];
      expect(first).toEqual(second);
      expect(first.phase).toBe('done');
      expect(first.history.map((entry) => entry.iteration)).toEqual([0, 1, 2]);
      const outcome = first.outcome!;
      expect(outcome.weights).toHaveLength(3);
      expect(outcome.validationLines).toHaveLength(4);
      expect(outcome.validationMean).toBe(outcome.validationLines.reduce((a, b) => a + b) / 4);
      expect(outcome.finalists).toBe(method === 'ce' ? 1 + 2 : 1);
      // A different seed draws other candidates.
      expect((await tuneOnce({ ...tuning, seed: 12 })).outcome!.weights).not.toEqual(outcome.weights);
    });
  }

  it('resumes an interrupted run from the store, replays no finished game and ends with the same weights', async () => {
    const tuning = tinyTuneConfig('ce', 11);
    const expected = await tuneOnce(tuning);

    const db = openDatabase(':memory:');
    const runId = createTuneRun(db, tuning, initialTuneState(tuning));
    const real = new TaskPool(2);
    // Candidates start their games in order, 2 each: 13 candidates' games are played.
    await expect(runTuning(db, runId, tuning, initialTuneState(tuning), failingAfter(13 * 2, real))).rejects.toThrow('power cut');
    const stored = loadTuneRun<TuneConfig, TuneState>(db, runId)!;
    expect(stored.status).toBe('running');
    expect(stored.state.iteration).toBe(1); // iteration 0 (8 candidates) finished, iteration 1 part-played

    let replayed = 0;
    const counting: TaskRunner = { run: (task) => (replayed++, real.run(task)), close: () => Promise.resolve() };
    const resumed = await runTuning(db, runId, tuning, stored.state, counting);
    await real.close();
    expect(resumed).toEqual(expected);
    expect(replayed).toBe(8 * 3 * 2 + 3 * 4 - 13 * 2); // every game of the run, less the 13 candidates' already stored
    expect(loadTuneRun(db, runId)!.status).toBe('done');
    db.close();
  });

  it('resumes from an interrupted validation', async () => {
    const tuning = tinyTuneConfig('ce', 11);
    const expected = await tuneOnce(tuning);
    const db = openDatabase(':memory:');
    const runId = createTuneRun(db, tuning, initialTuneState(tuning));
    const real = new TaskPool(2);
    // Every search game, then 2 of the first finalist's 4 validation games.
    await expect(runTuning(db, runId, tuning, initialTuneState(tuning), failingAfter(8 * 3 * 2 + 2, real))).rejects.toThrow('power cut');
    expect(loadTuneRun<TuneConfig, TuneState>(db, runId)!.state.phase).toBe('validation');
    const resumed = await runTuning(db, runId, tuning, loadTuneRun<TuneConfig, TuneState>(db, runId)!.state, real);
    await real.close();
    expect(resumed).toEqual(expected);
    db.close();
  });

  it("resumes from a crash after an iteration's results were stored but before it ended, without replaying them", async () => {
    const tuning = tinyTuneConfig('ga', 11);
    const db = openDatabase(':memory:');
    const runId = createTuneRun(db, tuning, initialTuneState(tuning));
    const pool = new TaskPool(2);
    let savedWithPlan: TuneState | null = null; // the state stored with iteration 2's plan
    const expected = await runTuning(db, runId, tuning, initialTuneState(tuning), pool, {
      onProgress: ({ iteration, evaluated }) => {
        if (iteration === 2 && evaluated === 0) savedWithPlan = loadTuneRun<TuneConfig, TuneState>(db, runId)!.state;
      },
    });
    expect(savedWithPlan!.iteration).toBe(2);
    // What a crash then leaves: iteration 2's plan and results, nothing of the validation after it.
    const validationSeeds = loadTunePlan<TunePlan>(db, runId, 3)!.seeds.map(String);
    db.prepare(`DELETE FROM task_results WHERE instance IN (${validationSeeds.map(() => '?').join(', ')})`).run(...validationSeeds);
    db.prepare('DELETE FROM tune_iterations WHERE run_id = ? AND iteration > 2').run(runId);
    db.prepare('DELETE FROM tune_evaluations WHERE run_id = ? AND iteration > 2').run(runId);
    let played = 0;
    const counting: TaskRunner = { run: (task) => (played++, pool.run(task)), close: () => Promise.resolve() };
    const resumed = await runTuning(db, runId, tuning, savedWithPlan!, counting);
    await pool.close();
    expect(resumed).toEqual(expected);
    expect(played).toBe(4); // only the validation games of the one GA finalist
    db.close();
  });

  it('keeps its games in the store of tasks and takes from it the games any run played before', async () => {
    const tuning = tinyTuneConfig('ce', 11);
    const db = openDatabase(':memory:');
    const pool = new TaskPool(2);
    let played = 0;
    const counting: TaskRunner = { run: (task) => (played++, pool.run(task)), close: () => Promise.resolve() };
    try {
      const first = await runTuning(db, createTuneRun(db, tuning, initialTuneState(tuning)), tuning, initialTuneState(tuning), counting);
      expect(played).toBe(8 * 3 * 2 + 3 * 4);
      // The same search with longer validation: a run of its own, whose search and first validation games are stored.
      const longer = { ...tuning, validationGames: 6 };
      played = 0;
      const progress: TuneProgress[] = [];
      const second = await runTuning(db, createTuneRun(db, longer, initialTuneState(longer)), longer, initialTuneState(longer), counting, {
        onProgress: (report) => progress.push(report),
      });
      expect(second.history).toEqual(first.history);
      expect(played).toBe(3 * 2); // the 2 validation games more of each of the 3 finalists
      expect(progress.at(-1)!.games).toEqual({ done: 8 * 3 * 2 + 3 * 6, stored: 8 * 3 * 2 + 3 * 4, total: 8 * 3 * 2 + 3 * 6 });
    } finally {
      await pool.close();
      db.close();
    }
  });
});
