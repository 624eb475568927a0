import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bin } from './queue-harness.ts';
import { runCli } from './run-cli.ts';

const examples = fileURLToPath(new URL('../../examples/python/', import.meta.url));

/** Sends request lines to `gridmind env` and returns its answer lines, parsed. */
function session(args: string[], requests: string[]): Promise<{ answers: unknown[]; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'env', ...args, '--stdio']);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      resolve({
        answers: output
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line)),
        code,
      }),
    );
    child.stdin.end(requests.map((request) => `${request}\n`).join(''));
  });
}

describe('gridmind env --stdio', () => {
  it('answers reset and step with JSON lines, explains a bad request and goes on, and stops at close', async () => {
    const { answers, code } = await session(
      ['--game', 'samegame', '--board', '4x3', '--colours', '2'],
      [
        '{"cmd":"reset","seed":7}',
        '{"cmd":"step","action":999}',
        'nonsense',
        '{"cmd":"jump"}',
        '{"cmd":"render"}',
        '{"cmd":"close"}',
        '{"cmd":"render"}',
      ],
    );
    expect(code).toBe(0);
    expect(answers).toHaveLength(5); // nothing after close
    const [reset, illegal, notJson, unknown, render] = answers as [
      { observation: { board: number[] }; info: { score: number }; legal: number[] },
      { error: string },
      { error: string },
      { error: string },
      { text: string },
    ];
    expect(reset.observation.board).toHaveLength(12);
    expect(reset.info.score).toBe(0);
    expect(reset.legal.length).toBeGreaterThan(0);
    expect(illegal.error).toMatch(/^action 999 is not legal now: the legal actions are /);
    expect(notJson.error).toMatch(/one JSON object a line/);
    expect(unknown.error).toMatch(/^unknown request/);
    expect(render.text.split('\n')).toHaveLength(3);
  });

  it('plays a whole Tetris episode over the pipe, answering each step before the next is sent', async () => {
    const child = spawn(process.execPath, [bin, 'env', '--game', 'tetris', '--board', '6x8', '--stdio']);
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const ask = async (request: object) => {
      child.stdin.write(`${JSON.stringify(request)}\n`);
      return JSON.parse((await lines.next()).value as string);
    };
    let answer = await ask({ cmd: 'reset', seed: 3 });
    let [steps, rewards] = [0, 0];
    while (!answer.terminated) {
      answer = await ask({ cmd: 'step', action: answer.legal.at(-1) });
      [steps, rewards] = [steps + 1, rewards + answer.reward];
    }
    expect(steps).toBeGreaterThan(3);
    expect(answer.legal).toEqual([]);
    expect(rewards).toBe(answer.info.lines);
    expect(await ask({ cmd: 'step', action: 0 })).toEqual({ error: 'the episode has ended: reset to start another' });
    child.stdin.end('{"cmd":"close"}\n');
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
  });

  it('refuses bad options with one line and exit 2', async () => {
    for (const [args, message] of [
      [['--game', 'chess', '--stdio'], /unknown game "chess"/],
      [['--game', 'tetris'], /say how to serve the environment: --stdio/],
      [['--game', 'tetris', '--keys', '--rules', 'research', '--stdio'], /the research rules place pieces by drops/],
      [['--game', 'tetris', '--rules', 'classic', '--stdio'], /--rules and --rotation need --keys/],
    ] as const) {
      const { code, stderr } = await runCli(['env', ...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('the Python example agent', () => {
  it("plays SameGame and Tetris episodes through examples/python/gridmind_env.py with Debian's python3", () => {
    for (const game of ['samegame', 'tetris']) {
      const run = spawnSync('python3', [`${examples}example_agent.py`, game, '2'], { encoding: 'utf8', timeout: 60_000 });
      expect(run.status, run.stderr).toBe(0);
      const episodes = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(episodes).toHaveLength(2);
      for (const episode of episodes) {
        expect(episode).toMatchObject({ game });
        expect(episode.reward).toBe(episode.score);
        expect(episode.steps).toBeGreaterThan(0);
        expect(episode.stepsPerSecond).toBeGreaterThan(0);
      }
    }
  });
});
