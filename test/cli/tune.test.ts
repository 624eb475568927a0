import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-tune-'));
const bin = fileURLToPath(new URL('../../bin/gridmind.js', import.meta.url));
const small = [
  '--features',
  'holes,landingHeight,rowTransitions,columnTransitions',
  '--board',
  '6x8',
  '--population',
  '12',
  '--games-per-eval',
  '3',
  '--iterations',
  '4',
  '--elite',
  '0.25',
  '--seed',
  '5',
  '--workers',
  '2',
];

describe('gridmind tune', () => {
  it('tunes, shows progress, writes an agent that the other commands load, and lists the run', async () => {
    const env = { GRIDMIND_DB: join(dir, 'plain.db') };
    const out = join(dir, 'small-tuned.json');
    const { code, stdout, stderr } = await runCli(['tune', ...small, '--out', out, '--json'], env);
    expect(stderr).toMatch(/iteration 4\/4: best [\d,.]+, mean [\d,.]+ lines/);
    expect(stderr).toMatch(/tune (iteration \d\/4|validation) \|.*candidates · last best .* · mean .* · ETA/);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(Object.keys(result)).toEqual([
      'runId',
      'method',
      'features',
      'weights',
      'validationMean',
      'validationStderr',
      'history',
      'seconds',
      'out',
    ]);
    expect(result.history).toHaveLength(4);

    const agent = JSON.parse(readFileSync(out, 'utf8'));
    expect(agent.name).toBe('small-tuned');
    expect(agent.weights).toEqual(result.weights);
    expect(agent.source).toContain('gridmind tune --features holes,landingHeight,rowTransitions,columnTransitions --method ce --board 6x8');
    const bench = await runCli(['bench', '--agent', out, '--board', '6x8', '--games', '30', '--json'], env);
    expect(bench.code).toBe(0);
    // The validation games are other seeds: the agent's benchmark is of the same order, not equal.
    const benchMean = JSON.parse(bench.stdout).meanLines;
    expect(benchMean).toBeGreaterThan(result.validationMean / 3);
    expect(benchMean).toBeLessThan(result.validationMean * 3);

    const runs = JSON.parse((await runCli(['tune-runs', '--json'], env)).stdout);
    expect(runs[0]).toMatchObject({ id: result.runId, status: 'done', iteration: 4 });

    // The same command again finds the finished run and writes its result without playing.
    const again = await runCli(['tune', ...small, '--out', out, '--json'], env);
    expect(again.stderr).toContain(`resuming tuning run ${result.runId} (finished)`);
    expect(JSON.parse(again.stdout).weights).toEqual(result.weights);
  });

  it('keeps its games where `bench` finds them: a benchmark of the tuned agent on a validation seed plays nothing', async () => {
    const env = { GRIDMIND_DB: join(dir, 'shared.db') };
    const out = join(dir, 'shared.json');
    const tuned = await runCli(['tune', ...small, '--out', out, '--json'], env);
    expect(tuned.code).toBe(0);
    const { runId } = JSON.parse(tuned.stdout);
    const db = openDatabase(env.GRIDMIND_DB);
    const plan = db.prepare('SELECT plan FROM tune_iterations WHERE run_id = ? AND iteration = 4').pluck().get(runId) as string;
    const state = db.prepare('SELECT state FROM tune_runs WHERE id = ?').pluck().get(runId) as string;
    db.close();
    const seed = JSON.parse(plan).seeds[1];
    const lines = JSON.parse(state).outcome.validationLines[1];
    const bench = await runCli(
      ['bench', '--agent', out, '--board', '6x8', '--games', '1', '--seed-base', String(seed), '--resume', '--json'],
      env,
    );
    expect(bench.code).toBe(0);
    expect(JSON.parse(bench.stdout)).toMatchObject({ storedGames: 1, meanLines: lines });
  });

  it('resumes after an interrupt and ends as an uninterrupted run does', async () => {
    const reference = JSON.parse(
      (await runCli(['tune', ...small, '--out', join(dir, 'reference.json'), '--json'], { GRIDMIND_DB: join(dir, 'reference.db') })).stdout,
    );

    const env = { ...process.env, GRIDMIND_DB: join(dir, 'interrupted.db') };
    const out = join(dir, 'resumed.json');
    const child = spawn(process.execPath, [bin, 'tune', ...small, '--out', out, '--json'], { env });
    let stderr = '';
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const secondIteration = new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/iteration 2\/4: best/.test(stderr)) resolve();
      }),
    );
    await secondIteration;
    const listRuns = async () => JSON.parse((await runCli(['tune-runs', '--json'], { GRIDMIND_DB: env.GRIDMIND_DB })).stdout);
    try {
      // The run is held still while another process tries it. Stopped in the middle of storing a candidate,
      // it keeps the database locked, and the rival rightly reports the lock (exit 1): then the run goes on
      // a moment and is stopped again.
      let rival = { code: 1, stdout: '', stderr: '' };
      for (let attempt = 0; attempt < 5 && rival.code === 1 && !rival.stderr.includes('is being played'); attempt++) {
        child.kill('SIGCONT');
        await new Promise((resolve) => setTimeout(resolve, 20));
        child.kill('SIGSTOP');
        rival = await runCli(['tune', ...small, '--out', out], { GRIDMIND_DB: env.GRIDMIND_DB });
        if (rival.code === 1) expect(rival.stderr).toContain('stayed locked by another process');
      }
      expect(rival.code).toBe(2);
      expect(rival.stderr).toContain(`run 1 is being played by process ${child.pid} on this machine: let it finish, or stop it`);
      expect((await listRuns())[0]).toMatchObject({ id: 1, status: 'running', playing: true });
      expect((await runCli(['tune-runs'], { GRIDMIND_DB: env.GRIDMIND_DB })).stdout).toContain(
        `running (process ${child.pid} on this machine)`,
      );
    } finally {
      child.kill('SIGCONT');
      child.kill('SIGINT');
    }
    expect(await exit).toBe(130);
    expect(stderr).toMatch(/interrupted: run 1 is stored; resume it with `gridmind tune --resume 1`/);
    expect((await listRuns())[0]).toMatchObject({ id: 1, playing: false });
    expect((await runCli(['tune-runs'], { GRIDMIND_DB: env.GRIDMIND_DB })).stdout).toMatch(/^#1 .* stopped {2}ce 6x8/m);

    // --resume alone: the result goes to the --out the run was started with.
    const resumed = await runCli(['tune', '--resume', '1', '--json'], { GRIDMIND_DB: env.GRIDMIND_DB });
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout).out).toBe(out);
    expect(JSON.parse(readFileSync(out, 'utf8')).name).toBe('resumed');
    expect(resumed.stderr).toMatch(/resuming tuning run 1 \(([2-3] of 4 iterations done|all 4 iterations done, validating)\)/);
    const result = JSON.parse(resumed.stdout);
    expect(result.weights).toEqual(reference.weights);
    expect(result.history).toEqual(reference.history);
    expect(result.validationMean).toBe(reference.validationMean);
  });

  it('runs the genetic algorithm too', async () => {
    const { code, stdout, stderr } = await runCli(['tune', ...small, '--method', 'ga', '--out', join(dir, 'ga.json'), '--json'], {
      GRIDMIND_DB: join(dir, 'ga.db'),
    });
    expect(code).toBe(0);
    // `small` gives --elite, which only the cross-entropy method uses: said, and left out of the run's settings.
    expect(stderr).toContain('--elite is a setting of the cross-entropy method; --method ga ignores it');
    const [run] = JSON.parse((await runCli(['tune-runs', '--json'], { GRIDMIND_DB: join(dir, 'ga.db') })).stdout);
    expect(run.config).toMatchObject({ method: 'ga', eliteFraction: 0.1, noise: 'constant' });
    const { weights, method } = JSON.parse(stdout);
    expect(method).toBe('ga');
    expect(Math.hypot(...(Object.values(weights) as number[]))).toBeCloseTo(1, 9);
  });

  it('says what is wrong with bad input, and exits 2', async () => {
    const env = { GRIDMIND_DB: join(dir, 'errors.db') };
    const cases: [string[], RegExp][] = [
      [['tune', '--features', 'holes,height'], /unknown feature "height": use one of landingHeight, erodedPieceCells/],
      [['tune', '--features', 'holes,holes'], /--features lists "holes" twice/],
      [['tune'], /tune needs --features/],
      [['tune', '--features', 'holes', '--method', 'sa'], /argument 'sa' is invalid. Allowed choices are ce, ga/],
      [['tune', '--features', 'holes', '--population', '10'], /--elite 0.1 of --population 10 keeps 1: the elite needs at least 2/],
      [['tune', '--resume', '99'], /there is no tuning run 99: `gridmind tune-runs` lists them/],
      [['tune', '--resume', '1', '--features', 'holes'], /--resume continues run 1 with its stored settings: drop --features/],
      [['tune', '--features', 'holes', '--queue', 'http://x:1'], /"http:\/\/x:1" is not a Redis address: write redis:\/\/HOST:PORT/],
      [
        ['tune', '--features', 'holes', '--queue', 'redis://127.0.0.1:1'],
        /cannot reach Redis at redis:\/\/127.0.0.1:1 .*: start redis-server there, or fix --queue/,
      ],
      [['worker', '--queue', 'redis://127.0.0.1:1'], /cannot reach Redis at redis:\/\/127.0.0.1:1/],
      [['tune', '--features', 'holes', '--start', 'nobody'], /unknown agent "nobody"/],
      [
        ['tune', '--features', 'holes', '--out', '/no/such/folder/x.json'],
        /cannot write \/no\/such\/folder\/x.json: .*; choose another --out/,
      ],
      [['tune', '--features', 'holes', '--out', dir], /--out .* is a folder: give a file name, such as .*tuned.json/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await runCli(args, env);
      expect(stderr, args.join(' ')).toMatch(message);
      expect(code, args.join(' ')).toBe(2);
    }
  });

  it('says which database stayed locked, instead of a stack trace, and exits 1', async () => {
    const path = join(dir, 'locked.db');
    const other = openDatabase(path);
    other.exec('BEGIN IMMEDIATE'); // another process stopped in the middle of a write
    try {
      const { code, stderr } = await runCli(['tune', ...small, '--out', join(dir, 'locked.json')], { GRIDMIND_DB: path });
      expect(code).toBe(1);
      expect(stderr).toBe(
        `gridmind: error: the database ${path} stayed locked by another process for 5 s ` +
          '(a gridmind command suspended or stuck in the middle of a write?): let it go on or stop it, then run this again\n',
      );
    } finally {
      other.close();
    }
  });
});
