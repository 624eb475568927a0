import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.ts';
import { createTuneRun, loadTuneRun } from '../../src/store/tune-runs.ts';
import { localEvaluator, type CandidateEvaluator } from '../../src/tune/evaluator.ts';
import { initialTuneState, runTuning } from '../../src/tune/tuner.ts';
import type { TuneConfig, TuneState } from '../../src/tune/tuning.ts';
import { tinyTuneConfig } from './tiny-config.ts';

/** Runs a whole tuning in a fresh database. */
async function tuneOnce(tuning: TuneConfig): Promise<TuneState> {
  const db = openDatabase(':memory:');
  const evaluator = localEvaluator(2);
  try {
    const state = initialTuneState(tuning);
    return await runTuning(db, createTuneRun(db, tuning, state), tuning, state, evaluator);
  } finally {
    await evaluator.close();
    db.close();
  }
}

/** An evaluator that plays `count` evaluations on `real`, then fails every other one (a power cut). */
function failingAfter(count: number, real: CandidateEvaluator): CandidateEvaluator {
  let evaluations = 0;
  return {
    evaluate: (job) => (++evaluations > count ? Promise.reject(new Error('power cut')) : real.evaluate(job)),
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
    const real = localEvaluator(2);
    await expect(runTuning(db, runId, tuning, initialTuneState(tuning), failingAfter(13, real))).rejects.toThrow('power cut');
    const stored = loadTuneRun<TuneConfig, TuneState>(db, runId)!;
    expect(stored.status).toBe('running');
    expect(stored.state.iteration).toBe(1); // iteration 0 (8 candidates) finished, iteration 1 part-played

    let replayed = 0;
    const counting: CandidateEvaluator = { evaluate: (job) => (replayed++, real.evaluate(job)), close: () => Promise.resolve() };
    const resumed = await runTuning(db, runId, tuning, stored.state, counting);
    await real.close();
    expect(resumed).toEqual(expected);
    expect(replayed).toBe(8 * 3 + 3 - 13); // every evaluation of the run, less the 13 already stored
    expect(loadTuneRun(db, runId)!.status).toBe('done');
    db.close();
  });

  it('resumes from an interrupted validation', async () => {
    const tuning = tinyTuneConfig('ce', 11);
    const expected = await tuneOnce(tuning);
    const db = openDatabase(':memory:');
    const runId = createTuneRun(db, tuning, initialTuneState(tuning));
    const real = localEvaluator(2);
    await expect(runTuning(db, runId, tuning, initialTuneState(tuning), failingAfter(8 * 3 + 1, real))).rejects.toThrow('power cut');
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
    const evaluator = localEvaluator(2);
    let savedWithPlan: TuneState | null = null; // the state stored with iteration 2's plan
    const expected = await runTuning(db, runId, tuning, initialTuneState(tuning), evaluator, {
      onProgress: ({ iteration, evaluated }) => {
        if (iteration === 2 && evaluated === 0) savedWithPlan = loadTuneRun<TuneConfig, TuneState>(db, runId)!.state;
      },
    });
    expect(savedWithPlan!.iteration).toBe(2);
    // What a crash then leaves: iteration 2's plan and results, nothing of the validation after it.
    db.prepare('DELETE FROM tune_iterations WHERE run_id = ? AND iteration > 2').run(runId);
    db.prepare('DELETE FROM tune_evaluations WHERE run_id = ? AND iteration > 2').run(runId);
    let played = 0;
    const counting: CandidateEvaluator = { evaluate: (job) => (played++, evaluator.evaluate(job)), close: () => Promise.resolve() };
    const resumed = await runTuning(db, runId, tuning, savedWithPlan!, counting);
    await evaluator.close();
    expect(resumed).toEqual(expected);
    expect(played).toBe(1); // only the validation of the one GA finalist
    db.close();
  });
});
