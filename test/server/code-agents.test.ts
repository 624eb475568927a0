import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeAgentGames } from '../../src/server/code-agent-games.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { Game } from '../../src/tetris/game.ts';
import { isKey } from '../../src/tetris/keys.ts';
import { loadCodeAgent, type AgentModule } from '../../src/tetris-ai/code-agents.ts';
import type { ChooseRequest } from '../../src/tetris-ai/turn-data.ts';
import { codeAgentApi, turnOf } from './code-agent-api.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridmind-served-agents-'));
/** The games the test's server plays at once (the bound of `gridmind serve` is MAX_CODE_AGENT_GAMES). */
const MAX_GAMES = 3;
function moduleFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('agents in code in the web app (gridmind serve --agent FILE)', () => {
  let db: Db;
  let server: RunningServer;
  let sleeper: AgentModule;
  const files = {
    lowest: 'examples/javascript/lowest-column.mjs',
    thrower: moduleFile('thrower.mjs', 'export default { name: "thrower", choose() { throw new Error("boom"); } };'),
    liar: moduleFile('liar.mjs', 'export default { name: "liar", choose: () => -1 };'),
    sleeper: moduleFile('sleeper.mjs', 'export default { name: "sleeper", choose() { for (;;); } };'),
  };
  const { api, start } = codeAgentApi(() => server.url);

  beforeAll(async () => {
    db = openDatabase(':memory:');
    const modules = await Promise.all(Object.values(files).map((file) => loadCodeAgent(file, 300)));
    sleeper = modules.at(-1)!;
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, codeAgents: new CodeAgentGames(modules, MAX_GAMES) });
  });
  afterAll(async () => {
    await server.close();
    db.close();
  });

  it('lists the agents served, and plays a turn: a placement the keys reach, and the keys that play it', async () => {
    expect((await (await api('')).json()).agents).toEqual([
      { name: 'lowest column', file: files.lowest },
      { name: 'thrower', file: files.thrower },
      { name: 'liar', file: files.liar },
      { name: 'sleeper', file: files.sleeper },
    ]);
    const game = new Game({ rules: 'classic', seed: 3 });
    const id = await start('lowest column');
    const reply = await (await api(`/games/${id}/turn`, turnOf(game))).json();
    expect(reply.fault).toBeUndefined();
    const keys: string = reply.keys;
    for (const key of keys) expect(isKey(key) && game.press(key)).toBe(true);
    if (game.pieces === 0) game.press('H');
    expect(game.lastLock).toMatchObject({ rotation: reply.choice.rotation, x: reply.choice.x, y: reply.choice.y });
    expect((await api(`/games/${id}`, undefined, 'DELETE')).status).toBe(204);
    const ended = await api(`/games/${id}/turn`, turnOf(game));
    expect([ended.status, (await ended.json()).error]).toEqual([
      400,
      `no game ${id} of an agent in code is running (it ended, or the server restarted)`,
    ]);
  });

  it("ends an agent's game with its fault (a throw, an answer that is no placement, a move past the time limit), and the server goes on", async () => {
    for (const [agent, fault] of [
      ['thrower', `${files.thrower} threw: boom`],
      ['liar', `${files.liar} answered -1: not the index of one of the`],
      ['sleeper', `${files.sleeper} took longer than 300 ms over a move: stopped`],
    ]) {
      const id = await start(agent);
      const reply = await (await api(`/games/${id}/turn`, turnOf(new Game({ rules: 'classic' })))).json();
      expect(reply).toMatchObject({ choice: null, keys: null });
      expect(reply.fault).toContain(fault);
      expect((await api(`/games/${id}/turn`, turnOf(new Game({ rules: 'classic' })))).status).toBe(400);
    }
    expect((await api('')).status).toBe(200);
  });

  it('serves other requests while an agent thinks, and refuses a turn of a game whose last turn is unanswered', async () => {
    const id = await start('sleeper');
    const thinking = api(`/games/${id}/turn`, turnOf(new Game({ rules: 'classic' }))).then(() => 'the turn');
    const page = fetch(`${server.url}/`).then(() => 'the page');
    expect(await Promise.race([thinking, page])).toBe('the page'); // the sleeper's turn takes its 300 ms
    await thinking;
    const games = new CodeAgentGames([sleeper]);
    try {
      const game = games.start({ agent: 'sleeper', width: 10, height: 20, rotation: 'classic', mode: 'reachable' });
      const first = games.turn(game, turnOf(new Game({ rules: 'classic' })) as ChooseRequest);
      await expect(games.turn(game, turnOf(new Game({ rules: 'classic' })) as ChooseRequest)).rejects.toThrow(
        `game ${game} is answering a turn: send the next once it is answered`,
      );
      expect((await first).fault).toContain('took longer than 300 ms');
    } finally {
      games.close();
    }
  });

  it('refuses an unknown agent and a malformed turn with the reason, and keeps at most a bounded number of games', async () => {
    const unknown = await api('/games', { agent: 'nobody', width: 10, height: 20, rotation: 'classic', mode: 'drop' });
    expect([unknown.status, (await unknown.json()).error]).toEqual([
      400,
      'no agent in code is named "nobody": lowest column, thrower, liar, sleeper',
    ]);
    const id = await start('lowest column');
    const malformed = await api(`/games/${id}/turn`, { id: 1, turn: { rows: 'all' } });
    expect(malformed.status).toBe(400);
    const ids = [];
    for (let i = 0; i <= MAX_GAMES; i++) ids.push(await start('lowest column'));
    expect((await api(`/games/${id}/turn`, turnOf(new Game({ rules: 'classic' })))).status).toBe(400); // the oldest game was let go
    expect((await api(`/games/${ids.at(-1)}/turn`, turnOf(new Game({ rules: 'classic' })))).status).toBe(200);
  });
});
