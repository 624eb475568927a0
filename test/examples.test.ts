import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs an example as a user would, with tsx; returns its one JSON line. */
function runExample(file: string, args: string[]): Record<string, unknown> {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `examples/typescript/${file}`, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe('the TypeScript examples', () => {
  it('benchmarks a custom evaluator against bcts on the same games', () => {
    const result = runExample('custom-evaluator.ts', ['3']);
    expect(result.games).toBe(3);
    expect(result.mineLines).toHaveLength(3);
    expect((result.bctsLines as number[]).every((lines) => lines > 0)).toBe(true);
    expect(result.mine).toMatch(/^\d+\.\d ± \d+\.\d$/);
  });

  it('solves a SameGame board with a search written against Problem, its moves replaying to its score', () => {
    const result = runExample('samegame-solver.ts', ['2', '20000']);
    expect(result.mine).toBe(result.replayed);
    expect(result.mine).toBeGreaterThan(0);
    expect(result.nmcs).toBeGreaterThan(0);
  });
});

describe('the agent in TypeScript of the README', () => {
  it('holes-and-heights.ts plays through `gridmind play --agent`, scoring its placements by the boards they leave', () => {
    const run = spawnSync(
      process.execPath,
      ['bin/gridmind.js', 'play', '--agent', 'examples/typescript/holes-and-heights.ts', '--board', '10x10', '--seed', '1', '--json'],
      { encoding: 'utf8', timeout: 120_000, env: { ...process.env, GRIDMIND_DB: ':memory:' } },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: 'topped-out', lines: 63, pieces: 178 });
  });
});

describe('the JavaScript examples', () => {
  it('largest-group.mjs solves a standard board through `samegame solve --solver`, every group removed', () => {
    const run = spawnSync(
      process.execPath,
      [
        'bin/gridmind.js',
        'samegame',
        'solve',
        '--file',
        'data/samegame/standard/schadd_05.txt',
        '--solver',
        'examples/javascript/largest-group.mjs',
        '--json',
      ],
      { encoding: 'utf8', timeout: 120_000, env: { ...process.env, GRIDMIND_DB: ':memory:' } },
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ method: 'code', solved: true });
    expect(result.moves.length).toBeGreaterThan(20);
    expect(result.score).toBeGreaterThan(0);
  });
});
