import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, leave, startRedis, startWorker, stop } from './queue-harness.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-bench-queue-'));
const tetris = ['bench', '--agent', 'bcts', '--vs', 'dellacherie', '--board', '6x10', '--games', '8', '--seed-base', '40', '--json'];
const boards = join(dir, 'boards');
const sameGame = [
  'samegame',
  'bench',
  '--dir',
  boards,
  '--method',
  'nrpa',
  '--level',
  '2',
  '--iterations',
  '8',
  '--nodes',
  '4000',
  '--json',
];

/** The stored results of a database's table, counted. */
/** The results of one game's tasks stored in a database. */
function rows(database: string, game: 'tetris' | 'samegame'): number {
  const db = new Database(database, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM task_results WHERE game = ?').get(game) as { n: number }).n;
  } catch {
    return 0; // not migrated yet
  } finally {
    db.close();
  }
}

describe('benchmarks through the BullMQ queue that gridmind worker serves', () => {
  let redis: ChildProcess | undefined;
  let workers: ChildProcess[] = [];
  let url = '';

  beforeAll(async () => {
    ({ server: redis, url } = await startRedis(dir));
    mkdirSync(boards);
    for (const seed of [1, 2, 3, 4]) {
      const board = await runCli(['samegame', 'board', '--size', '7x7', '--colours', '3', '--seed', String(seed)]);
      writeFileSync(join(boards, `board-${seed}.txt`), board.stdout);
    }
  });

  afterAll(async () => {
    await Promise.all(workers.map(stop));
    await stop(redis);
  });

  it('gives a Tetris benchmark and a SameGame benchmark the results they have on one machine, on two workers', async () => {
    const [tetrisHere, sameGameHere] = await Promise.all([
      runCli([...tetris, '--workers', '2'], { GRIDMIND_DB: join(dir, 'here.db') }),
      runCli([...sameGame, '--workers', '2'], { GRIDMIND_DB: join(dir, 'here.db') }),
    ]);
    expect(tetrisHere.code, tetrisHere.stderr).toBe(0);
    expect(sameGameHere.code, sameGameHere.stderr).toBe(0);

    workers = await Promise.all([1, 2].map(() => startWorker(url)));
    const queued = join(dir, 'queued.db');
    const tetrisQueued = await runCli([...tetris, '--queue', url, '--workers', '3'], { GRIDMIND_DB: queued });
    expect(tetrisQueued.code, tetrisQueued.stderr).toBe(0);
    expect(tetrisQueued.stderr).toContain(`tasks go to ${url}: 2 workers listening`);
    expect(tetrisQueued.stderr).toContain('--workers is ignored with --queue');
    const sameGameQueued = await runCli([...sameGame, '--queue', url], { GRIDMIND_DB: queued });
    expect(sameGameQueued.code, sameGameQueued.stderr).toBe(0);

    const [here, there] = [JSON.parse(tetrisHere.stdout), JSON.parse(tetrisQueued.stdout)];
    expect(there.queue).toBe(url);
    for (const field of ['meanLines', 'stderr', 'medianLines', 'minLines', 'maxLines', 'pieces', 'vs', 'comparison'] as const) {
      if (field === 'vs') expect({ ...there.vs, piecesPerSecond: 0 }).toEqual({ ...here.vs, piecesPerSecond: 0 });
      else expect(there[field], field).toEqual(here[field]);
    }
    const runs = JSON.parse((await runCli(['runs', '--json'], { GRIDMIND_DB: queued })).stdout).runs;
    expect(runs.map((run: { game: string }) => run.game)).toEqual(['samegame', 'tetris']);
    expect(runs[1].perGame).toEqual(
      JSON.parse((await runCli(['runs', '--json'], { GRIDMIND_DB: join(dir, 'here.db') })).stdout).runs.find(
        (run: { game: string }) => run.game === 'tetris',
      ).perGame,
    );

    const [solvedHere, solvedThere] = [JSON.parse(sameGameHere.stdout), JSON.parse(sameGameQueued.stdout)];
    const game = ({ file, score, moves, nodes }: { file: string; score: number; moves: number[][]; nodes: number }) => ({
      file,
      score,
      moves,
      nodes,
    });
    expect(solvedThere.boards.map(game)).toEqual(solvedHere.boards.map(game));
    expect([solvedThere.total, solvedThere.penaltyTotal]).toEqual([solvedHere.total, solvedHere.penaltyTotal]);
    expect(rows(queued, 'tetris')).toBe(16);
    expect(rows(queued, 'samegame')).toBe(4);

    // Both workers took part, and say what they did as they leave.
    const reports = await Promise.all(workers.map(leave));
    const done = reports.map((report) => {
      const games = Number(/(\d+) games?/.exec(report)?.[1] ?? 0);
      const solved = Number(/(\d+) boards?/.exec(report)?.[1] ?? 0);
      return { games, solved };
    });
    expect(done[0].games + done[1].games).toBe(16);
    expect(done[0].solved + done[1].solved).toBe(4);
    expect(done.every(({ games, solved }) => games + solved > 0)).toBe(true);
  });

  it('keeps the games the workers finished before the benchmark was interrupted, and --resume plays only the rest', async () => {
    workers = [await startWorker(url)];
    const args = ['bench', '--agent', 'bcts', '--board', '10x10', '--games', '12', '--seed-base', '300', '--queue', url];
    const database = join(dir, 'interrupted.db');
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, GRIDMIND_DB: database } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await expect.poll(() => rows(database, 'tetris'), { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    child.kill('SIGINT');
    expect(await exit, stderr).toBe(130);
    const kept = rows(database, 'tetris');
    expect(kept).toBeLessThan(12);
    expect(stderr).toMatch(/interrupted after \d+ of 12 games; they are stored: the same command with --resume plays only the rest/);

    const resumed = await runCli([...args, '--resume', '--json'], { GRIDMIND_DB: database });
    expect(resumed.code, resumed.stderr).toBe(0);
    const whole = await runCli([...args.slice(0, -2), '--workers', '2', '--json'], { GRIDMIND_DB: join(dir, 'whole.db') });
    const [afterResume, uninterrupted] = [JSON.parse(resumed.stdout), JSON.parse(whole.stdout)];
    expect(afterResume.storedGames).toBeGreaterThanOrEqual(kept);
    expect([afterResume.meanLines, afterResume.pieces, afterResume.maxLines]).toEqual([
      uninterrupted.meanLines,
      uninterrupted.pieces,
      uninterrupted.maxLines,
    ]);
  });

  it('stops with exit 1 and names --resume when the queue loses its jobs (Redis emptied, as after a restart without its data)', async () => {
    await Promise.all(workers.map(stop));
    workers = [];
    const args = ['bench', '--agent', 'bcts', '--board', '10x10', '--games', '6', '--seed-base', '900', '--queue', url];
    const bench = runCli(args, { GRIDMIND_DB: join(dir, 'emptied.db') });
    await expect
      .poll(async () => (await runCli(['queue', 'status', '--queue', url, '--json'])).stdout, { timeout: 20_000 })
      .toMatch(/"waiting":6/);
    const redisClient = new Redis(url);
    await redisClient.flushall();
    redisClient.disconnect();
    const { code, stderr } = await bench;
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /is no longer in the queue: .*or Redis lost its data; 0 of 6 games are stored: the same command with --resume plays only the rest\n$/,
    );
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('refuses --queue with --stored-only, which plays nothing', async () => {
    const refused = await runCli(['bench', '--agent', 'bcts', '--stored-only', '--queue', url], { GRIDMIND_DB: join(dir, 'none.db') });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--stored-only plays nothing: leave out --queue');
  });
});
