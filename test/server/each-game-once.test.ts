import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBoard } from '../../src/samegame/rules/random-boards.ts';
import { SameGame } from '../../src/samegame/rules/game.ts';
import { sameGameReplay } from '../../src/samegame/replay.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { droppedGame, postScore } from './finished-games.ts';

describe('each game is stored once', () => {
  let db: Db;
  let server: RunningServer;
  const post = (body: unknown) => postScore(server.url, body);
  const stored = () => db.prepare('SELECT count(*) FROM highscores').pluck().get();

  beforeAll(async () => {
    db = openDatabase(':memory:');
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, rateLimit: { perSecond: 1000, burst: 1000 } });
  });
  afterAll(async () => {
    await server.close();
    db.close();
  });

  it('stores the same replay posted 300 times once: every other post answers 409 with the first entry', async () => {
    const replay = droppedGame({ rules: 'classic', width: 6, height: 10, seed: 11 }, 200);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => post({ name: `copy ${i}`, replay })));
    const created = answers.filter(({ status }) => status === 201);
    expect(created).toHaveLength(1);
    const first = created[0].body;
    const refused = answers.filter(({ status }) => status === 409);
    expect(refused).toHaveLength(299);
    for (const { body } of refused) {
      expect(body.entry).toMatchObject({ id: first.id, name: first.entries[0].name, points: first.points });
      expect(body.error).toContain(`stored already, as high score ${first.id}`);
    }
    expect(stored()).toBe(1);
  });

  it('refuses a stored replay, downloaded and posted again under another name, and the same placements at other times', async () => {
    const replay = droppedGame({ rules: 'classic', width: 6, height: 10, seed: 12 }, 200);
    const { body: first } = await post({ name: 'Ana', replay });
    const downloaded = await (await fetch(`${server.url}/api/highscores/${first.id}/replay`)).json();
    const again = await post({ name: 'Mallory', replay: downloaded, agents: [] });
    expect(again.status).toBe(409);
    expect(again.body.entry).toMatchObject({ id: first.id, name: 'Ana' });
    // The same game with every input 7 ms later: other key times, the same pieces at the same places.
    const shifted = { ...replay, inputs: replay.inputs.map((input) => ({ ...input, t: input.t + 7 })), end: replay.end + 7 };
    expect((await post({ name: 'Mallory', replay: shifted })).status).toBe(409);
    // Settings that change what a player sees, not the game: another preview, a target the rules do not have.
    expect((await post({ name: 'Mallory', replay: { ...replay, config: { ...replay.config, preview: 16 } } })).status).toBe(409);
    expect((await post({ name: 'Mallory', replay: { ...replay, config: { ...replay.config, target: 7 } } })).status).toBe(409);
    // Another seed is another game.
    expect((await post({ name: 'Mallory', replay: droppedGame({ rules: 'classic', width: 6, height: 10, seed: 13 }, 200) })).status).toBe(
      201,
    );
  });

  it('takes a SameGame whose moves click other cells of the same groups as the same game', async () => {
    const board = randomBoard(6, 6, 3, 21);
    const game = new SameGame(board);
    const firstCells: [number, number][] = [];
    const lastCells: [number, number][] = [];
    while (!game.isOver()) {
      const group = game.groupAt(...game.moves()[0]);
      firstCells.push(group[0]);
      lastCells.push(group.at(-1)!);
      game.play(...group[0]);
    }
    expect(firstCells).not.toEqual(lastCells);
    const replay = (moves: [number, number][]) => ({ ...sameGameReplay(board, game.rules, moves), deal: { seed: 21, colours: 3 } });
    expect((await post({ name: 'Sam', replay: replay(firstCells) })).status).toBe(201);
    const again = await post({ name: 'Other', replay: replay(lastCells) });
    expect([again.status, again.body.entry.name]).toEqual([409, 'Sam']);
  });
});
