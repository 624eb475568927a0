import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-samegame-explain-'));
const env = { GRIDMIND_DB: join(dir, 'runs.db') };
const file = 'data/samegame/standard/schadd_01.txt';

describe('gridmind samegame solve --explain', () => {
  it("prints every first move with the games through it and the best score over time; --json gives them as 'explanation'", async () => {
    const search = [
      'samegame',
      'solve',
      '--file',
      file,
      '--method',
      'nrpa',
      '--level',
      '1',
      '--iterations',
      '30',
      '--nodes',
      '30000',
      '--explain',
    ];
    const text = await runCli(search, env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^The start's \d+ moves, the best 10:$/m);
    expect(text.stdout).toMatch(/^first move \(col,row\) +group +games through it +best score$/m);
    expect(text.stdout).toMatch(/\(played\)/);
    expect(text.stdout).toMatch(/^Best score over time: \d/m);
    const json = await runCli([...search, '--json'], env);
    const { score, moves, explanation } = JSON.parse(json.stdout) as {
      score: number;
      moves: [number, number][];
      explanation: {
        firstMoves: { x: number; y: number; games: number; best: number | null; chosen: boolean }[];
        improvements: { score: number }[];
      };
    };
    const played = explanation.firstMoves.find((move) => move.chosen)!;
    expect([[played.x, played.y], played.best]).toEqual([moves[0], score]);
    expect(explanation.improvements.at(-1)!.score).toBe(score);
  });

  it('refuses --explain with a solver in code, which gives no breakdown, in one line, exit 2', async () => {
    const { code, stderr } = await runCli(
      ['samegame', 'solve', '--file', file, '--solver', 'examples/javascript/largest-group.mjs', '--explain'],
      env,
    );
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('gives no breakdown');
  });
});
