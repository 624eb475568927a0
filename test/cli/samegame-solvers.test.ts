import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { TEST_SETS } from '../../src/samegame/test-sets.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-solvers-'));
const env = { GRIDMIND_DB: join(dir, 'runs.db') };

function moduleFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** Largest group first, in TypeScript, written against the SameGame it is given. */
const greedy = moduleFile(
  'greedy.mts',
  `export default {
  name: 'largest group first',
  solve(game: { moves(): [number, number][]; groupAt(x: number, y: number): unknown[]; play(x: number, y: number): unknown }) {
    const played: [number, number][] = [];
    for (let moves = game.moves(); moves.length > 0; moves = game.moves()) {
      const [x, y] = moves.reduce((best, move) => (game.groupAt(...move).length > game.groupAt(...best).length ? move : best));
      game.play(x, y);
      played.push([x, y]);
    }
    return played;
  },
};
`,
);
const board = join(TEST_SETS.standard, 'schadd_03.txt');

describe('gridmind samegame solve --solver MODULE: a solver in code', () => {
  it("reports the engine's score of the moves it returns, and stores the run as a solver in code's", async () => {
    const { code, stdout, stderr } = await runCli(['samegame', 'solve', '--file', board, '--solver', greedy, '--time', '5', '--json'], env);
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ method: 'code', solver: greedy, solved: true, stop: 'done' });
    expect(result.moves.length).toBeGreaterThan(10);
    const game = new SameGame(parseBoardText(readFileSync(board, 'utf8')));
    for (const [x, y] of result.moves) game.play(x, y);
    expect(game.isOver()).toBe(true);
    expect([result.score, result.cleared]).toEqual([game.score(), game.cleared()]);
    const run = JSON.parse((await runCli(['runs', '--json', '--limit', '1'], env)).stdout).runs[0];
    expect(run).toMatchObject({ id: result.runId, method: 'code', total: result.score, summary: { solver: greedy } });
  });

  it('leaves the board at its start and exits 1 when the solver throws, plays a move that removes nothing, runs past its budget or ends its thread', async () => {
    for (const [text, fault] of [
      ['export default { solve() { throw new Error("boom"); } };', /threw: boom$/],
      [
        'export default { solve: () => [[0, 0], [99, 99]] };',
        /: move 2: no cell at column 99, row 99: the move must name a cell of a group$/,
      ],
      ['export default { solve: () => "0,0" };', /returned "0,0": not a list of moves \[x, y\]$/],
      ['export default { solve() { for (;;); } };', /ran past its time budget: stopped after 1200 ms$/],
      ['export default { solve() { process.exit(3); } };', /\.mjs ended its thread with process\.exit\(3\)$/],
    ] as const) {
      const file = moduleFile(`fault-${text.length}.mjs`, text);
      const { code, stdout } = await runCli(['samegame', 'solve', '--file', board, '--solver', file, '--time', '0.2', '--json'], env);
      expect(code, text).toBe(1);
      const result = JSON.parse(stdout);
      expect(result).toMatchObject({ solved: false, moves: [], score: 0 });
      expect(result.fault.startsWith(file)).toBe(true);
      expect(result.fault).toMatch(fault);
    }
  });

  it('refuses, before any board, a module with no solver, a method beside it, and the settings of a built-in method', async () => {
    const none = moduleFile('none.mjs', 'export default { choose() { return 0; } };\n');
    for (const [args, message] of [
      [['--solver', none], `the solver module ${none} exports no solver: export default { solve(game, budget) { return []; } }`],
      [['--solver', join(dir, 'missing.mjs')], `cannot load the solver module ${join(dir, 'missing.mjs')}: no such file or directory\n`],
      [['--solver', greedy, '--method', 'beam'], 'give --method or --solver, not both'],
      [
        ['--solver', greedy, '--width', '4'],
        '--width sets a built-in method: a solver in code takes --time, --nodes, --seed and the rules',
      ],
    ] as const) {
      const { code, stderr } = await runCli(['samegame', 'solve', '--file', board, ...args], env);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('gridmind samegame bench --solver MODULE', () => {
  it('solves every board on worker threads as solve does, keeps each, takes them again with --resume, and solves again those its fault left', async () => {
    const boards = join(dir, 'boards');
    mkdirSync(boards);
    for (const name of ['schadd_01.txt', 'schadd_02.txt', 'schadd_03.txt'])
      writeFileSync(join(boards, name), readFileSync(join(TEST_SETS.standard, name)));
    const args = ['samegame', 'bench', '--dir', boards, '--solver', greedy, '--time', '5', '--workers', '2', '--json'];
    const first = JSON.parse((await runCli(args, env)).stdout);
    expect(first).toMatchObject({ method: 'code', solver: greedy, storedBoards: 0 });
    const alone = JSON.parse((await runCli(['samegame', 'solve', '--file', board, '--solver', greedy, '--json'], env)).stdout);
    expect(first.boards[2].score).toBe(alone.score);
    expect(first.total).toBe(first.boards.reduce((sum: number, { score }: { score: number }) => sum + score, 0));
    expect(JSON.parse((await runCli([...args, '--resume'], env)).stdout)).toMatchObject({ storedBoards: 3, total: first.total });

    const flaky = moduleFile('flaky.mjs', 'export default { solve: (game) => (game.board.width === 15 ? [[-1, 0]] : []) };\n');
    const faulted = await runCli(['samegame', 'bench', '--dir', boards, '--solver', flaky, '--workers', '2', '--json'], env);
    expect(faulted.code).toBe(0); // the run is whole: each board says how it ended
    const result = JSON.parse(faulted.stdout);
    expect(result.boards.map((b: { fault?: string }) => b.fault)).toEqual([
      expect.stringMatching(/move 1: no cell at column -1, row 0/),
      expect.stringMatching(/move 1: no cell at column -1, row 0/),
      expect.stringMatching(/move 1: no cell at column -1, row 0/),
    ]);
    const again = JSON.parse((await runCli(['samegame', 'bench', '--dir', boards, '--solver', flaky, '--resume', '--json'], env)).stdout);
    expect(again.storedBoards).toBe(0);
  });

  it('refuses --queue: the module is on this machine only', async () => {
    const { code, stderr } = await runCli(
      ['samegame', 'bench', '--set', 'standard', '--solver', greedy, '--queue', 'redis://127.0.0.1:9'],
      env,
    );
    expect(code).toBe(2);
    expect(stderr).toContain(`${greedy} is a solver in code, on this machine only: leave out --queue`);
  });
});
