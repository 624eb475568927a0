import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { sameGameReplay } from '../../src/samegame/replay.ts';
import { replay } from '../../src/tetris/game.ts';
import { finishedGame } from './finished-games.ts';

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

  it('keeps every one of many concurrent games at the score its replay gives, and lists the top 10 best first', async () => {
    const games = Array.from({ length: 30 }, (_, seed) =>
      finishedGame('classic', seed + 1, { width: 6, height: 10, agent: 'dellacherie' }),
    );
    const responses = await Promise.all(games.map((game, i) => post({ name: `player ${i}`, replay: game.replay })));
    expect(responses.map((response) => response.status)).toEqual(games.map(() => 201));
    const answers = await Promise.all(responses.map((response) => response.json()));
    expect(answers.map(({ points, lines }) => [points, lines])).toEqual(games.map(({ score, lines }) => [score, lines]));
    expect(answers[0].table).toEqual({
      game: 'tetris',
      rules: 'classic',
      board: '6x10',
      rotation: 'classic',
      dealing: 'uniform',
      preview: 0,
      rows: 0,
    });
    const { entries } = await (await fetch(`${server.url}/api/highscores?game=tetris&rules=classic&board=6x10&preview=0`)).json();
    const best = games
      .map(({ score }) => score)
      .sort((a, b) => b - a)
      .slice(0, 10);
    expect(entries.map((entry: { points: number }) => entry.points)).toEqual(best);
    // An agent placed every piece (whole placements), though the posts credit none: each is shown an agent's game.
    expect(entries[0]).toMatchObject({
      agents: [{ name: 'unnamed agent', pieces: entries[0].pieces }],
      players: 'agents',
      replayable: true,
    });
  });

  it("keeps each score's replay, which plays again to the same score", async () => {
    const game = finishedGame('classic', 77, { width: 6, height: 10, agent: 'dellacherie' });
    const { id } = await (await post({ name: 'kept', replay: game.replay })).json();
    const kept = await fetch(`${server.url}/api/highscores/${id}/replay`);
    expect(kept.status).toBe(200);
    expect(replay(await kept.json()).score).toBe(game.score);
    const missing = await fetch(`${server.url}/api/highscores/999999/replay`);
    expect([missing.status, (await missing.json()).error]).toEqual([404, 'no replay is kept for high score 999999']);
  });

  it('records the agents that placed pieces with their share, and stores names as plain text, without control characters, at most 24 long', async () => {
    const game = finishedGame('classic', 5, { width: 6, height: 8, agent: 'dellacherie' });
    const { entries } = await (
      await post({
        name: '\u0007<script>alert(1)</script> and a very long tail',
        replay: game.replay,
        agents: [{ name: 'dellacherie', pieces: 2 }],
      })
    ).json();
    expect(entries[0]).toMatchObject({
      name: '<script>alert(1)</script>'.slice(0, 24),
      pieces: game.pieces,
      agents: [
        { name: 'dellacherie', pieces: 2 },
        { name: 'unnamed agent', pieces: game.pieces - 2 },
      ],
    });
    const greedy = await post({ name: 'x', replay: game.replay, agents: [{ name: 'bcts', pieces: game.pieces + 1 }] });
    expect([greedy.status, (await greedy.json()).error]).toEqual([
      400,
      `agents: they placed ${game.pieces + 1} pieces, and the game has ${game.pieces}`,
    ]);
  });

  it.each([
    ['a score without its replay', { ...table, name: 'x', points: 999_999_999, lines: 1 }, /^replay: /],
    ['an unknown replay format', { name: 'x', replay: { format: 'chess' } }, /^replay.format: a high score is a "gridmind-tetris-replay"/],
    [
      'a game that has not ended',
      { name: 'x', replay: { ...finishedGame('classic', 2).replay, inputs: [] } },
      /stops before its game ends/,
    ],
    [
      'pieces chosen rather than dealt',
      {
        name: 'x',
        replay: {
          ...finishedGame('classic', 2).replay,
          config: { ...finishedGame('classic', 2).replay.config, randomizer: 'sequence', sequence: 'I' },
        },
      },
      /dealt by its seed/,
    ],
    [
      'a huge board',
      {
        name: 'x',
        replay: { ...finishedGame('classic', 2).replay, config: { ...finishedGame('classic', 2).replay.config, width: 99, height: 99 } },
      },
      /board width 99 is out of range/,
    ],
  ])('refuses %s, with the reason', async (_what, body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(message);
  });

  it('keeps one table per target score under the target rules', async () => {
    for (const target of [20, 30]) {
      const game = finishedGame('target', 4, { target, agent: 'target' });
      const answer = await (await post({ name: `aimed at ${target}`, replay: game.replay })).json();
      expect(answer.table).toEqual({
        game: 'tetris',
        rules: 'target',
        board: '10x20',
        rotation: 'classic',
        dealing: 'uniform',
        preview: 0,
        rows: 0,
        target,
      });
    }
    const names = async (target: number) =>
      (
        await (await fetch(`${server.url}/api/highscores?game=tetris&rules=target&board=10x20&preview=0&target=${target}`)).json()
      ).entries.map((entry: { name: string }) => entry.name);
    expect(await names(20)).toEqual(['aimed at 20']);
    expect(await names(30)).toEqual(['aimed at 30']);
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
  ])('refuses a table query with %s', async (_what, change, message) => {
    const query = Object.fromEntries(Object.entries({ ...table, ...change }).map(([key, value]) => [key, String(value)]));
    const asked = await fetch(`${server.url}/api/highscores?${new URLSearchParams(query)}`);
    expect(asked.status).toBe(400);
    expect((await asked.json()).error).toMatch(message);
  });

  it('lists the games stored before their settings were kept under settings=unrecorded (target=unrecorded too), and loses none', async () => {
    const board = '10x20';
    // As the migration leaves such a score: under the target rules, with no target.
    db.prepare(
      "INSERT INTO highscores (created_at, game, rules, board, target, name, points, lines) VALUES (?, 'tetris', 'target', ?, NULL, 'Old', 40, 9)",
    ).run(new Date().toISOString(), board);
    const names = async (target: string) =>
      (
        await (await fetch(`${server.url}/api/highscores?game=tetris&rules=target&board=${board}&preview=0&target=${target}`)).json()
      ).entries.map((entry: { name: string }) => entry.name);
    expect(await names('unrecorded')).toEqual(['Old']);
    expect(await names('20')).toEqual(['aimed at 20']);
    const unrecorded = await (
      await fetch(`${server.url}/api/highscores?game=tetris&rules=target&board=${board}&settings=unrecorded`)
    ).json();
    expect(unrecorded.entries.map((entry: { name: string }) => entry.name)).toEqual(['Old']);
    const elsewhere = await fetch(`${server.url}/api/highscores?game=tetris&rules=classic&board=${board}&settings=unrecorded`);
    expect([elsewhere.status, await elsewhere.json()]).toEqual([200, { entries: [] }]);
  });

  it('keeps SameGame games in one table per rules, board and colours, each replay kept to watch again', async () => {
    const game = (seed: number, colours: number) => {
      const board = randomBoard(6, 5, colours, seed);
      const played = new SameGame(board, { scoring: 'standard', shift: 'right' });
      while (!played.isOver()) played.play(...played.moves()[0]);
      const moves = played.history().map(({ x, y }): [number, number] => [x, y]);
      return { replay: { ...sameGameReplay(board, played.rules, moves), deal: { seed, colours } }, score: played.score() };
    };
    const three = game(4, 3);
    const saved = await (await post({ name: 'Sam', replay: three.replay })).json();
    expect(saved).toMatchObject({ points: three.score, table: { game: 'samegame', rules: 'standard/right', board: '6x5', colours: 3 } });
    expect(saved.entries.map((entry: { id: number }) => entry.id)).toEqual([saved.id]);
    const four = game(4, 4);
    expect((await post({ name: 'Quattro', replay: four.replay })).status).toBe(201);
    const list = async (query: string) => {
      const response = await fetch(`${server.url}/api/highscores?game=samegame&rules=standard/right&board=6x5${query}`);
      return [response.status, await response.json()];
    };
    const [, byThree] = await list('&colours=3');
    expect(byThree.entries.map((entry: { name: string; pieces: number }) => [entry.name, entry.pieces])).toEqual([
      ['Sam', three.replay.moves.length],
    ]);
    const [, byFour] = await list('&colours=4');
    expect(byFour.entries.map((entry: { name: string }) => entry.name)).toEqual(['Quattro']);
    const [, byFive] = await list(''); // without colours: the standard positions' 5
    expect(byFive.entries).toEqual([]);
    const kept = await (await fetch(`${server.url}/api/highscores/${saved.id}/replay`)).json();
    expect(kept).toEqual(three.replay);

    expect(await list('&colours=1')).toEqual([400, { error: 'colours: colours must be a whole number from 2 to 9' }]);
    expect(await list('&colours=three')).toEqual([400, { error: 'colours: colours must be a whole number from 2 to 9' }]);
    const tetris = await fetch(`${server.url}/api/highscores?game=tetris&rules=classic&board=10x20&colours=3`);
    expect([tetris.status, await tetris.json()]).toEqual([400, { error: 'colours: only SameGame tables are split by colours' }]);
  });

  it('refuses bad JSON, large bodies, unknown routes and methods', async () => {
    expect(await (await post(null, '{nope')).json()).toEqual({ error: 'the request body is not valid JSON' });
    expect((await post(null, JSON.stringify({ name: 'x'.repeat(17_000_000) }))).status).toBe(413);
    const unknown = await fetch(`${server.url}/api/nothing`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatch(/no API route \/api\/nothing/);
    expect((await fetch(`${server.url}/api/runs`, { method: 'DELETE' })).status).toBe(405);
  });

  it('reads list limits and the replay player by their schemas: a bad one is named, not guessed', async () => {
    const answer = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      return [response.status, await response.json()];
    };
    expect((await answer('/api/runs?limit=1000'))[0]).toBe(200);
    expect((await answer('/api/tune-runs?limit=1'))[0]).toBe(200);
    for (const limit of ['0', '1001', 'many', '-1']) {
      expect(await answer(`/api/runs?limit=${limit}`)).toEqual([400, { error: 'limit: limit must be a whole number from 1 to 1000' }]);
      expect(await answer(`/api/tune-runs?limit=${limit}`)).toEqual([400, { error: 'limit: limit must be a whole number from 1 to 1000' }]);
    }
    expect(await answer('/api/runs?game=chess')).toEqual([400, { error: 'game: game must be tetris or samegame' }]);
    expect(await answer('/api/runs/1/games/0/replay?player=me')).toEqual([
      400,
      { error: 'player: player=vs is the one value: the opponent' },
    ]);
  });

  it('serves the app, and nothing outside it', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="app">/);
    const escape = await fetch(`${server.url}/..%2f..%2fpackage.json`);
    expect(escape.status).toBe(400);
  });
});
