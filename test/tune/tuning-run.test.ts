import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.ts';
import { claimTuneRun, releaseTuneRun } from '../../src/store/tune-runs.ts';
import { claimTuningRun, playTuningRun } from '../../src/tune/tuning-run.ts';
import type { TuneConfig } from '../../src/tune/tuning.ts';

const config: TuneConfig = {
  method: 'ce',
  features: ['holes', 'landingHeight'],
  width: 6,
  height: 8,
  population: 6,
  gamesPerEval: 2,
  iterations: 2,
  noise: 'constant',
  eliteFraction: 0.5,
  seed: 5,
  validationGames: 2,
  start: null,
  initialDeviation: 10,
};
const place = { workers: 2, log: () => {} };
const notTakenOver = () => {
  throw new Error('taken over');
};

describe("a tuning run's life", () => {
  it('finds, claims, plays, finishes and finds again a run, one process at a time', async () => {
    const db = openDatabase(':memory:');
    const first = claimTuningRun(db, { config }, 'mine.json', notTakenOver);
    expect(first.created).toBe(true);
    expect(first.out).toBe('mine.json');
    first.release();
    first.release(); // letting go twice is harmless
    // While another live process holds it (here: this one's parent), the run cannot be claimed, by its settings or its id.
    claimTuneRun(db, first.run.id, { host: hostname(), pid: process.ppid }, () => false);
    expect(() => claimTuningRun(db, { config }, undefined, notTakenOver)).toThrow(
      `run 1 is being played by process ${process.ppid} on this machine`,
    );
    expect(() => claimTuningRun(db, { id: first.run.id }, undefined, notTakenOver)).toThrow(/is being played/);
    releaseTuneRun(db, first.run.id, { host: hostname(), pid: process.ppid });

    const again = claimTuningRun(db, { id: first.run.id }, undefined, notTakenOver);
    expect(again).toMatchObject({ created: false, out: resolve('mine.json') }); // where the run was last told to write
    expect(again.run.status).not.toBe('done');
    const finished = await playTuningRun(db, again.run, place, {});
    again.release();
    expect(finished.status).toBe('done');
    expect(finished.state.history).toHaveLength(config.iterations);

    const done = claimTuningRun(db, { config }, undefined, notTakenOver);
    expect(done).toMatchObject({ created: false, run: { id: first.run.id, status: 'done' } });
    expect(() => claimTuningRun(db, { config }, undefined, notTakenOver)).not.toThrow(); // a run done is not held
    expect(claimTuningRun(db, { config: { ...config, seed: 6 } }, undefined, notTakenOver)).toMatchObject({
      created: true,
      out: 'tuned-run-2.json',
    });
    expect(() => claimTuningRun(db, { id: 9 }, undefined, notTakenOver)).toThrow(
      'there is no tuning run 9: `gridmind tune-runs` lists them',
    );
    db.close();
  });
});
