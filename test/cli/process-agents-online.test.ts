import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/tetris/game.ts';
import { codeAgentApi, turnOf } from '../server/code-agent-api.ts';
import { useAveiroServer } from './aveiro-test-server.ts';
import { EXAMPLE, fixture, isRunning, loggedEnv, loggedGames } from './process-agents-harness.ts';
import { runCli } from './run-cli.ts';

const bin = fileURLToPath(new URL('../../bin/gridmind.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gridmind-process-agents-online-'));
const firstCommand = `sh ${fixture('first_placement.sh')}`;

// The Aveiro test server serves the whole file: the Python example's game on it lasts half a minute of the
// server's clock, and is started with the file, its test taking the outcome while the others run.
const { url: serverUrl } = useAveiroServer(dir);
let wholeGames: Promise<Awaited<ReturnType<typeof runCli>>[]>;
beforeAll(() => {
  const { env } = loggedEnv();
  wholeGames = Promise.all([
    runCli(['client', '--server', serverUrl(), '--agent', EXAMPLE, '--json'], env),
    runCli(['client', '--server', serverUrl(), '--agent-command', firstCommand, '--name', 'sh', '--json'], env),
  ]);
});

describe('gridmind serve --agent FILE.py --agent-command CMD', () => {
  it('offers the programs to the web app, plays their games through the API, and lets them go on Ctrl-C', async () => {
    const { log, env } = loggedEnv();
    const args = ['serve', '--no-build', '--agent', fixture('counted.py'), '--agent-command', firstCommand, '--agent-command', 'true || x'];
    const refused = await runCli(args, { ...env, GRIDMIND_DB: join(dir, 'serve.db'), PORT: '0' });
    expect(refused.code).toBe(2); // `true || x` exits at once: no hello, refused before the server listens
    expect(refused.stderr).toBe('gridmind: error: cannot start the agent program: true || x exited with status 0 before answering hello\n');

    const child = spawn(process.execPath, [bin, ...args.slice(0, -2)], {
      env: { ...process.env, ...env, GRIDMIND_DB: join(dir, 'serve.db'), PORT: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /running at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]);
      });
      void exit.then(() => reject(new Error(`serve exited: ${output}`)));
    });
    try {
      const { api, start } = codeAgentApi(() => url);
      expect((await (await api('')).json()).agents).toEqual([
        { name: 'counted', file: fixture('counted.py') },
        { name: 'first placement', file: firstCommand },
      ]);
      for (const agent of ['counted', 'first placement']) {
        const id = await start(agent, 'srs');
        const reply = await (await api(`/games/${id}/turn`, turnOf(new Game({ rules: 'classic', rotation: 'srs' })))).json();
        expect(reply.fault).toBeUndefined();
        expect(reply.keys).toMatch(/^[A-Z]*$/);
      }
    } finally {
      child.kill('SIGINT');
    }
    expect(await exit).toBe(0);
    const [played] = loggedGames(log);
    expect(played.game).toMatch(/^10x20 classic \d+$/);
    expect(isRunning(played.pid)).toBe(false);
  });
});

describe('gridmind client --agent FILE.py, --agent-command CMD on a real Aveiro server', () => {
  it('plays the Python example and a program in sh among the locks the clock lets through, to the end of their games', async () => {
    for (const { code, stdout, stderr } of await wholeGames) {
      expect(code, stderr).toBe(0);
      const [game] = JSON.parse(stdout).games;
      expect(game.pieces).toBeGreaterThan(5);
      expect(game.fault).toBeUndefined();
    }
  }, 120_000);

  it("leaves a game its program's fault ended, saying so, with exit 1; refuses a program that cannot start with exit 2", async () => {
    const { log, env } = loggedEnv();
    const faulted = await runCli(['client', '--server', serverUrl(), '--agent', fixture('crash.py'), '--json'], env);
    expect(faulted.code).toBe(1);
    const [game] = JSON.parse(faulted.stdout).games;
    expect(game.fault).toBe(
      `${fixture('crash.py')} exited with status 1 during a move (the last line of its stderr: ZeroDivisionError: integer division or modulo by zero)`,
    );
    const [played] = loggedGames(log);
    expect(played.game).toBe('8x30 aveiro 3');
    expect(isRunning(played.pid)).toBe(false);
    const refused = await runCli(['client', '--server', serverUrl(), '--agent-command', 'exit 3'], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('gridmind: error: cannot start the agent program: exit 3 exited with status 3 before answering hello\n');
  });
});
