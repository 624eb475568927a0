import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-cli-'));
function boardFile(name: string, rows: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

interface PlacementsJson {
  count: number;
  placements: { rotation: number; x: number; y: number; cells: [number, number][]; keys: string }[];
}

describe('gridmind --help', () => {
  it('lists the commands', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/tetris/);
    const tetris = await runCli(['tetris', '--help']);
    expect(tetris.stdout).toMatch(/placements/);
  });
});

describe('gridmind tetris placements', () => {
  it('prints the drop placements as JSON, x from the left and y from the floor', async () => {
    const { code, stdout } = await runCli(['tetris', 'placements', '--board', '10x20', '--piece', 'T', '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as PlacementsJson;
    expect(result.count).toBe(34);
    expect(result.placements).toHaveLength(34);
    const first = result.placements[0];
    expect(Object.keys(first)).toEqual(['rotation', 'x', 'y', 'cells', 'keys']);
    expect(first).toEqual({
      rotation: 0,
      x: 0,
      y: 0,
      cells: [
        [0, 0],
        [1, 0],
        [2, 0],
        [1, 1],
      ],
      keys: 'LLLH',
    });
  });

  it('counts every piece on an empty 10-wide board', async () => {
    const counts: Record<string, number> = { O: 9, I: 17, S: 17, Z: 17, T: 34, L: 34, J: 34 };
    for (const [piece, count] of Object.entries(counts)) {
      const { stdout } = await runCli(['tetris', 'placements', '--piece', piece, '--rotation', 'srs', '--json']);
      expect(JSON.parse(stdout).count, piece).toBe(count);
    }
  });

  it('reads a board file and finds tucks in reachable mode', async () => {
    const file = boardFile('overhang.txt', ['..........', '..........', '..........', '#####.....', '..........', '#.........']);
    const drop = JSON.parse(
      (await runCli(['tetris', 'placements', '--piece', 'I', '--board-file', file, '--json'])).stdout,
    ) as PlacementsJson;
    const reachable = JSON.parse(
      (await runCli(['tetris', 'placements', '--piece', 'I', '--board-file', file, '--mode', 'reachable', '--json'])).stdout,
    ) as PlacementsJson;
    const tuck = reachable.placements.find((p) => p.y === 1 && p.x === 0);
    expect(tuck).toMatchObject({
      rotation: 0,
      cells: [
        [0, 1],
        [1, 1],
        [2, 1],
        [3, 1],
      ],
      keys: 'RRDDDDLLLLLH',
    });
    expect(drop.placements.some((p) => p.y < 3 && p.x < 5 && p.rotation === 0)).toBe(false);
  });

  it('puts a board file at the bottom of a larger --board', async () => {
    const file = boardFile('small.txt', ['#########.']);
    const { stdout, code } = await runCli(['tetris', 'placements', '--piece', 'I', '--board', '10x20', '--board-file', file, '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as PlacementsJson;
    expect(result.placements.find((p) => p.rotation === 1 && p.x === 9)).toMatchObject({ y: 0 });
  });

  it('prints a readable table without --json', async () => {
    const { stdout } = await runCli(['tetris', 'placements', '--piece', 'O']);
    expect(stdout).toMatch(/^O on 10x20, drop placements, classic rotation: 9/);
  });

  const badInputs: [string, string[], RegExp][] = [
    ['an unknown piece', ['--piece', 'X'], /unknown piece "X": use one of I O T S Z J L/],
    ['a board too large', ['--piece', 'T', '--board', '20x20'], /board width 20 is out of range: use 4 to 16/],
    ['a malformed size', ['--piece', 'T', '--board', 'big'], /write WIDTHxHEIGHT/],
    ['an unknown mode', ['--piece', 'T', '--mode', 'teleport'], /unknown placement mode "teleport"/],
    ['an unknown rotation system', ['--piece', 'T', '--rotation', 'ars'], /unknown rotation system "ars"/],
    [
      'a missing board file',
      ['--piece', 'T', '--board-file', join(dir, 'nope.txt')],
      /cannot read board file .*nope\.txt: no such file or directory$/m,
    ],
    ['an unknown flag', ['--piece', 'T', '--colour', 'red'], /unknown option '--colour'/],
    ['a missing --piece', [], /required option '--piece <letter>' not specified/],
  ];
  it.each(badInputs)('rejects %s with one line and exit 2', async (_what, args, message) => {
    const { code, stdout, stderr } = await runCli(['tetris', 'placements', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['ragged rows', ['....', '...'], /row 2 has 3 cells but row 1 has 4/],
    ['bad characters', ['..o.', '....'], /row 1 has "o" at column 3/],
    ['too many rows', Array(65).fill('....'), /height 65 is out of range/],
  ])('rejects a board file with %s with one line and exit 2', async (_what, rows, message) => {
    const file = boardFile(`bad-${rows.length}-${rows[0]}.txt`, rows);
    const { code, stderr } = await runCli(['tetris', 'placements', '--piece', 'T', '--board-file', file]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/board file/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
