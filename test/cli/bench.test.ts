import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-bench-'));
const db = join(dir, 'runs.db');
const env = { GRIDMIND_DB: db };
const small = ['--board', '6x8', '--games', '6'];

describe('gridmind bench', () => {
  it('benchmarks an agent against another on the same seeds, and stores the run', async () => {
    const { code, stdout, stderr } = await runCli(
      ['bench', '--agent', 'dellacherie', '--vs', 'eltetris', ...small, '--workers', '2', '--json'],
      env,
    );
    expect(code).toBe(0);
    expect(stderr).toMatch(/12\/12 games/);
    const result = JSON.parse(stdout);
    for (const field of [
      'agent',
      'board',
      'games',
      'meanLines',
      'stderr',
      'medianLines',
      'minLines',
      'maxLines',
      'pieces',
      'piecesPerSecond',
      'workers',
    ]) {
      expect(result, field).toHaveProperty(field);
    }
    expect(result).toMatchObject({ agent: 'dellacherie', board: '6x8', games: 6, workers: 2, vs: { agent: 'eltetris' } });
    expect(result.comparison.agentWins + result.comparison.vsWins + result.comparison.ties).toBe(6);
    expect(result.comparison.meanDifference).toBeCloseTo(result.meanLines - result.vs.meanLines, 9);

    const runs = JSON.parse((await runCli(['runs', '--json'], env)).stdout);
    expect(runs[0]).toMatchObject({ id: result.runId, agent: 'dellacherie', vs: 'eltetris', board: '6x8', games: 6, seedBase: 1 });
    expect(runs[0].perGame.lines).toHaveLength(6);
    expect(runs[0].perGame.vsLines).toHaveLength(6);
    expect((await runCli(['runs'], env)).stdout).toMatch(new RegExp(`^#${result.runId} .* dellacherie vs eltetris`, 'm'));
  });

  it('gives the same lines whatever the number of workers (game g always has seed base + g)', async () => {
    const one = JSON.parse(
      (await runCli(['bench', '--agent', 'bcts', ...small, '--workers', '1', '--seed-base', '7', '--json'], env)).stdout,
    );
    const two = JSON.parse(
      (await runCli(['bench', '--agent', 'bcts', ...small, '--workers', '2', '--seed-base', '7', '--json'], env)).stdout,
    );
    expect([two.meanLines, two.minLines, two.maxLines, two.pieces]).toEqual([one.meanLines, one.minLines, one.maxLines, one.pieces]);
    const seeds = await Promise.all(
      [7, 8].map(
        async (seed) =>
          JSON.parse((await runCli(['play', '--agent', 'bcts', '--board', '6x8', '--seed', String(seed), '--json'])).stdout).lines,
      ),
    );
    const stored = JSON.parse((await runCli(['runs', '--json', '--limit', '1'], env)).stdout)[0];
    expect(stored.perGame.lines.slice(0, 2)).toEqual(seeds);
  });

  describe('bad input: a clear message, exit 2, nothing stored', () => {
    const fresh = join(dir, 'untouched.db');
    const missingWeight = join(dir, 'missing-weight.json');
    writeFileSync(
      missingWeight,
      JSON.stringify({ name: 'x', description: 'x', source: 'x', features: ['holes', 'bumpiness'], weights: { holes: -1 } }),
    );
    const unknownFeature = join(dir, 'unknown-feature.json');
    writeFileSync(
      unknownFeature,
      JSON.stringify({ name: 'x', description: 'x', source: 'x', features: ['holes', 'luck'], weights: { holes: -1, luck: 1 } }),
    );
    it.each([
      ['an unknown agent', ['--agent', 'skynet'], /unknown agent "skynet"/],
      ['a missing weight', ['--agent', missingWeight], /has no weight for feature "bumpiness"/],
      ['an unknown feature', ['--agent', unknownFeature], /unknown feature "luck"/],
      ['an unknown opponent', ['--agent', 'bcts', '--vs', 'skynet'], /unknown agent "skynet"/],
      ['a bad board size', ['--agent', 'bcts', '--board', '10x100'], /board height 100 is out of range: use 4 to 64 rows/],
      ['a bad game count', ['--agent', 'bcts', '--games', 'many'], /"many" is not a whole number/],
    ])('%s', async (_what, args, message) => {
      const { code, stdout, stderr } = await runCli(['bench', ...args, '--games', '2'], { GRIDMIND_DB: fresh });
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(fresh)).toBe(false);
    });
  });
});

describe('gridmind bench --lookahead', () => {
  it('plays an agent with another search depth than its own: here the two-piece policy of a one-piece agent', async () => {
    const args = ['bench', '--agent', 'dellacherie', '--board', '6x8', '--games', '4', '--json'];
    const [onePiece, twoPiece] = await Promise.all([runCli(args, env), runCli([...args, '--lookahead', '1'], env)]);
    const [one, two] = [JSON.parse(onePiece.stdout), JSON.parse(twoPiece.stdout)];
    expect(one).toMatchObject({ preview: 0, lookahead: null });
    expect(two).toMatchObject({ preview: 1, lookahead: 1, agentSpec: { name: 'dellacherie', policy: { lookahead: 1 } } });
    expect(two.pieces).not.toBe(one.pieces);
    const bad = await runCli([...args, '--lookahead', '4'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"4" is not a whole number from 0 to 3/);
  });
});

describe('the database', () => {
  it('refuses a file that is not a SQLite database, with one line and exit 2, before playing', async () => {
    const notADatabase = join(dir, 'notes.txt');
    writeFileSync(notADatabase, 'these are my notes, not a database\n');
    for (const args of [['runs'], ['bench', '--agent', 'bcts', '--games', '100000']]) {
      const started = Date.now();
      const { code, stderr } = await runCli(args, { GRIDMIND_DB: notADatabase });
      expect(code).toBe(2);
      expect(stderr).toMatch(/cannot use the database .*notes.txt: file is not a database; set GRIDMIND_DB to a writable SQLite file/);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(10_000); // no 100,000 games were played first
    }
  });

  it('refuses a seed base that would pass the largest seed', async () => {
    const { code, stderr } = await runCli(
      ['bench', '--agent', 'bcts', '--games', '2', '--seed-base', String(Number.MAX_SAFE_INTEGER)],
      env,
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/passes the largest seed/);
  });
});
