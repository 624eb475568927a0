import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueRunner } from '../../src/bench/queue-runner.ts';
import { JOB_QUEUE, type TaskJob } from '../../src/bench/redis-queue.ts';
import { TaskPool } from '../../src/bench/task-runner.ts';
import type { TetrisGameTask } from '../../src/bench/tasks.ts';
import { GAME_RESULTS_REVISION, SOLVE_RESULTS_REVISION } from '../../src/core/version.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { leave, startRedis, startWorker, stop } from './queue-harness.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-queue-'));
/** A game of bcts on a board of `width` × `height`, ended after `maxPieces`. */
const bctsGame = (width: number, height: number, seed: number, maxPieces: number | null = null): TetrisGameTask => ({
  game: 'tetris',
  spec: loadAgentSpec('bcts'),
  options: { rules: 'research', width, height, seed, preview: 0, maxPieces },
});
/** The games a run of `tuning` plays: 3 iterations of 16 candidates, then 1 mean and 4 elite finalists; 3 games each, 30 in validation. */
const runGames = 16 * 3 * 3 + 5 * 30;
const tuning = [
  'tune',
  '--features',
  'landingHeight,erodedPieceCells,rowTransitions,columnTransitions,holes,cumulativeWells',
  '--board',
  '6x10',
  '--population',
  '16',
  '--games-per-eval',
  '3',
  '--iterations',
  '3',
  '--elite',
  '0.25',
  '--seed',
  '21',
  '--json',
];

describe('tuning through a BullMQ queue on Redis', () => {
  let redis: ChildProcess | undefined;
  let workers: ChildProcess[] = [];
  let url = '';

  beforeAll(async () => {
    ({ server: redis, url } = await startRedis(dir));
  });

  afterAll(async () => {
    await Promise.all(workers.map(stop));
    await stop(redis);
  });

  it('ends with the same weights on two worker processes as in one process with the same seed', async () => {
    const single = await runCli([...tuning, '--workers', '2', '--out', join(dir, 'single.json')], { GRIDMIND_DB: join(dir, 'single.db') });
    expect(single.code).toBe(0);

    workers = await Promise.all([1, 2].map(() => startWorker(url)));
    const queued = await runCli([...tuning, '--queue', url, '--out', join(dir, 'queued.json')], { GRIDMIND_DB: join(dir, 'queued.db') });
    expect(queued.stderr).toContain(`tasks go to ${url}`);
    expect(queued.code).toBe(0);

    const [expected, actual] = [JSON.parse(single.stdout), JSON.parse(queued.stdout)];
    expect(actual.weights).toEqual(expected.weights);
    expect(actual.history).toEqual(expected.history);
    expect(actual.validationMean).toBe(expected.validationMean);

    // Both workers took part, and leave cleanly with a count of what they played.
    const reports = await Promise.all(workers.map(leave));
    const played = reports.map((report) => Number(/worker left: (\d+) games?/.exec(report)?.[1]));
    expect(played.every((count) => count > 0)).toBe(true);
    expect(played[0] + played[1]).toBe(runGames);
  });

  // Goes on from the first test: its results are kept in Redis, and its single-process weights are in single.json.
  it('reuses the results Redis keeps, and a run whose evaluations are cleared stops and can be resumed', async () => {
    const status = async () => {
      const result = await runCli(['queue', 'status', '--queue', url, '--json']);
      expect(result.code).toBe(0);
      return JSON.parse(result.stdout) as { waiting: number; active: number; completed: number; workers: number };
    };
    const kept = runGames;
    await expect.poll(async () => (await status()).workers, { timeout: 10_000 }).toBe(0); // Redis drops the closed workers' connections
    expect(await status()).toEqual({ queue: url, waiting: 0, active: 0, completed: kept, workers: 0 });

    // The same run again, with no worker listening: every result is already kept, so it ends alike.
    const again = await runCli([...tuning, '--queue', url, '--workers', '3', '--out', join(dir, 'again.json')], {
      GRIDMIND_DB: join(dir, 'again.db'),
    });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('--workers is ignored with --queue: each `gridmind worker` takes its own --workers');
    expect(JSON.parse(again.stdout).weights).toEqual(JSON.parse(readFileSync(join(dir, 'single.json'), 'utf8')).weights);

    // Another seed, still no worker: the 16 × 3 games of its first iteration wait until they are cleared.
    const other = runCli([...tuning, '--seed', '22', '--queue', url], { GRIDMIND_DB: join(dir, 'cleared.db') });
    await expect.poll(async () => (await status()).waiting, { timeout: 20_000 }).toBe(48);
    const cleared = await runCli(['queue', 'clear', '--queue', url, '--json']);
    expect(cleared.code).toBe(0);
    expect(JSON.parse(cleared.stdout)).toEqual({ queue: url, removed: 48 });
    expect(await status()).toEqual({ queue: url, waiting: 0, active: 0, completed: kept, workers: 0 });
    const stopped = await other;
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(
      /task task-[0-9a-f]{64} is no longer in the queue: it failed on a worker \(see the worker's log\), was removed by `gridmind queue clear`, or Redis lost its data; run 1 is stored; resume it with `gridmind tune --resume 1 --queue redis:\/\/127\.0\.0\.1:\d+`/,
    );

    expect((await runCli(['queue', 'status', '--queue', url])).stdout).toMatch(/^ {2}waiting +0$/m);
  });

  it('refuses, without retrying, a job from another results revision or of an older kind, and says why', async () => {
    const worker = await startWorker(url);
    workers.push(worker);
    let log = '';
    worker.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));

    const queue = new Queue(JOB_QUEUE, { connection: { host: '127.0.0.1', port: Number(new URL(url).port) } });
    try {
      // An older Gridmind's tuner sent a candidate's games as one `evaluate` job.
      const evaluation = await queue.add(
        'evaluate',
        { revision: GAME_RESULTS_REVISION, spec: loadAgentSpec('bcts'), seeds: [1] },
        { attempts: 3 },
      );
      await expect.poll(() => queue.getJobState(evaluation.id!), { timeout: 20_000 }).toBe('failed');
      expect((await queue.getJob(evaluation.id!))?.failedReason).toBe(
        'the job is an "evaluate", which only an older Gridmind sends (its tuner\'s evaluations): run the same Gridmind on both',
      );

      const other = GAME_RESULTS_REVISION + 1;
      const task: TaskJob = { revision: other, solveRevision: SOLVE_RESULTS_REVISION, task: bctsGame(6, 10, 1) };
      const job = await queue.add('task', task, { attempts: 3 });
      // The job's state is looked at, not waited for with QueueEvents, whose first events can be missed.
      await expect.poll(() => queue.getJobState(job.id!), { timeout: 20_000 }).toBe('failed');
      const failed = await queue.getJob(job.id!);
      const refusal = `games are of results revision ${other} and this worker's are of revision ${GAME_RESULTS_REVISION}: run the same Gridmind on both`;
      expect(failed?.failedReason).toContain(refusal);
      expect(failed?.attemptsMade).toBe(1);
      await expect.poll(() => log, { timeout: 10_000 }).toContain(`job ${job.id} failed: the job comes from a Gridmind whose ${refusal}`);
    } finally {
      await queue.close();
    }
  });

  // Goes on from the last test: its worker still listens, on database 0.
  it("counts only the workers of the address's database, and refuses a database Redis lacks", async () => {
    const workersAt = async (address: string) =>
      JSON.parse((await runCli(['queue', 'status', '--queue', address, '--json'])).stdout).workers;
    expect(await workersAt(url)).toBe(1);
    expect(await workersAt(`${url}/3`)).toBe(0);
    const missing = await runCli(['queue', 'status', '--queue', `${url}/99`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`Redis at ${url}/99 has no database 99 (ERR DB index is out of range)`);
  });

  // Goes on from the revision test: its worker still listens.
  it('waits once for tasks of the same content, and each gets the game played here', async () => {
    const runner = await queueRunner(url, () => {});
    try {
      const task = bctsGame(6, 10, 3);
      const [first, second] = await Promise.all([runner.run(task), runner.run(task)]);
      const local = new TaskPool(1);
      try {
        const { lines, pieces } = (await local.run(task)).result;
        expect(first.result).toMatchObject({ lines, pieces });
      } finally {
        await local.close();
      }
      expect(second).toEqual(first);
    } finally {
      await runner.close();
    }
  });

  it('lets an interrupted worker finish the game in hand and send its result before it leaves', async () => {
    await Promise.all(workers.map(stop));
    const worker = await startWorker(url);
    workers = [worker];
    let log = '';
    worker.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.on('exit', resolve));

    const queue = new Queue(JOB_QUEUE, { connection: { host: '127.0.0.1', port: Number(new URL(url).port) } });
    const runner = await queueRunner(url, () => {});
    try {
      const task = bctsGame(10, 16, 100, 300_000); // a game of some seconds
      const played = runner.run(task);
      await expect.poll(() => queue.getActiveCount(), { timeout: 20_000, interval: 20 }).toBe(1);
      worker.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(log).toContain('leaving after the task in hand');
      expect(log).toMatch(/worker left: 1 game done/);
      const local = new TaskPool(1);
      try {
        const { lines, pieces } = (await local.run(task)).result;
        expect((await played).result).toMatchObject({ lines, pieces });
      } finally {
        await local.close();
      }
    } finally {
      await runner.close();
      await queue.close();
    }
  });

  it('explains a missing or wrong password, and never prints one', async () => {
    const { server: locked, port } = await startRedis(dir, ['--requirepass', 'sesame']);
    try {
      for (const address of [`redis://127.0.0.1:${port}`, `redis://:opensesame@127.0.0.1:${port}`]) {
        const refused = await runCli(['queue', 'status', '--queue', address]);
        expect(refused.code).toBe(2);
        expect(refused.stderr).toMatch(
          /Redis at redis:\/\/(:\*\*\*@)?127\.0\.0\.1:\d+ refused the login \(.*\): give its password in the address, redis:\/\/:PASSWORD@HOST:PORT/,
        );
        expect(refused.stderr).not.toContain('opensesame');
      }
      const status = await runCli(['queue', 'status', '--queue', `redis://:sesame@127.0.0.1:${port}`, '--json']);
      expect(status.code).toBe(0);
      expect(JSON.parse(status.stdout)).toEqual({
        queue: `redis://:***@127.0.0.1:${port}`,
        waiting: 0,
        active: 0,
        completed: 0,
        workers: 0,
      });
    } finally {
      await stop(locked);
    }
  });
});
