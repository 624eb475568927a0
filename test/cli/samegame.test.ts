import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBoardText } from '../../src/samegame/board-files.ts';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { TEST_SETS } from '../../src/samegame/test-sets.ts';
import { openDatabase } from '../../src/store/database.ts';
import { bestScore, columnsOf, standardScore } from '../samegame/reference.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-samegame-'));
const env = { GRIDMIND_DB: join(dir, 'runs.db') };
function boardFile(name: string, rows: string[], where = dir): string {
  const path = join(where, name);
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

const rows = ['01121', '02222', '01011', '10122', '11222'];
const small = boardFile('small.txt', rows);

/** Replays moves [[col,row], ...] on the board file's rows; returns the game. */
function replay(boardRows: string[], moves: [number, number][], scoring: 'standard' | 'classic' = 'standard'): SameGame {
  const game = new SameGame(parseBoardText(boardRows.join('\n')), { scoring, shift: 'left' });
  for (const [x, y] of moves) game.play(x, y);
  return game;
}

describe('gridmind samegame solve', () => {
  it('prints the best game as JSON, moves as [col,row] from the left and the bottom, and stores the run', async () => {
    const { code, stdout, stderr } = await runCli(['samegame', 'solve', '--file', small, '--method', 'bfs', '--json'], env);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(Object.keys(result).slice(0, 5)).toEqual(['score', 'cleared', 'moves', 'nodes', 'ms']);
    expect(result).toMatchObject({ score: bestScore(columnsOf(rows), 'standard'), cleared: true, method: 'bfs' });
    const game = replay(rows, result.moves);
    expect([game.score(), game.cleared()]).toEqual([result.score, true]);
    const runs = JSON.parse((await runCli(['samegame', 'runs', '--json'], env)).stdout);
    expect(runs[0]).toMatchObject({ id: result.runId, command: 'solve', source: small, method: 'bfs', total: result.score });
    expect((await runCli(['samegame', 'runs'], env)).stdout).toMatch(new RegExp(`^#${result.runId} .* solve .* bfs standard/left`, 'm'));
  });

  it('solves as a harness task: its board is kept where `samegame bench --resume` of the same settings finds it', async () => {
    const own = { GRIDMIND_DB: join(dir, 'solve-then-bench.db') };
    const folder = join(dir, 'solve-then-bench');
    mkdirSync(folder);
    const file = boardFile('one.txt', rows, folder);
    const budget = ['--method', 'nrpa', '--nodes', '3000', '--time', '30', '--seed', '4'];
    const solved = await runCli(['samegame', 'solve', '--file', file, ...budget, '--json'], own);
    expect(solved.code).toBe(0);
    const benched = await runCli(['samegame', 'bench', '--dir', folder, ...budget, '--resume', '--json'], own);
    expect(benched.code).toBe(0);
    const { score, moves } = JSON.parse(solved.stdout);
    expect(JSON.parse(benched.stdout)).toMatchObject({ storedBoards: 1, total: score, boards: [{ file: 'one.txt', score, moves }] });
  });

  it('plays the same game for the same seed and node budget, under the rules asked for', async () => {
    const args = [
      'samegame',
      'solve',
      '--file',
      small,
      '--method',
      'nrpa',
      '--level',
      '2',
      '--nodes',
      '20000',
      '--rules',
      'classic',
      '--json',
    ];
    const [a, b] = await Promise.all([runCli(args, env), runCli(args, env)]);
    const [first, second] = [JSON.parse(a.stdout), JSON.parse(b.stdout)];
    expect(second.moves).toEqual(first.moves);
    expect(first.nodes).toBeGreaterThanOrEqual(20000);
    expect(replay(rows, first.moves, 'classic').score()).toBe(first.score);
    expect(first.score).toBe(bestScore(columnsOf(rows), 'classic'));
  });

  it("takes the systematic searches' options: a depth limit, a heuristic, only an empty final board, the first solution; and prints text", async () => {
    const { code, stdout } = await runCli(
      ['samegame', 'solve', '--file', small, '--method', 'iddfs', '--depth', '12', '--heuristic', 'h4', '--cleared-only', '--first'],
      env,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^small\.txt: [\d,]+ \(cleared\) in \d+ moves; [\d,]+ nodes in [\d.]+ s \(iddfs, standard scoring, columns close left\)$/m,
    );
    expect(stdout).toMatch(/^moves \(col,row\): (\d+,\d+ ?)+$/m);
  });
});

describe('gridmind samegame bench', () => {
  it('solves every board file of a directory on worker threads, with per-file scores, the total and a progress bar', async () => {
    const set = join(dir, 'set');
    mkdirSync(set);
    const boards = [rows, ['0011', '0110', '1100'], ['012', '012', '120']];
    boards.forEach((board, i) => boardFile(`b${i + 1}.txt`, board, set));
    writeFileSync(join(set, 'notes.md'), 'not a board');
    const { code, stdout, stderr } = await runCli(
      ['samegame', 'bench', '--dir', set, '--method', 'dfs', '--time', '5', '--workers', '2', '--json'],
      env,
    );
    expect(code).toBe(0);
    expect(stderr).toMatch(/3\/3 boards/);
    const result = JSON.parse(stdout);
    expect(result.boards.map((board: { file: string }) => board.file)).toEqual(['b1.txt', 'b2.txt', 'b3.txt']);
    boards.forEach((board, i) => expect(result.boards[i].score).toBe(bestScore(columnsOf(board), 'standard')));
    expect(result.total).toBe(result.boards.reduce((sum: number, board: { score: number }) => sum + board.score, 0));
    expect(result).toMatchObject({ method: 'dfs', workers: 2, time: 5 });
    const text = await runCli(['samegame', 'bench', '--dir', set, '--method', 'dfs', '--workers', '1'], env);
    expect(text.stdout).toMatch(/^b1\.txt {2}[\d,]+ \(cleared\) in \d+ moves$/m);
    expect(text.stdout).toMatch(new RegExp(`^total ${result.total.toLocaleString('en-US')} \\(standard scoring\\)`, 'm'));
  });
});

describe('gridmind samegame bench --set standard', () => {
  it('solves the 20 standard positions shipped in the package, every move list legal under the plain rules', async () => {
    const { code, stdout } = await runCli(
      ['samegame', 'bench', '--set', 'standard', '--method', 'nmcs', '--level', '1', '--nodes', '3000', '--workers', '2', '--json'],
      env,
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ set: 'standard', method: 'nmcs' });
    expect(result.boards).toHaveLength(20);
    for (const board of result.boards) {
      const rowsOfFile = readFileSync(join(TEST_SETS.standard, board.file), 'utf8').trim().split('\n');
      expect(standardScore(columnsOf(rowsOfFile), board.moves), board.file).toBe(board.score);
    }
    const runs = JSON.parse((await runCli(['samegame', 'runs', '--json'], env)).stdout);
    expect(runs[0]).toMatchObject({ id: result.runId, command: 'bench', source: 'set standard', total: result.total });
  });
});

describe('gridmind samegame bench --resume', () => {
  it('keeps every board as it is solved: a resumed run solves only the boards it lacks, and one with none left is the run stored before', async () => {
    const set = join(dir, 'resumed');
    mkdirSync(set);
    const database = { GRIDMIND_DB: join(dir, 'resumed.db') };
    const [r5, r6, r7] = await Promise.all(
      [5, 6, 7].map(
        async (seed) => (await runCli(['samegame', 'board', '--size', '6x6', '--colours', '3', '--seed', String(seed)])).stdout,
      ),
    );
    writeFileSync(join(set, 'r5.txt'), r5);
    writeFileSync(join(set, 'r6.txt'), r6);
    const args = ['samegame', 'bench', '--dir', set, '--method', 'nrpa', '--level', '1', '--nodes', '2000', '--workers', '1', '--json'];
    const first = JSON.parse((await runCli(args, database)).stdout);
    expect(first.storedBoards).toBe(0);

    writeFileSync(join(set, 'r7.txt'), r7);
    const extended = JSON.parse((await runCli([...args, '--resume'], database)).stdout);
    expect(extended.storedBoards).toBe(2);
    expect(extended.boards.slice(0, 2)).toEqual(first.boards);
    expect(extended.runId).not.toBe(first.runId);
    expect(extended.alreadyStored).toBeUndefined();

    const again = await runCli([...args, '--resume'], database);
    expect(JSON.parse(again.stdout)).toMatchObject({ runId: extended.runId, alreadyStored: true, storedBoards: 3, total: extended.total });
    const text = await runCli([...args.slice(0, -1), '--resume'], database);
    expect(text.stdout).toContain(`nothing left to solve: every board was stored, and this is run ${extended.runId}`);
    const runs = JSON.parse((await runCli(['samegame', 'runs', '--json'], database)).stdout);
    expect(runs.map((run: { id: number }) => run.id)).toEqual([extended.runId, first.runId]);
    expect(runs[0]).toMatchObject({ game: 'samegame', command: 'bench', perBoard: extended.boards });

    const fresh = JSON.parse((await runCli(args, database)).stdout);
    expect(fresh.storedBoards).toBe(0); // without --resume every board is solved again
    expect(fresh.boards.map((board: { score: number }) => board.score)).toEqual(
      extended.boards.map((board: { score: number }) => board.score),
    );
  });
});

describe('gridmind samegame bench --seeds', () => {
  it('gives each board the best of its searches, one per seed from --seed on, with the nodes of all', async () => {
    const set = join(dir, 'seeded');
    mkdirSync(set);
    await Promise.all(
      [11, 12].map(async (seed) =>
        writeFileSync(
          join(set, `s${seed}.txt`),
          (await runCli(['samegame', 'board', '--size', '8x8', '--colours', '4', '--seed', String(seed)])).stdout,
        ),
      ),
    );
    const args = ['samegame', 'bench', '--dir', set, '--method', 'nrpa', '--level', '1', '--nodes', '1500', '--workers', '2'];
    const [single, result, text] = await Promise.all([
      Promise.all([5, 6, 7].map(async (seed) => JSON.parse((await runCli([...args, '--seed', String(seed), '--json'], env)).stdout))),
      runCli([...args, '--seed', '5', '--seeds', '3', '--json'], env).then(({ stdout }) => JSON.parse(stdout)),
      runCli([...args, '--seed', '5', '--seeds', '3'], env),
    ]);
    expect(result).toMatchObject({ seed: 5, seeds: 3 });
    result.boards.forEach((board: { score: number; moves: unknown; nodes: number }, i: number) => {
      const searches = single.map((run) => run.boards[i]);
      const best = searches.reduce((a, b) => (b.score > a.score ? b : a));
      expect(board).toMatchObject({ score: best.score, moves: best.moves });
      expect(board.nodes).toBe(searches.reduce((sum, search) => sum + search.nodes, 0));
    });
    expect(new Set(single.flatMap((run) => run.boards.map((board: { score: number }) => board.score))).size).toBeGreaterThan(1);
    expect(text.stdout).toContain('the best of 3 searches (seeds 5-7)');
  });
});

describe('gridmind samegame board', () => {
  it('prints a seeded random board that reads back as a board file', async () => {
    const a = await runCli(['samegame', 'board', '--size', '6x4', '--colours', '3', '--seed', '9']);
    const b = await runCli(['samegame', 'board', '--size', '6x4', '--colours', '3', '--seed', '9']);
    expect(a.stdout).toBe(b.stdout);
    const board = parseBoardText(a.stdout);
    expect([board.width, board.height, board.colours, board.cellCount()]).toEqual([6, 4, 3, 24]);
  });
});

describe('bad input: a clear message, exit 2, nothing stored', () => {
  const fresh = join(dir, 'untouched.db');
  const ragged = boardFile('ragged.txt', ['012', '01']);
  const letters = boardFile('letters.txt', ['012', '0a2']);
  const huge = boardFile(
    'huge.txt',
    Array.from({ length: 51 }, () => '0'.repeat(10)),
  );
  const empty = join(dir, 'empty-dir');
  mkdirSync(empty);
  it.each([
    ['ragged rows', ['solve', '--file', ragged], /row 2 has 2 cells but row 1 has 3/],
    ['a bad character', ['solve', '--file', letters], /row 2 has "a" at column 2: use digits 0-8/],
    ['a board too large', ['solve', '--file', huge], /the board is 10x51 \(columns x rows\): at most 50x50/],
    ['a missing file', ['solve', '--file', join(dir, 'nope.txt')], /cannot read board file .*nope\.txt: no such file or directory\n/],
    ['a folder as the board file', ['solve', '--file', dir], /cannot read board file .*: it is a folder, not a file\n/],
    ['a file as the directory', ['bench', '--dir', small], /cannot read the directory .*small\.txt: it is not a folder\n/],
    ['an unknown method', ['solve', '--file', small, '--method', 'astar'], /unknown search method "astar": use one of nrpa, nmcs, beam/],
    ['an unknown heuristic', ['solve', '--file', small, '--heuristic', 'h9'], /unknown heuristic "h9"/],
    ['a bad time', ['solve', '--file', small, '--time', 'soon'], /"soon" is not a number of seconds/],
    ['an option the method has not', ['solve', '--file', small, '--method', 'nrpa', '--cleared-only'], /--cleared-only works with/],
    ['a level for bfs', ['solve', '--file', small, '--method', 'bfs', '--level', '2'], /--level works with nmcs, nrpa, not bfs/],
    ['a directory without boards', ['bench', '--dir', empty], /no board files \(\*\.txt\) in/],
    ['a bad board in a directory', ['bench', '--dir', dir], /board file .*(huge|letters|ragged)\.txt/],
    ['no boards named', ['bench'], /say which boards to solve: --set standard \(the 20 standard positions\) or --dir DIR/],
    ['a set and a directory', ['bench', '--set', 'standard', '--dir', dir], /give --set or --dir, not both/],
    ['an unknown set', ['bench', '--set', 'hard'], /there is no SameGame test set "hard": the sets are standard/],
  ])('%s', async (_what, args, message) => {
    const { code, stdout, stderr } = await runCli(['samegame', ...args], { GRIDMIND_DB: fresh });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(fresh)).toBe(false);
  });
});

describe('a database that cannot be used', () => {
  it('that another process keeps locked is reported before the search, with exit 1', async () => {
    const path = join(dir, 'locked.db');
    const other = openDatabase(path);
    other.exec('BEGIN IMMEDIATE'); // another process stopped in the middle of a write
    try {
      const started = Date.now();
      const { code, stdout, stderr } = await runCli(['samegame', 'solve', '--file', small, '--time', '60'], { GRIDMIND_DB: path });
      expect(Date.now() - started).toBeLessThan(30_000); // the lock is waited for 5 s, and the minute of search never starts
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^gridmind: error: the database .*locked\.db stayed locked by another process for 5 s/);
    } finally {
      other.close();
    }
  });

  it.each([
    ['solve', ['solve', '--file', small]],
    ['bench', ['bench', '--set', 'standard', '--workers', '1']],
  ])('is refused by %s before the search, with one line and exit 2', async (_command, args) => {
    // A minute of search a board: had it searched before opening the database, it would have taken a minute at least.
    const started = Date.now();
    const { code, stdout, stderr } = await runCli(['samegame', ...args, '--time', '60'], { GRIDMIND_DB: join(small, 'runs.db') });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/cannot use the database .*small\.txt\/runs\.db: .*set GRIDMIND_DB to a writable SQLite file/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
