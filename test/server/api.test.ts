import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';

describe('the HTTP API', () => {
  let db: Db;
  let server: RunningServer;
  const table = { game: 'tetris', rules: 'classic', board: '10x20' };
  const post = (body: unknown, raw?: string) =>
    fetch(`${server.url}/api/highscores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw ?? JSON.stringify(body),
    });

  beforeAll(async () => {
    db = openDatabase(join(mkdtempSync(join(tmpdir(), 'gridmind-api-')), 'api.db'));
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST });
  });
  afterAll(async () => {
    await server.close();
    db.close();
  });

  it('keeps every one of many concurrent scores, and lists the top 10 best first', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post({ ...table, name: `player ${i}`, points: i * 10, lines: i })),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    expect((db.prepare('SELECT COUNT(*) AS n FROM highscores').get() as { n: number }).n).toBe(50);
    const { entries } = await (await fetch(`${server.url}/api/highscores?${new URLSearchParams(table)}`)).json();
    expect(entries.map((entry: { points: number }) => entry.points)).toEqual([490, 480, 470, 460, 450, 440, 430, 420, 410, 400]);
  });

  it('stores names as plain text, without control characters, at most 24 long', async () => {
    const other = { ...table, board: '6x8' };
    const { entries } = await (
      await post({ ...other, name: '\u0007<script>alert(1)</script> and a very long tail', points: 1, lines: 1 })
    ).json();
    expect(entries[0].name).toBe('<script>alert(1)</script>'.slice(0, 24));
  });

  it.each([
    ['a bad board', { ...table, board: 'big', name: 'x', points: 1, lines: 1 }, 400, /board: board must be written WIDTHxHEIGHT/],
    ['negative points', { ...table, name: 'x', points: -5, lines: 1 }, 400, /points/],
    ['an unknown game', { ...table, game: 'chess', name: 'x', points: 1, lines: 1 }, 400, /game/],
  ])('refuses %s with a reason', async (_what, body, status, message) => {
    const response = await post(body);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatch(message);
  });

  it('keeps one table per target score under the target rules, a score past the target below the others', async () => {
    const targetTable = (target: number) => ({ game: 'tetris', rules: 'target', board: '10x20', target });
    for (const [target, name, points] of [
      [5, 'hit', 5],
      [5, 'short', 4],
      [5, 'past', 9],
      [100, 'hundred', 100],
    ] as const) {
      expect((await post({ ...targetTable(target), name, points, lines: points })).status).toBe(201);
    }
    const names = async (target: number) => {
      const response = await fetch(
        `${server.url}/api/highscores?${new URLSearchParams({ ...targetTable(target), target: String(target) })}`,
      );
      return (await response.json()).entries.map((entry: { name: string }) => entry.name);
    };
    expect(await names(5)).toEqual(['hit', 'short', 'past']);
    expect(await names(100)).toEqual(['hundred']);
    expect(await names(12)).toEqual([]);
  });

  it.each([
    [
      'the target rules without a target',
      { rules: 'target' },
      /^target: the target rules keep one table per target score: give the target/,
    ],
    ['a target under other rules', { rules: 'classic', target: 5 }, /^target: the classic rules have no target score: leave target out$/],
    ['a target below 1', { rules: 'target', target: 0 }, /^target: target must be a whole number of at least 1$/],
    ['a fractional target', { rules: 'target', target: 2.5 }, /^target: target must be a whole number of at least 1$/],
  ])('refuses %s, posted or asked for', async (_what, change, message) => {
    const posted = await post({ ...table, ...change, name: 'x', points: 1, lines: 1 });
    expect(posted.status).toBe(400);
    expect((await posted.json()).error).toMatch(message);
    const query = Object.fromEntries(Object.entries({ ...table, ...change }).map(([key, value]) => [key, String(value)]));
    const asked = await fetch(`${server.url}/api/highscores?${new URLSearchParams(query)}`);
    expect(asked.status).toBe(400);
    expect((await asked.json()).error).toMatch(message);
  });

  it('lists the target games stored before their target was kept under target=unrecorded, and loses none', async () => {
    const board = '8x16';
    // As the migration leaves such a score: under the target rules, with no target.
    db.prepare(
      "INSERT INTO highscores (created_at, game, rules, board, target, name, points, lines) VALUES (?, 'tetris', 'target', ?, NULL, 'Old', 40, 9)",
    ).run(new Date().toISOString(), board);
    expect((await post({ game: 'tetris', rules: 'target', board, target: 40, name: 'New', points: 40, lines: 8 })).status).toBe(201);
    const names = async (target: string) =>
      (await (await fetch(`${server.url}/api/highscores?game=tetris&rules=target&board=${board}&target=${target}`)).json()).entries.map(
        (entry: { name: string }) => entry.name,
      );
    expect(await names('unrecorded')).toEqual(['Old']);
    expect(await names('40')).toEqual(['New']);
    const elsewhere = await fetch(`${server.url}/api/highscores?game=tetris&rules=classic&board=${board}&target=unrecorded`);
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).error).toMatch(/^target: the classic rules have no target score: leave target out$/);
    const posted = await post({ game: 'tetris', rules: 'target', board, target: 'unrecorded', name: 'x', points: 1, lines: 1 });
    expect(posted.status).toBe(400); // only old scores have no target
  });

  it('refuses bad JSON, large bodies, unknown routes and methods', async () => {
    expect(await (await post(null, '{nope')).json()).toEqual({ error: 'the request body is not valid JSON' });
    expect((await post(null, JSON.stringify({ name: 'x'.repeat(20_000) }))).status).toBe(413);
    const unknown = await fetch(`${server.url}/api/nothing`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatch(/no API route \/api\/nothing/);
    expect((await fetch(`${server.url}/api/runs`, { method: 'DELETE' })).status).toBe(405);
  });

  it('serves the app, and nothing outside it', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="app">/);
    const escape = await fetch(`${server.url}/..%2f..%2fpackage.json`);
    expect(escape.status).toBe(400);
  });
});
