import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-play-'));

describe('gridmind agents', () => {
  it('lists every agent with a description and its source', async () => {
    const { code, stdout } = await runCli(['agents']);
    expect(code).toBe(0);
    for (const name of ['greedy', 'skilled', 'lookahead', 'target', 'tpg', 'lee', 'dellacherie', 'eltetris', 'bcts'])
      expect(stdout).toMatch(new RegExp(`^${name} `, 'm'));
    expect(stdout).toMatch(/source: Thiery & Scherrer 2009/);
    const json = JSON.parse((await runCli(['agents', '--json'])).stdout) as { name: string; source: string }[];
    expect(json.map((agent) => agent.name)).toContain('bcts');
  });
});

describe('gridmind features', () => {
  it('lists every registered feature with its definition and source', async () => {
    const { code, stdout } = await runCli(['features']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^holes +empty cells with at least one filled cell above them/m);
    const json = JSON.parse((await runCli(['features', '--json'])).stdout) as { name: string; board: string }[];
    expect(json.map((feature) => feature.name)).toEqual(expect.arrayContaining(['landingHeight', 'rowsWithHoles', 'holesBeforeClear']));
    expect(json.find((feature) => feature.name === 'holesBeforeClear')!.board).toBe('before');
  });
});

describe('gridmind play', () => {
  it('prints the game as JSON', async () => {
    const { code, stdout } = await runCli(['play', '--agent', 'dellacherie', '--board', '10x10', '--seed', '1', '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(Object.keys(result)).toEqual([
      'agent',
      'rules',
      'board',
      'seed',
      'lines',
      'score',
      'pieces',
      'ms',
      'piecesPerSecond',
      'outcome',
    ]);
    expect(result).toMatchObject({
      agent: 'dellacherie',
      rules: 'research',
      board: '10x10',
      seed: 1,
      lines: 341,
      score: 341,
      pieces: 873,
      outcome: 'topped-out',
    });
    expect(result.piecesPerSecond).toBeGreaterThan(0);
  });

  it("writes S4's search path with --path", async () => {
    const path = join(dir, 'path.json');
    const { code, stdout } = await runCli(['play', '--agent', 'target', '--rules', 'target', '--target', '30', '--path', path, '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    const file = JSON.parse(readFileSync(path, 'utf8'));
    expect(file).toMatchObject({ agent: 'target', rules: 'target', target: 30, outcome: result.outcome, score: 30 });
    expect(file.path).toHaveLength(result.pieces);
    expect(file.path[0]).toEqual({
      shape: expect.stringMatching(/^[IOTSZJL]$/),
      rotation: expect.any(Number),
      centre: [expect.any(Number), expect.any(Number)],
    });
  });

  it('refuses a --path it could not write before playing, with one line and exit 2', async () => {
    for (const [path, message] of [
      [dir, /--path .* is a folder: give a file name, such as .*search-path\.json/],
      [join(dir, 'no', 'such', 'folder', 'path.json'), /cannot write .*path\.json: .*; choose another --path/],
    ] as const) {
      // A game of hours: were it played before the check, the test would time out.
      const { code, stdout, stderr } = await runCli(['play', '--agent', 'bcts', '--board', '10x20', '--path', path]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('stops at --max-pieces under the classic rules', async () => {
    const { stdout } = await runCli(['play', '--agent', 'bcts', '--rules', 'classic', '--max-pieces', '50', '--json']);
    expect(JSON.parse(stdout)).toMatchObject({ rules: 'classic', board: '10x20', pieces: 50, outcome: 'piece-limit' });
  });

  it.each([
    ['an unknown agent', ['--agent', 'hal'], /unknown agent "hal"/],
    ['unknown rules', ['--agent', 'bcts', '--rules', 'tetris'], /unknown rule set "tetris"/],
    ['a target without the target rules', ['--agent', 'bcts', '--target', '10'], /--target applies only to --rules target/],
    ['a bad board', ['--agent', 'bcts', '--board', '3x3'], /board width 3 is out of range/],
  ])('rejects %s with exit 2', async (_what, args, message) => {
    const { code, stderr } = await runCli(['play', ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
