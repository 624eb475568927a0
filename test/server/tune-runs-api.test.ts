import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { claimTuneRun, createTuneRun, loadTuneEvaluations, loadTuneRun, releaseTuneRun } from '../../src/store/tune-runs.ts';
import type { CrossEntropyState } from '../../src/tune/cross-entropy.ts';
import { TaskPool, type TaskRunner } from '../../src/bench/task-runner.ts';
import type { GeneticState } from '../../src/tune/genetic.ts';
import { initialTuneState, runTuning } from '../../src/tune/tuner.ts';
import type { TuneConfig, TuneState } from '../../src/tune/tuning.ts';
import { tinyTuneConfig } from '../tune/tiny-config.ts';

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('the tuning runs API', () => {
  let db: Db;
  let server: RunningServer;
  const pool = new TaskPool(2);
  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, body: await response.json() };
  };
  /** Each run's method state after each of its search iterations, as the tuner had it. */
  const methodStates = new Map<number, unknown[]>();

  /** Plays a run of `tuning` on `playing` to its end (or its failure) and keeps its states. */
  const play = async (tuning: TuneConfig, playing: TaskRunner = pool) => {
    const id = createTuneRun(db, tuning, initialTuneState(tuning));
    const states: unknown[] = [];
    methodStates.set(id, states);
    await runTuning(db, id, tuning, initialTuneState(tuning), playing, {
      onIteration: (state) => state.phase !== 'done' && states.push(state.method),
    }).catch(() => {});
    return id;
  };

  beforeAll(async () => {
    db = openDatabase(join(mkdtempSync(join(tmpdir(), 'gridmind-tune-api-')), 'api.db'));
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST });
    await play(tinyTuneConfig('ce', 1));
    await play(tinyTuneConfig('ga', 2));
    // Interrupted in its second iteration: 8 candidates of the first and 2 of the second played, 2 games each.
    let games = 0;
    await play(tinyTuneConfig('ce', 3), {
      run: (task) => (++games > 10 * 2 ? Promise.reject(new Error('power cut')) : pool.run(task)),
      close: () => Promise.resolve(),
    });
  });
  afterAll(async () => {
    await pool.close();
    await server.close();
    db.close();
  });

  it('lists every run, newest first, with its status, iterations done and best score', async () => {
    const { status, body } = await get('/api/tune-runs');
    expect(status).toBe(200);
    expect(
      body.runs.map(({ id, status, method, iterationsDone }: Record<string, unknown>) => [id, status, method, iterationsDone]),
    ).toEqual([
      [3, 'interrupted', 'ce', 1],
      [2, 'finished', 'ga', 3],
      [1, 'finished', 'ce', 3],
    ]);
    const stored = loadTuneRun<TuneConfig, TuneState>(db, 1)!;
    expect(body.runs[2]).toEqual({
      id: 1,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
      status: 'finished',
      method: 'ce',
      features: ['holes', 'landingHeight', 'rowTransitions'],
      board: '6x8',
      iterations: 3,
      iterationsDone: 3,
      best: Math.max(...stored.state.history.map((summary) => summary.best)),
      validationMean: stored.state.outcome!.validationMean,
      seconds: stored.seconds,
    });
    expect(body.runs[0]).toMatchObject({ best: loadTuneRun<TuneConfig, TuneState>(db, 3)!.state.history[0].best, validationMean: null });
    expect((await get('/api/tune-runs?limit=1')).body.runs.map((run: { id: number }) => run.id)).toEqual([3]);
  });

  it.each([
    ['ce', 1],
    ['ga', 2],
  ])('gives a finished %s run whole: settings, command, each iteration as the tuner played it, the validation', async (method, id) => {
    const { status, body } = await get(`/api/tune-runs/${id}`);
    expect(status).toBe(200);
    const { run } = body;
    const stored = loadTuneRun<TuneConfig, TuneState>(db, id)!;
    expect(run).toMatchObject({ id, status: 'finished', config: stored.config, playedBy: null, current: null });
    expect(run.command).toBe(
      `gridmind tune --features holes,landingHeight,rowTransitions --method ${method} --board 6x8 --population 8 --games-per-eval 2 ` +
        `--iterations 3${method === 'ce' ? ' --noise constant --elite 0.25' : ''} --validation-games 4 --initial-sd 10 --seed ${id}`,
    );
    // Best and mean as the tuner summed them up; the elite's mean from the stored lines (2 of 8 for
    // the cross-entropy method's 0.25, the best tenth, 1, for the genetic algorithm).
    const eliteSize = method === 'ce' ? 2 : 1;
    expect(run.history).toHaveLength(3);
    run.history.forEach((point: { iteration: number; eliteMean: number }, iteration: number) => {
      const scores = [...loadTuneEvaluations(db, id, iteration).values()].map(mean).sort((a, b) => b - a);
      expect(point).toMatchObject({ ...stored.state.history[iteration], eliteMean: mean(scores.slice(0, eliteSize)) });
    });
    // The weights: the mean of the search distribution the tuner held after each iteration.
    const distributionMeans = methodStates
      .get(id)!
      .map((state) =>
        method === 'ce'
          ? (state as CrossEntropyState).mean
          : [0, 1, 2].map((d) => mean((state as GeneticState).population.map((individual) => individual[d]))),
      );
    expect(run.history.map((point: { weights: number[] }) => point.weights)).toEqual(distributionMeans);
    const outcome = stored.state.outcome!;
    expect(run.validation).toEqual({
      mean: outcome.validationMean,
      stderr: outcome.validationStderr,
      games: 4,
      finalists: method === 'ce' ? 3 : 1,
      weights: { holes: outcome.weights[0], landingHeight: outcome.weights[1], rowTransitions: outcome.weights[2] },
    });
  });

  it('tells an interrupted run from one a process plays, and where it stands', async () => {
    const { body } = await get('/api/tune-runs/3');
    expect(body.run).toMatchObject({ status: 'interrupted', iterationsDone: 1, playedBy: null, validation: null });
    expect(body.run.history).toHaveLength(1);
    expect(body.run.current).toEqual({ phase: 'search', iteration: 1, evaluated: 2, candidates: 8 });

    const me = { host: hostname(), pid: process.pid };
    claimTuneRun(db, 3, me, () => false);
    const played = (await get('/api/tune-runs/3')).body.run;
    expect(played).toMatchObject({ status: 'running', playedBy: me });
    expect((await get('/api/tune-runs')).body.runs[0].status).toBe('running');
    releaseTuneRun(db, 3, me);
    expect((await get('/api/tune-runs/3')).body.run.status).toBe('interrupted');
  });

  it('refuses a bad run id with 400 and an unknown one with 404, each with one message', async () => {
    const badId = { status: 400, body: { error: 'a tuning run id is a whole number of at least 1 (GET /api/tune-runs lists them)' } };
    for (const id of ['abc', '0', '-1', '1.5', '01', '', '%31', '1234567890123456'])
      expect(await get(`/api/tune-runs/${id}`)).toEqual(badId);
    expect(await get('/api/tune-runs/99')).toEqual({ status: 404, body: { error: 'no tuning run 99 (GET /api/tune-runs lists them)' } });
    expect((await get('/api/tune-runs/1/iterations')).status).toBe(404);
    for (const path of ['/api/tune-runs', '/api/tune-runs/1']) {
      expect((await fetch(`${server.url}${path}`, { method: 'POST', body: '{}' })).status).toBe(405);
    }
  });
});
