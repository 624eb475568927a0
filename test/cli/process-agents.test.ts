import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, fixture, isRunning, loggedEnv, loggedGames, runningWith } from './process-agents-harness.ts';
import { runCli } from './run-cli.ts';

const bin = fileURLToPath(new URL('../../bin/gridmind.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gridmind-process-agents-'));
const { env: pythonEnv } = loggedEnv();

/** A module of code that plays as examples/python/lowest_agent.py does (the lowest placement, the first on a tie). */
const lowestModule = join(dir, 'lowest.mjs');
writeFileSync(
  lowestModule,
  'export default { choose: ({ placements }) => placements.reduce((best, p, i) => (p.y < placements[best].y ? i : best), 0) };\n',
);
/** The sh fixture's command: an agent in another language than Python, and a module that plays as it does. */
const firstCommand = `sh ${fixture('first_placement.sh')}`;
const firstModule = join(dir, 'first.mjs');
writeFileSync(firstModule, 'export default { choose: () => 0 };\n');

/** `gridmind play … --json` with a program: its summary, exit status and stderr. */
async function play(agent: string[], args: string[], env: Record<string, string> = pythonEnv) {
  const { code, stdout, stderr } = await runCli(['play', ...agent, ...args, '--json'], env);
  expect(stdout.trim().split('\n'), stderr).toHaveLength(1); // the summary alone: the program's output stays out of it
  return { code, stderr, summary: JSON.parse(stdout) };
}

/** The figures of a game that two players must share to have played it alike. */
const game = ({ lines, score, pieces, outcome }: { lines: number; score: number; pieces: number; outcome: string }) => ({
  lines,
  score,
  pieces,
  outcome,
});

describe('gridmind play with an agent over a pipe', () => {
  // A program that never answers hello is refused after the start limit, 10 s of waiting: started with
  // the first test, it waits while the others run, and its test takes the outcome.
  const silent = 'exec sleep 31.25';
  let silentRun: Promise<{ ms: number; code: number; stderr: string }>;
  beforeAll(() => {
    const before = performance.now();
    silentRun = runCli(['play', '--agent-command', silent, '--agent-time-limit', '100'], pythonEnv).then(({ code, stderr }) => ({
      ms: performance.now() - before,
      code,
      stderr,
    }));
  });

  it('plays a Python agent as an agent in code that chooses alike, under the research and the classic rules', async () => {
    for (const args of [
      ['--board', '8x10', '--seed', '5'],
      ['--rules', 'classic', '--seed', '2', '--max-pieces', '25'],
    ]) {
      const [python, module] = await Promise.all([play(['--agent', EXAMPLE], args), play(['--agent', lowestModule], args)]);
      expect(python.code, python.stderr).toBe(0);
      expect(python.summary.agent).toBe(EXAMPLE);
      expect(python.summary.name).toBe('lowest placement'); // the name it gives itself
      expect(module.summary.name).toBe(lowestModule); // none given: its file
      expect(python.summary.pieces).toBeGreaterThan(10);
      expect(game(python.summary)).toEqual(game(module.summary));
    }
  });

  it("tells the program each game's set-up, and passes what it prints on to stderr", async () => {
    const { log, env } = loggedEnv();
    const { code, stderr, summary } = await play(
      ['--agent', fixture('counted.py')],
      ['--rules', 'target', '--board', '8x16', '--preview', '2'],
      env,
    );
    expect(code, stderr).toBe(0);
    expect(summary.outcome).not.toBe('agent-fault');
    expect(loggedGames(log).map(({ game }) => game)).toEqual(['8x16 target 2']);
    expect(stderr).toContain('a game on 8x16');
  });

  it('plays a program in another language through --agent-command, run by /bin/sh -c', async () => {
    const args = ['--board', '6x12', '--seed', '3'];
    const [command, module] = await Promise.all([play(['--agent-command', firstCommand], args), play(['--agent', firstModule], args)]);
    expect(command.code, command.stderr).toBe(0);
    expect(command.summary.agent).toBe(firstCommand);
    expect(game(command.summary)).toEqual(game(module.summary));
    expect(command.summary.pieces).toBeGreaterThan(3);
  });

  it("ends the game with the fault of a program that crashes, hangs, answers garbage or no placement's index, and leaves no process", async () => {
    const { log, env } = loggedEnv();
    const [crash, garbage, wrong] = await Promise.all([
      play(['--agent', fixture('crash.py')], ['--board', '6x8'], env),
      play(['--agent-command', `sh ${fixture('garbage.sh')}`], ['--board', '6x8']),
      play(['--agent', fixture('wrong_index.py')], ['--board', '6x8'], env),
    ]);
    expect(crash.code).toBe(1);
    expect(crash.summary).toMatchObject({ outcome: 'agent-fault', pieces: 2 });
    expect(crash.summary.fault).toBe(
      `${fixture('crash.py')} exited with status 1 during a move (the last line of its stderr: ZeroDivisionError: integer division or modulo by zero)`,
    );
    expect(crash.stderr).toContain('Traceback (most recent call last)');

    const before = performance.now();
    const hang = await play(['--agent', fixture('hang.py')], ['--board', '6x8', '--agent-time-limit', '300'], env);
    expect(performance.now() - before).toBeLessThan(8000);
    expect(hang.code).toBe(1);
    expect(hang.summary).toMatchObject({ outcome: 'agent-fault', pieces: 2 });
    expect(hang.summary.fault).toBe(
      `${fixture('hang.py')} took longer than 300 ms over a move: stopped (--agent-time-limit sets the limit)`,
    );

    expect(garbage.code).toBe(1);
    expect(garbage.summary).toMatchObject({ outcome: 'agent-fault', pieces: 0 });
    expect(garbage.summary.fault).toBe(`sh ${fixture('garbage.sh')} answered "left, then drop": not JSON`);

    expect(wrong.code).toBe(1);
    expect(wrong.summary.outcome).toBe('agent-fault');
    expect(wrong.summary.fault).toMatch(/wrong_index\.py answered (\d+): not the index of one of the \1 placements$/);

    const pids = loggedGames(log).map(({ pid }) => pid);
    expect(pids).toHaveLength(3); // crash, hang, wrong index: a game each
    expect(pids.filter(isRunning)).toEqual([]);
  });

  it('refuses a program that cannot start or does not answer hello, in one line with exit 2, before any game', async () => {
    const notExecutable = join(dir, 'not-executable');
    writeFileSync(notExecutable, '#!/bin/sh\necho {}\n');
    chmodSync(notExecutable, 0o644);
    const missing = join(dir, 'missing.py');
    const noPython = join(dir, 'no-python');
    const cases: [string[], string | RegExp, Record<string, string>?][] = [
      [['--agent', missing], `cannot find the agent program ${missing}: no such file`],
      [
        ['--agent-command', 'gridmind-no-such-program'],
        /^cannot start the agent program: gridmind-no-such-program exited with status 127 before answering hello \(the last line of its stderr: .*not found\)$/,
      ],
      [
        ['--agent-command', notExecutable],
        new RegExp(
          `^cannot start the agent program: ${notExecutable} exited with status 126 before answering hello .*Permission denied\\)$`,
        ),
      ],
      [
        ['--agent-command', 'echo hello'],
        'cannot start the agent program: echo hello answered hello with "hello": not a JSON object such as {"name": "my agent"}',
      ],
      [['--agent', EXAMPLE, '--agent-command', 'true'], 'give --agent or --agent-command, not both'],
      [[], 'give the agent: --agent NAME|FILE or --agent-command COMMAND'],
      [
        ['--agent', EXAMPLE],
        `cannot run the Python agent ${EXAMPLE}: GRIDMIND_PYTHON is "${noPython}", which is not a program that can run; ` +
          'point it at a Python 3 that has the gridmind package (pip install ./python), or unset it to use python3',
        { GRIDMIND_PYTHON: noPython },
      ],
      [
        ['--agent', EXAMPLE],
        `cannot run the Python agent ${EXAMPLE}: python3 is not on the PATH; install Python 3, or set GRIDMIND_PYTHON to a Python 3`,
        { GRIDMIND_PYTHON: '', PATH: dir },
      ],
    ];
    const runs = await Promise.all(cases.map(([agent, , env]) => runCli(['play', ...agent, '--json'], env ?? pythonEnv)));
    for (const [i, [, message]] of cases.entries()) {
      const { code, stdout, stderr } = runs[i];
      expect(code, stderr).toBe(2);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      const ours = lines.filter((line) => line.startsWith('gridmind: error: '));
      expect(ours).toHaveLength(1); // one line of ours (the rest is the program's own stderr), no stack trace
      expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
      const text = ours[0].slice('gridmind: error: '.length);
      if (typeof message === 'string') expect(text).toBe(message);
      else expect(text).toMatch(message);
    }
  });

  it('refuses, after the start limit, a program that never answers hello, and kills it', async () => {
    const { ms, code, stderr } = await silentRun;
    expect(ms).toBeGreaterThanOrEqual(10_000); // THREAD_START_LIMIT_MS, not the move's limit
    expect(code).toBe(2);
    expect(stderr).toBe(`gridmind: error: cannot start the agent program: ${silent} did not start within 10000 ms: stopped\n`);
    expect(runningWith('sleep 31.25')).toEqual([]);
  }, 30_000);
});

describe('gridmind bench with agents over a pipe', () => {
  it('plays on one process per worker thread, reused from game to game, and stores the games under the program', async () => {
    const { log, env } = loggedEnv();
    const db = { ...env, GRIDMIND_DB: join(dir, 'bench.db') };
    const counted = fixture('counted.py');
    const args = ['bench', '--agent', counted, '--vs-command', firstCommand, '--board', '6x8', '--games', '6', '--workers', '2', '--json'];
    const first = await runCli(args, db);
    expect(first.code, first.stderr).toBe(0);
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ agent: counted, games: 6, storedGames: 0, agentModule: join(process.cwd(), counted) });
    expect(summary.vs).toMatchObject({ agent: firstCommand });
    expect(summary.faults).toBeUndefined();
    const games = loggedGames(log);
    expect(games.map(({ game }) => game)).toEqual(Array(6).fill('6x8 research 1'));
    expect(new Set(games.map(({ pid }) => pid)).size).toBe(2); // the workers: one process each, for all their games
    expect(games.map(({ pid }) => pid).filter(isRunning)).toEqual([]);

    const played = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(
        async (seed) => (await play(['--agent', counted], ['--board', '6x8', '--seed', `${seed}`], env)).summary.lines,
      ),
    );
    const stored = JSON.parse((await runCli(['runs', '--json', '--limit', '1'], db)).stdout).runs[0];
    expect(stored.perGame.lines).toEqual(played);

    const playedBefore = loggedGames(log).length;
    const resumed = JSON.parse((await runCli([...args, '--resume'], db)).stdout);
    expect(resumed).toMatchObject({ storedGames: 12, alreadyStored: true, runId: summary.runId });
    expect(loggedGames(log)).toHaveLength(playedBefore); // no game played again
  });

  it("keys a Python program's games by its file's text and a command's by its text", async () => {
    const db = { ...pythonEnv, GRIDMIND_DB: join(dir, 'keys.db') };
    const copy = join(dir, 'lowest_agent.py');
    copyFileSync(EXAMPLE, copy);
    const bench = async (agent: string[]) =>
      JSON.parse((await runCli(['bench', ...agent, '--board', '6x8', '--games', '3', '--workers', '1', '--resume', '--json'], db)).stdout);
    expect((await bench(['--agent', copy])).storedGames).toBe(0);
    expect((await bench(['--agent', copy])).storedGames).toBe(3);
    appendFileSync(copy, '# edited\n');
    expect((await bench(['--agent', copy])).storedGames).toBe(0);
    expect((await bench(['--agent-command', firstCommand])).storedGames).toBe(0);
    expect((await bench(['--agent-command', firstCommand])).storedGames).toBe(3);
    expect((await bench(['--agent-command', `${firstCommand} `])).storedGames).toBe(0);
  });

  it("counts the games a program's faults ended, each followed by a fresh process, and leaves none running", async () => {
    const { log, env } = loggedEnv();
    const { log: wrongLog, env: wrongEnv } = loggedEnv(); // the games of wrong_index.py, played beside crash.py's
    const bench = async (agent: string, extra: string[], logged = env) => {
      const db = { ...logged, GRIDMIND_DB: join(dir, `faults-${agent}.db`) };
      const { code, stdout, stderr } = await runCli(['bench', '--agent', fixture(agent), '--board', '6x8', '--json', ...extra], db);
      expect(code, stderr).toBe(0); // the run is whole: its games say how they ended
      return JSON.parse(stdout);
    };
    const [crashed, wrong] = await Promise.all([
      bench('crash.py', ['--games', '3', '--workers', '2']),
      bench('wrong_index.py', ['--games', '3', '--workers', '1'], wrongEnv),
    ]);
    expect(crashed).toMatchObject({
      faults: 3,
      firstFault: expect.stringMatching(
        /crash\.py (exited with status 1|closed its stdout) during a move \(the last line of its stderr: ZeroDivisionError: integer division or modulo by zero\)$/,
      ),
    });
    expect(await bench('hang.py', ['--games', '2', '--workers', '2', '--agent-time-limit', '300'])).toMatchObject({
      faults: 2,
      firstFault: expect.stringMatching(/hang\.py took longer than 300 ms over a move: stopped/),
    });
    expect(wrong).toMatchObject({
      faults: 3,
      firstFault: expect.stringMatching(/wrong_index\.py answered (\d+): not the index of one of the \1 placements$/),
    });
    const wrongPids = loggedGames(wrongLog).map(({ pid }) => pid);
    expect(new Set(wrongPids).size).toBe(3); // one worker, yet a process for each game: a fault ends its process
    expect([...loggedGames(log), ...loggedGames(wrongLog)].map(({ pid }) => pid).filter(isRunning)).toEqual([]);
  });

  it('leaves no program running when it is interrupted mid-move, or when a program outlives its stdin', async () => {
    const { log, env } = loggedEnv();
    const args = [
      'bench',
      '--agent',
      fixture('hang.py'),
      '--board',
      '6x8',
      '--games',
      '4',
      '--workers',
      '2',
      '--agent-time-limit',
      '60000',
    ];
    // Beside it, a program that outlives its stdin: it sleeps on once its games are over.
    const outliving = `sh ${fixture('first_placement.sh')}; exec sleep 29.5`;
    const outlived = runCli(['bench', '--agent-command', outliving, '--board', '6x8', '--games', '2', '--workers', '2'], {
      GRIDMIND_DB: join(dir, 'outliving.db'),
    });
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env, GRIDMIND_DB: join(dir, 'interrupted.db') } });
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    while (loggedGames(log).length < 2) await sleep(50); // both workers' programs have started a game: they hang at its third move
    await sleep(500);
    child.kill('SIGINT');
    expect(await exit).toBe(130);
    const pids = loggedGames(log).map(({ pid }) => pid);
    expect(new Set(pids).size).toBe(2);
    expect(pids.filter(isRunning)).toEqual([]);

    const { code, stderr } = await outlived;
    expect(code, stderr).toBe(0);
    expect(runningWith('sleep 29.5')).toEqual([]);
  }, 30_000);

  it('refuses what a program cannot take, before any game', async () => {
    for (const [extra, message] of [
      [['--agent', EXAMPLE, '--queue', 'redis://127.0.0.1:9'], `${EXAMPLE} is a program, on this machine only: leave out --queue`],
      [['--agent-command', firstCommand, '--lookahead', '1'], `--lookahead sets an agent file's depth: ${firstCommand} is a program`],
      [['--agent', 'bcts', '--vs', 'bcts', '--vs-command', firstCommand], 'give --vs or --vs-command, not both'],
      [['--agent', join(dir, 'missing.py')], `cannot find the agent program ${join(dir, 'missing.py')}: no such file`],
    ] as const) {
      const { code, stderr } = await runCli(['bench', ...extra, '--games', '2'], { ...pythonEnv, GRIDMIND_DB: join(dir, 'refused.db') });
      expect(code).toBe(2);
      expect(stderr).toBe(`gridmind: error: ${message}\n`);
    }
  });
});
