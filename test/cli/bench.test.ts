import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteTaskStore } from '../../src/bench/task-store.ts';
import type { TetrisGameTask } from '../../src/bench/tasks.ts';
import { openDatabase } from '../../src/store/database.ts';
import { loadAgentSpec } from '../../src/tetris-ai/agent-files.ts';
import { runCli } from './run-cli.ts';

const bin = fileURLToPath(new URL('../../bin/gridmind.js', import.meta.url));

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

    const runs = JSON.parse((await runCli(['runs', '--json'], env)).stdout).runs;
    expect(runs[0]).toMatchObject({ id: result.runId, agent: 'dellacherie', vs: 'eltetris', board: '6x8', games: 6, seedBase: 1 });
    expect(runs[0].perGame.lines).toHaveLength(6);
    expect(runs[0].perGame.vsLines).toHaveLength(6);
    expect((await runCli(['runs'], env)).stdout).toMatch(
      new RegExp(`^#${result.runId}  \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}  tetris .* dellacherie vs eltetris`, 'm'),
    ); // the one date format
  });

  it('gives the same lines whatever the number of workers (game g always has seed base + g)', async () => {
    const seedsPlayed = Promise.all(
      [7, 8].map(
        async (seed) =>
          JSON.parse((await runCli(['play', '--agent', 'bcts', '--board', '6x8', '--seed', String(seed), '--json'])).stdout).lines,
      ),
    ); // played beside the benchmarks
    const one = JSON.parse(
      (await runCli(['bench', '--agent', 'bcts', ...small, '--workers', '1', '--seed-base', '7', '--json'], env)).stdout,
    );
    const two = JSON.parse(
      (await runCli(['bench', '--agent', 'bcts', ...small, '--workers', '2', '--seed-base', '7', '--json'], env)).stdout,
    );
    expect([two.meanLines, two.minLines, two.maxLines, two.pieces]).toEqual([one.meanLines, one.minLines, one.maxLines, one.pieces]);
    const seeds = await seedsPlayed;
    const stored = JSON.parse((await runCli(['runs', '--json', '--limit', '1'], env)).stdout).runs[0];
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

describe('gridmind bench --resume', () => {
  const benchArgs = ['bench', '--agent', 'bcts', '--board', '6x8', '--workers', '2', '--json'];

  it('takes the games stored by earlier runs with the same setup and plays only the others', async () => {
    const resumeEnv = { GRIDMIND_DB: join(dir, 'resume.db') };
    const freshRun = runCli([...benchArgs, '--games', '9'], { GRIDMIND_DB: join(dir, 'fresh.db') }); // played beside
    const first = JSON.parse((await runCli([...benchArgs, '--games', '6'], resumeEnv)).stdout);
    expect(first.storedGames).toBe(0);
    const extended = JSON.parse((await runCli([...benchArgs, '--games', '9', '--resume'], resumeEnv)).stdout);
    expect(extended.storedGames).toBe(6);
    const fresh = JSON.parse((await freshRun).stdout);
    expect([extended.meanLines, extended.minLines, extended.maxLines, extended.pieces]).toEqual([
      fresh.meanLines,
      fresh.minLines,
      fresh.maxLines,
      fresh.pieces,
    ]);
    // The same weights under another name are the same player.
    const renamed = join(dir, 'renamed-bcts.json');
    writeFileSync(
      renamed,
      JSON.stringify({
        ...JSON.parse(readFileSync(new URL('../../src/tetris-ai/agents/bcts.json', import.meta.url), 'utf8')),
        name: 'mine',
        description: 'a copy',
      }),
    );
    const copy = JSON.parse((await runCli([...benchArgs, '--agent', renamed, '--games', '6', '--resume'], resumeEnv)).stdout);
    expect(copy.storedGames).toBe(6);
    // Another setup (a piece limit, another depth) or no --resume: every game is played.
    for (const other of [['--max-pieces', '500', '--resume'], ['--lookahead', '1', '--resume'], []]) {
      expect(JSON.parse((await runCli([...benchArgs, '--games', '6', ...other], resumeEnv)).stdout).storedGames, other.join(' ')).toBe(0);
    }
  });

  it('stores no second run when --resume finds every game stored: it names the run that holds them', async () => {
    const resumeEnv = { GRIDMIND_DB: join(dir, 'nothing-left.db') };
    const runCount = async () => JSON.parse((await runCli(['runs', '--json'], resumeEnv)).stdout).runs.length;
    const first = JSON.parse((await runCli([...benchArgs, '--games', '4'], resumeEnv)).stdout);
    const again = JSON.parse((await runCli([...benchArgs, '--games', '4', '--resume'], resumeEnv)).stdout);
    expect(again).toMatchObject({ storedGames: 4, runId: first.runId, alreadyStored: true, meanLines: first.meanLines });
    const text = await runCli([...benchArgs.filter((arg) => arg !== '--json'), '--games', '4', '--resume'], resumeEnv);
    expect(text.stdout).toMatch(new RegExp(`nothing left to play: every game of seeds 1…4 was stored, and this is run ${first.runId} `));
    expect(await runCount()).toBe(1);
    // Fewer games, or another opponent, are other runs, even when their games are all stored.
    const fewer = JSON.parse((await runCli([...benchArgs, '--games', '3', '--resume'], resumeEnv)).stdout);
    expect(fewer.storedGames).toBe(3);
    expect(fewer.alreadyStored).toBeUndefined();
    expect(await runCount()).toBe(2);
  });

  it('summarises with --stored-only the games stored so far, playing and saving nothing', async () => {
    const storedEnv = { GRIDMIND_DB: join(dir, 'stored-only.db') };
    const first = JSON.parse((await runCli([...benchArgs, '--games', '4'], storedEnv)).stdout);
    await runCli([...benchArgs, '--agent', 'dellacherie', '--games', '2'], storedEnv);
    const runCount = async () => JSON.parse((await runCli(['runs', '--json'], storedEnv)).stdout).runs.length;
    expect(await runCount()).toBe(2);

    // Seed 5's game was stopped in play: it is named with where it stood, and left out of the figures.
    const kept = openDatabase(storedEnv.GRIDMIND_DB);
    const seed5: TetrisGameTask = {
      game: 'tetris',
      spec: loadAgentSpec('bcts'),
      options: { rules: 'research', width: 6, height: 8, seed: 5, preview: 0, maxPieces: null },
    };
    const checkpoint = { pieces: 3072, lines: 1200, ms: 40, rows: Array(12).fill(0), prng: [5, 6, 7, 8], queue: [3] };
    sqliteTaskStore(kept, true).saveCheckpoint!(seed5, checkpoint);
    kept.close();
    const partial = JSON.parse((await runCli([...benchArgs, '--games', '6', '--stored-only'], storedEnv)).stdout);
    expect(partial).toMatchObject({ storedOnly: true, games: 4, requestedGames: 6, seeds: [1, 2, 3, 4], storedGames: 4 });
    expect(partial.inPlay).toEqual([{ agent: 'bcts', seed: 5, lines: 1200, pieces: 3072 }]);
    expect(partial.perGame.lines).toHaveLength(4);
    expect(partial.perGame.lines.reduce((sum: number, lines: number) => sum + lines, 0) / 4).toBe(partial.meanLines);
    const shown = await runCli(benchArgs.filter((arg) => arg !== '--json').concat('--games', '6', '--stored-only'), storedEnv);
    expect(shown.stdout).toMatch(/^seed 5: stopped in play, at 1,200 lines and 3,072 pieces when last kept; --resume goes on from there$/m);
    // Each stored game's lines, by seed.
    const listed = [...shown.stdout.matchAll(/^seed (\d+): ([\d,]+) lines$/gm)].map(([, seed, lines]) => [
      Number(seed),
      Number(lines.replaceAll(',', '')),
    ]);
    expect(listed).toEqual(partial.seeds.map((seed: number, i: number) => [seed, partial.perGame.lines[i]]));
    expect([partial.meanLines, partial.pieces]).toEqual([first.meanLines, first.pieces]);
    const upper = JSON.parse((await runCli([...benchArgs, '--games', '4', '--seed-base', '3', '--stored-only'], storedEnv)).stdout);
    expect(upper.seeds).toEqual([3, 4]);
    // Paired: only the seeds both players have.
    const paired = await runCli(
      ['bench', '--agent', 'bcts', '--vs', 'dellacherie', '--board', '6x8', '--games', '6', '--stored-only'],
      storedEnv,
    );
    expect(paired.stdout).toMatch(/bcts on 6x8, 2 games: /);
    expect(paired.stdout).toMatch(/^paired: bcts − dellacherie = /m);
    expect(paired.stdout).toMatch(/summarised the 2 of 6 games stored so far \(seeds 1…6\); nothing was played or saved/);
    expect(paired.stdout).toMatch(/^seed 2: [\d,]+ lines, dellacherie [\d,]+$/m);
    expect(await runCount()).toBe(2);

    const none = await runCli([...benchArgs, '--games', '6', '--max-pieces', '500', '--stored-only'], storedEnv);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/none of the 6 games \(seeds 1…6\) is stored for bcts with these settings: play them first/);
    // Only a game in play: the refusal names it and how to go on.
    const onlyInPlay = await runCli([...benchArgs, '--games', '2', '--seed-base', '5', '--stored-only'], storedEnv);
    expect(onlyInPlay.code).toBe(2);
    expect(onlyInPlay.stderr).toMatch(
      /none of the 2 games \(seeds 5…6\) is stored for bcts with these settings: one was stopped in play \(seed 5 at 1,200 lines, when last kept\): --resume goes on from there/,
    );
  });

  it('keeps the games finished before an interrupt, and --resume ends as an uninterrupted run does', async () => {
    const args = ['bench', '--agent', 'bcts', '--board', '10x10', '--games', '30', '--workers', '1'];
    const uninterrupted = runCli([...args, '--json'], { GRIDMIND_DB: join(dir, 'whole-bench.db') }); // played beside
    const database = join(dir, 'interrupted-bench.db');
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, GRIDMIND_DB: database } });
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let exited = false;
    void exit.then(() => (exited = true));
    await waitFor(() => exited || (existsSync(database) && storedGameCount(database) >= 2));
    expect(exited, stderr).toBe(false);
    child.kill('SIGINT');
    expect(await exit).toBe(130);
    const kept = storedGameCount(database);
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(kept).toBeLessThan(30);
    expect(stderr).toMatch(
      /interrupted after \d+ of 30 games; they are stored: the same command with --resume plays only the rest \(a game stopped in play goes on from its last checkpoint\)/,
    );

    const resumed = JSON.parse((await runCli([...args, '--resume', '--json'], { GRIDMIND_DB: database })).stdout);
    expect(resumed.storedGames).toBe(kept);
    const whole = JSON.parse((await uninterrupted).stdout);
    expect([resumed.meanLines, resumed.pieces]).toEqual([whole.meanLines, whole.pieces]);
  });
});

function storedGameCount(database: string): number {
  const db = new Database(database, { readonly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM task_results WHERE game = 'tetris'").get() as { n: number }).n;
  } catch {
    return 0; // not migrated yet
  } finally {
    db.close();
  }
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}

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

  it('makes the folders a new database needs, and refuses at once a folder the system will not make', async () => {
    const deep = join(dir, 'new', 'deeper', 'gridmind.db');
    expect((await runCli(['runs'], { GRIDMIND_DB: deep })).code).toBe(0);
    expect(existsSync(deep)).toBe(true);
    // Node's own recursive mkdir never returns here; the run must still end, with one line.
    const { code, stderr } = await runCli(['runs'], { GRIDMIND_DB: '/proc/gridmind-none/gridmind.db' });
    expect(code).toBe(2);
    expect(stderr).toBe(
      "gridmind: error: cannot use the database /proc/gridmind-none/gridmind.db: ENOENT: no such file or directory, mkdir '/proc/gridmind-none'; set GRIDMIND_DB to a writable SQLite file\n",
    );
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

describe('gridmind bench --agent MODULE: an agent in code on worker threads', () => {
  const agent = 'examples/javascript/lowest-column.mjs';
  const codeEnv = { GRIDMIND_DB: join(dir, 'code-agents.db') };

  it('plays each game as play does, stores it, finds it again with --resume, and counts the games its faults ended', async () => {
    // The runs of faulty agents, each in a database of its own, play beside the rest of the test.
    const faulty = join(dir, 'faulty.mjs');
    writeFileSync(faulty, 'export default { choose: ({ placements }) => placements.length };\n');
    const faulting = runCli(['bench', '--agent', faulty, '--board', '6x8', '--games', '3', '--workers', '2', '--json'], {
      GRIDMIND_DB: join(dir, 'faulty.db'),
    });
    const hanging = join(dir, 'hanging.mjs');
    writeFileSync(
      hanging,
      'export default () => { let moves = 0; return { choose: () => { if (++moves === 3) for (;;); return 0; } }; };\n',
    );
    const args2 = ['bench', '--agent', hanging, '--board', '6x8', '--games', '3', '--workers', '2', '--agent-time-limit', '200', '--json'];
    const stopping = runCli(args2, { GRIDMIND_DB: join(dir, 'hanging.db') });

    const args = ['bench', '--agent', agent, '--vs', 'dellacherie', '--board', '8x10', '--games', '4', '--workers', '2', '--json'];
    const first = JSON.parse((await runCli(args, codeEnv)).stdout);
    expect(first).toMatchObject({ agent, preview: 1, storedGames: 0, vs: { agent: 'dellacherie' } });
    expect(first.agentModule).toBe(join(process.cwd(), agent));
    expect(first.agentSpec).toBeUndefined();
    const played = await Promise.all(
      [1, 2, 3, 4].map(
        async (seed) =>
          JSON.parse((await runCli(['play', '--agent', agent, '--board', '8x10', '--seed', String(seed), '--json'])).stdout).lines,
      ),
    );
    const stored = JSON.parse((await runCli(['runs', '--json', '--limit', '1'], codeEnv)).stdout).runs[0];
    expect(stored.perGame.lines).toEqual(played);
    const resumed = JSON.parse((await runCli([...args, '--resume'], codeEnv)).stdout);
    expect(resumed).toMatchObject({ storedGames: 8, alreadyStored: true, runId: first.runId });

    const faulted = await faulting;
    expect(faulted.code).toBe(0); // the run is whole: its games say how they ended
    expect(JSON.parse(faulted.stdout)).toMatchObject({
      faults: 3,
      firstFault: expect.stringMatching(/faulty\.mjs answered \d+: not the index of one of the \d+ placements$/),
    });

    const stopped = await stopping;
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(JSON.parse(stopped.stdout)).toMatchObject({
      faults: 3,
      firstFault: expect.stringMatching(/hanging\.mjs took longer than 200 ms over a move: stopped/),
    });
  });

  it('refuses what an agent in code cannot take, before any game', async () => {
    for (const [extra, message] of [
      [['--lookahead', '1'], `--lookahead sets an agent file's depth: ${agent} is an agent in code`],
      [['--queue', 'redis://127.0.0.1:9'], `${agent} is an agent in code, on this machine only: leave out --queue`],
    ] as const) {
      const { code, stderr } = await runCli(['bench', '--agent', agent, ...extra], codeEnv);
      expect(code).toBe(2);
      expect(stderr).toContain(message);
    }
  });
});
