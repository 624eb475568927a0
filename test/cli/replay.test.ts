import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_SETS } from '../../src/samegame/test-sets.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-replay-'));
const env = { GRIDMIND_DB: join(dir, 'runs.db') };
const replayOf = async (file: string) => {
  const { code, stdout, stderr } = await runCli(['replay', file, '--json'], env);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout);
};

describe('gridmind play --replay-out and gridmind replay', () => {
  it('writes a replay of any game that the engine plays again to the same end', async () => {
    for (const args of [
      ['--agent', 'bcts', '--board', '10x10', '--seed', '3'],
      ['--agent', 'bcts', '--rules', 'classic', '--max-pieces', '150'],
      ['--agent', 'target', '--rules', 'target', '--target', '30'],
      ['--agent', 'examples/javascript/lowest-column.mjs', '--board', '8x12'],
      ['--agent', 'dellacherie', '--search', 'beam', '--max-pieces', '30'],
    ]) {
      const file = join(dir, `${args.join('-').replace(/\W+/g, '_')}.json`);
      const played = JSON.parse((await runCli(['play', ...args, '--replay-out', file, '--json'], env)).stdout);
      const replayed = await replayOf(file);
      expect(replayed, args.join(' ')).toMatchObject({ game: 'tetris', rules: played.rules, board: played.board, seed: played.seed });
      expect([replayed.score, replayed.lines, replayed.pieces], args.join(' ')).toEqual([played.score, played.lines, played.pieces]);
      if (played.outcome !== 'piece-limit') expect(replayed.outcome).toBe(played.outcome);
    }
  });

  it('believes nothing but the set-up and the inputs: an edited input is refused with its reason, another seed plays another game', async () => {
    const file = join(dir, 'honest.json');
    await runCli(['play', '--agent', 'bcts', '--board', '10x10', '--max-pieces', '40', '--replay-out', file], env);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    const honest = await replayOf(file);

    const moved = structuredClone(log);
    moved.inputs[5].place = [0, 42, 0];
    writeFileSync(join(dir, 'moved.json'), JSON.stringify(moved));
    const refused = await runCli(['replay', join(dir, 'moved.json')], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^gridmind: error: .* cannot be placed at rotation 0, x 42, y 0 here\n$/);

    const reseeded = structuredClone(log);
    reseeded.config.seed += 1;
    writeFileSync(join(dir, 'reseeded.json'), JSON.stringify(reseeded));
    const other = await runCli(['replay', join(dir, 'reseeded.json'), '--json'], env);
    if (other.code === 0) expect(JSON.parse(other.stdout).score).not.toBe(honest.score);
    else expect(other.stderr).toMatch(/cannot be placed/); // the same placements rarely fit other pieces

    for (const [text, message] of [
      ['{"format":"gridmind-tetris-replay"', 'not JSON'],
      ['{"format":"chess"}', 'not a Gridmind Tetris replay log'],
      [JSON.stringify({ ...log, inputs: [{ t: 0, key: 'Q' }] }), '"Q" is not a key'],
    ]) {
      writeFileSync(join(dir, 'bad.json'), text);
      const { code, stderr } = await runCli(['replay', join(dir, 'bad.json')], env);
      expect(code, text).toBe(2);
      expect(stderr).toContain(message);
    }
    const missing = await runCli(['replay', join(dir, 'missing.json')], env);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      `gridmind: error: cannot read the replay ${join(dir, 'missing.json')}: no such file or directory\n`,
    ]);
  });

  it('replays a SameGame that samegame solve wrote, and refuses a move that names no cell', async () => {
    const file = join(dir, 'samegame.json');
    const board = join(TEST_SETS.standard, 'schadd_04.txt');
    const solved = JSON.parse(
      (await runCli(['samegame', 'solve', '--file', board, '--method', 'beam', '--nodes', '3000', '--replay-out', file, '--json'], env))
        .stdout,
    );
    expect(await replayOf(file)).toEqual({
      game: 'samegame',
      rules: 'standard/left',
      board: '15x15',
      score: solved.score,
      cleared: solved.cleared,
      moves: solved.moves.length,
      over: true,
    });
    const log = JSON.parse(readFileSync(file, 'utf8'));
    log.moves[1] = [99, 0];
    writeFileSync(file, JSON.stringify(log));
    const { code, stderr } = await runCli(['replay', file], env);
    expect(code).toBe(2);
    expect(stderr).toBe('gridmind: error: move 2: no cell at column 99, row 0: the move must name a cell of a group\n');
  });
});
