import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputError, RunFailure } from '../../src/core/errors.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { claimTuneRun, listTuneRuns, loadTuneEvaluations, loadTuneRun, releaseTuneRun } from '../../src/store/tune-runs.ts';
import { claimTuningRun, playTuningRun, tuneToEnd, type TuningProgress, type TuningRequest } from '../../src/tune/tuning-run.ts';
import type { IterationSummary, TuneConfig, TuneState } from '../../src/tune/tuning.ts';

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

describe('tuneToEnd', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gridmind-tuning-run-'));
  const here = { workers: 2 };
  const storedRun = (db: Db, id: number) => loadTuneRun<TuneConfig, TuneState>(db, id)!;
  const agentFile = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

  it('makes a run, tells its progress, writes its agent, lets it go; the same request then finds it done', async () => {
    const db = openDatabase(join(dir, 'whole.db'));
    const out = join(dir, 'whole.json');
    const started = vi.fn();
    const ended: IterationSummary[] = [];
    const progress: TuningProgress[] = [];
    const listener = { started, progress: (p: TuningProgress) => progress.push(p), iterationEnded: (s: IterationSummary) => ended.push(s) };
    const { run, out: written } = await tuneToEnd(db, { choice: { config }, out, place: here }, listener);
    expect(started).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: run.id, status: 'running' }), true, out);
    expect(written).toBe(out);
    expect(run.status).toBe('done');
    expect(storedRun(db, run.id).holder).toBeNull();
    expect(ended).toEqual(run.state.history);
    // Each progress report carries the iteration ended last, and a time left once a candidate was played here.
    expect(progress[0]).toMatchObject({ phase: 'search', iteration: 0, evaluated: 0, latest: undefined, secondsLeft: null });
    expect(progress.find((p) => p.iteration === 1)!.latest).toEqual(run.state.history[0]);
    expect(progress.find((p) => p.phase === 'validation')!.latest).toEqual(run.state.history[1]);
    expect(progress.at(-1)).toMatchObject({ phase: 'validation', evaluated: run.state.outcome!.finalists });
    expect(progress.filter((p) => p.evaluated > 0).every((p) => p.secondsLeft !== null && p.secondsLeft >= 0)).toBe(true);
    const agent = agentFile(out);
    expect(agent).toMatchObject({ name: 'whole', sense: 'maximize', features: config.features, policy: { lookahead: 0 } });
    expect(Object.values(agent.weights)).toEqual(run.state.outcome!.weights);
    expect(agent.description).toMatch(/^2 features weighed by the .* on 6x8, one piece: [\d.]+ ± [\d.]+ lines over 2 validation games$/);

    // Asked again, the run done is found, not played, and its agent written again (here where the run was last told).
    rmSync(out);
    const again = await tuneToEnd(db, { choice: { config }, place: here }, { started, progress: () => expect.fail('played again') });
    expect(started).toHaveBeenLastCalledWith(expect.objectContaining({ id: run.id, status: 'done' }), false, out);
    expect(again).toEqual({ run: storedRun(db, run.id), out });
    expect(again.run.state).toEqual(run.state);
    expect(agentFile(out)).toEqual(agent);
    db.close();
  });

  it('stores nothing more once aborted, lets the run go at once, and resumes it to the weights of a run never stopped', async () => {
    const reference = openDatabase(join(dir, 'reference.db'));
    const expected = (await tuneToEnd(reference, { choice: { config }, out: join(dir, 'reference.json'), place: here })).run;
    reference.close();

    const db = openDatabase(join(dir, 'aborted.db'));
    const out = join(dir, 'aborted.json');
    const interrupt = new AbortController();
    let id = 0;
    let heldAtAbort: unknown;
    const stopping = tuneToEnd(
      db,
      { choice: { config }, out, place: here },
      {
        started: (run) => (id = run.id),
        progress: (p) => {
          if (p.iteration === 1 && p.evaluated === 3 && !interrupt.signal.aborted) {
            interrupt.abort();
            heldAtAbort = storedRun(db, id).holder;
          }
        },
      },
      interrupt.signal,
    );
    await expect(stopping).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    expect(heldAtAbort).toBeNull(); // let go in the abort itself, before the games in hand ended
    expect(loadTuneEvaluations(db, id, 1).size).toBe(3); // the candidates whose games ended after the abort are not stored
    expect(storedRun(db, id)).toMatchObject({ status: 'running', state: { iteration: 1 } });
    expect(existsSync(out)).toBe(false);

    const resumed: TuningProgress[] = [];
    const started = vi.fn();
    const { run } = await tuneToEnd(db, { choice: { id }, place: here }, { started, progress: (p) => resumed.push(p) });
    expect(started).toHaveBeenCalledWith(expect.objectContaining({ id }), false, out);
    expect(resumed[0]).toMatchObject({ iteration: 1, evaluated: 3, evaluatedBefore: 3, latest: expected.state.history[0] });
    expect(run.state.outcome).toEqual(expected.state.outcome);
    expect(run.state.history).toEqual(expected.state.history);
    expect(agentFile(out).weights).toEqual(agentFile(join(dir, 'reference.json')).weights);
    await expect(tuneToEnd(db, { choice: { id }, place: here }, {}, AbortSignal.abort())).rejects.toThrow(
      expect.objectContaining({ name: 'AbortError' }),
    );
    db.close();
  });

  it('stops, storing nothing more, when another process takes the run over', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }); // the holder's heartbeat
    const db = openDatabase(join(dir, 'taken.db'));
    try {
      const takenOver = vi.fn();
      let id = 0;
      const playing = tuneToEnd(
        db,
        { choice: { config }, out: join(dir, 'taken.json'), place: here },
        {
          started: (run) => (id = run.id),
          takenOver,
          progress: (p) => {
            if (p.iteration !== 0 || p.evaluated !== 2 || takenOver.mock.calls.length > 0) return;
            claimTuneRun(db, id, { host: 'elsewhere', pid: 7 }, () => false); // as after a minute of silence here
            vi.advanceTimersByTime(15_000);
          },
        },
      );
      const message = `run 1 was taken over by process 7 on elsewhere while this one was silent for a minute: it stops here`;
      await expect(playing).rejects.toThrow(new RunFailure(message));
      expect(takenOver).toHaveBeenCalledExactlyOnceWith(new RunFailure(message));
      expect(loadTuneEvaluations(db, id, 0).size).toBe(2);
      expect(storedRun(db, id).holder).toMatchObject({ host: 'elsewhere', pid: 7 }); // the run stays with its new holder
    } finally {
      db.close();
      vi.useRealTimers();
    }
  });

  it('refuses a request it cannot meet before any game, and says how to resume a run stopped by anything else', async () => {
    const db = openDatabase(join(dir, 'refused.db'));
    const refused = (request: Partial<TuningRequest>) => tuneToEnd(db, { choice: { config }, place: here, ...request });
    await expect(refused({ out: dir })).rejects.toThrow(
      new InputError(`--out ${dir} is a folder: give a file name, such as ${join(dir, 'tuned.json')}`),
    );
    expect(listTuneRuns(db, 10)).toEqual([]); // no run made for a result that cannot be written
    await expect(refused({ choice: { id: 4 } })).rejects.toThrow(
      new InputError('there is no tuning run 4: `gridmind tune-runs` lists them'),
    );

    const queue = 'redis://:sesame@127.0.0.1:1';
    const failing = tuneToEnd(
      db,
      { choice: { config }, place: { queue, workers: 1 } },
      {
        started: () => {
          throw new Error('the terminal went away');
        },
      },
    );
    await expect(failing).rejects.toThrow(
      new RunFailure(
        'the terminal went away; run 1 is stored; resume it with `gridmind tune --resume 1 --queue redis://:PASSWORD@127.0.0.1:1`',
      ),
    );
    expect(storedRun(db, 1).holder).toBeNull();

    claimTuneRun(db, 1, { host: hostname(), pid: process.ppid }, () => false); // another live process plays it
    const rival = refused({ choice: { id: 1 } });
    await expect(rival).rejects.toThrow(InputError);
    await expect(rival).rejects.toThrow(`run 1 is being played by process ${process.ppid} on this machine: let it finish`);
    db.close();
  });
});
