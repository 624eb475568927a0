import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { bin } from './queue-harness.ts';
import { runCli } from './run-cli.ts';

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
      [['--game', 'tetris', '--afterstates', 'holes,wells', '--stdio'], /unknown feature "wells"/],
      [['--game', 'tetris', '--keys', '--afterstates', 'holes', '--stdio'], /--afterstates measures drop placements/],
      [['--game', 'samegame', '--afterstates', 'holes', '--stdio'], /--afterstates and --target are for tetris/],
      [['--game', 'tetris', '--illegal', 'ignore', '--stdio'], /unknown --illegal rule "ignore": use error or end/],
      [['--game', 'tetris', '--illegal-reward', '-3', '--stdio'], /--illegal-reward is the reward of --illegal end/],
      [['--game', 'tetris', '--envs', '0', '--stdio'], /--envs/],
      [['--game', 'tetris', '--arrays', 'hex', '--stdio'], /unknown --arrays encoding "hex"/],
      [
        ['--game', 'tetris', '--board', '10', '--stdio'],
        /bad board size "10": write WIDTHxHEIGHT, for example 10x20 \(tetris\) or 15x15 \(samegame\)\n/,
      ],
      [['--game', 'tetris', '--board', '100x20', '--stdio'], /board width 100 is out of range: use 4 to 16 columns\n/],
      [['--game', 'samegame', '--board', '60x5', '--stdio'], /board width 60 is out of range: use 1 to 50\n/],
    ] as const) {
      const { code, stderr } = await runCli(['env', ...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('gridmind env --stdio for learners', () => {
  it('says its spec, starts a new episode on a reset without a seed, and sends arrays as base64 when asked', async () => {
    const args = ['--game', 'tetris', '--board', '6x8', '--preview', '2', '--afterstates', 'holes,landingHeight', '--arrays', 'base64'];
    const { answers, code } = await session(args, [
      '{"cmd":"spec"}',
      '{"cmd":"reset","seed":4}',
      '{"cmd":"reset"}',
      '{"cmd":"reset","seed":[1,2]}',
    ]);
    expect(code).toBe(0);
    const [spec, seeded, unseeded, list] = answers as [
      Record<string, unknown>,
      { observation: Record<string, string>; info: { seed: number }; legal: number[] },
      { info: { seed: number } },
      { error: string },
    ];
    expect(spec).toEqual({
      actionCount: 24,
      observation: {
        board: { shape: [8, 6], dtype: 'uint8', low: 0, high: 1 },
        pieces: { shape: [3], dtype: 'uint8', low: 0, high: 6 },
        afterstates: { shape: [24, 2], dtype: 'float32', low: -2304, high: 2304 },
        afterstateRewards: { shape: [24], dtype: 'float32', low: 0, high: 4 },
      },
      envs: null,
      arrays: 'base64',
    });
    expect(Buffer.from(seeded.observation.board, 'base64')).toHaveLength(6); // 48 cells of 0 or 1, as bits
    const afterstates = new Float32Array(new Uint8Array(Buffer.from(seeded.observation.afterstates, 'base64')).buffer);
    expect(afterstates).toHaveLength(48);
    expect(seeded.legal.every((action) => afterstates[action * 2 + 1] > 0)).toBe(true); // every placement lands somewhere
    expect(seeded.info.seed).toBe(4);
    expect(unseeded.info.seed).not.toBe(4);
    expect(list.error).toMatch(/one environment takes one seed/);
  });

  it('serves a batch: seeds S + i, one action each, masks, and next-step autoreset', async () => {
    const requests = ['{"cmd":"spec"}', '{"cmd":"reset","seed":20}'];
    for (let step = 0; step < 60; step++) requests.push('{"cmd":"step","actions":[0,4,8]}');
    requests.push('{"cmd":"render","index":2}', '{"cmd":"step","actions":[0]}');
    const { answers } = await session(['--game', 'tetris', '--board', '6x8', '--envs', '3', '--illegal', 'end'], requests);
    const [spec, reset, ...rest] = answers as Record<string, any>[];
    expect(spec).toMatchObject({ actionCount: 24, envs: 3, arrays: 'json' });
    expect(reset.info.seed).toEqual([20, 21, 22]);
    expect(reset.mask).toHaveLength(3);
    expect(reset.observation.board).toHaveLength(3);
    const steps = rest.slice(0, 60);
    let ended = [false, false, false];
    for (const step of steps) {
      expect(step.reward).toHaveLength(3);
      for (let i = 0; i < 3; i++) {
        if (ended[i]) expect([step.reward[i], step.terminated[i], step.info.pieces[i]]).toEqual([0, false, 0]);
        expect(step.mask[i]).toHaveLength(24);
      }
      ended = step.terminated.map((terminated: boolean, i: number) => terminated || step.truncated[i]);
    }
    expect(steps.some((step) => step.info.illegalAction.includes(true))).toBe(true); // fixed actions turn illegal in time
    expect(rest[60].text.split('\n')).toHaveLength(8);
    expect(rest[61].error).toMatch(/give one action per environment: 3 actions, not 1/);
  });
});
