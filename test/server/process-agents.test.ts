import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeAgentGames } from '../../src/server/code-agent-games.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { Game } from '../../src/tetris/game.ts';
import { isKey } from '../../src/tetris/keys.ts';
import { codeAgentApi, turnOf } from './code-agent-api.ts';
import { loadProgramAgent } from '../../src/tetris-ai/process-agent.ts';
import { fixture, isRunning, loggedEnv, loggedGames } from '../cli/process-agents-harness.ts';

describe('agents over a pipe in the web app (gridmind serve --agent FILE.py, --agent-command CMD)', () => {
  const { log, env } = loggedEnv();
  let db: Db;
  let server: RunningServer;
  const programs = {
    counted: { python: fixture('counted.py') },
    first: { command: `sh ${fixture('first_placement.sh')}` },
    crash: { python: fixture('crash.py') },
    hang: { python: fixture('hang.py') },
    garbage: { command: `sh ${fixture('garbage.sh')}` },
  };
  const { api, start } = codeAgentApi(() => server.url);
  const turn = async (id: number, game: Game) => (await api(`/games/${id}/turn`, turnOf(game))).json();

  beforeAll(async () => {
    Object.assign(process.env, env); // the programs' threads take this process's environment: its Python, its log
    db = openDatabase(':memory:');
    const modules = Object.entries(programs).map(([name, program]) => loadProgramAgent(program, name === 'hang' ? 300 : 5000));
    server = await startServer({ port: 0, host: '127.0.0.1', db, webRoot: WEB_DIST, codeAgents: new CodeAgentGames(modules) });
  });
  afterAll(() => db.close());

  it('lists each program by the name it answered hello with, and plays its turns: a placement the keys reach', async () => {
    expect((await (await api('')).json()).agents).toEqual([
      { name: 'counted', file: fixture('counted.py') },
      { name: 'first placement', file: programs.first.command },
      { name: 'crash on the third move', file: fixture('crash.py') },
      { name: 'hang on the third move', file: fixture('hang.py') },
      { name: programs.garbage.command, file: programs.garbage.command }, // it answered hello with {}: named by its command
    ]);
    const game = new Game({ rules: 'classic', seed: 3 });
    const id = await start('counted');
    for (let piece = 0; piece < 3; piece++) {
      const reply = await turn(id, game);
      expect(reply.fault).toBeUndefined();
      for (const key of reply.keys as string) expect(isKey(key) && game.press(key)).toBe(true);
      if (game.pieces === piece) game.press('H');
      expect(game.lastLock).toMatchObject({ rotation: reply.choice.rotation, x: reply.choice.x, y: reply.choice.y });
    }
    expect((await api(`/games/${id}`, undefined, 'DELETE')).status).toBe(204);
  });

  it('plays game after game on one process, and games at once on a process each', async () => {
    const before = loggedGames(log).length;
    for (let game = 0; game < 2; game++) {
      const id = await start('counted');
      expect((await turn(id, new Game({ rules: 'classic', seed: game }))).fault).toBeUndefined();
      await api(`/games/${id}`, undefined, 'DELETE');
    }
    const [a, b] = [await start('counted'), await start('counted')];
    for (const id of [a, b]) expect((await turn(id, new Game({ rules: 'classic' }))).fault).toBeUndefined();
    const games = loggedGames(log).slice(before);
    expect(games.map(({ game }) => game.split(' ').slice(0, 2).join(' '))).toEqual(Array(4).fill('10x20 classic'));
    const pids = games.map(({ pid }) => pid);
    expect(pids[1]).toBe(pids[0]);
    expect(new Set([pids[2], pids[3]]).size).toBe(2);
    for (const id of [a, b]) await api(`/games/${id}`, undefined, 'DELETE');
  });

  it("ends a game with its program's fault (a crash, a hang, garbage), kills the process, and the server goes on", async () => {
    const before = loggedGames(log).length;
    for (const [agent, moves, fault] of [
      [
        'crash on the third move',
        3,
        `${fixture('crash.py')} exited with status 1 during a move (the last line of its stderr: ZeroDivisionError`,
      ],
      ['hang on the third move', 3, `${fixture('hang.py')} took longer than 300 ms over a move: stopped`],
      [programs.garbage.command, 1, `${programs.garbage.command} answered "left, then drop": not JSON`],
    ] as const) {
      const id = await start(agent);
      const game = new Game({ rules: 'classic' });
      for (let move = 1; move < moves; move++) expect((await turn(id, game)).fault).toBeUndefined();
      const reply = await turn(id, game);
      expect(reply).toMatchObject({ choice: null, keys: null });
      expect(reply.fault).toContain(fault);
      expect((await api(`/games/${id}/turn`, turnOf(game))).status).toBe(400);
    }
    const [crashed, hung] = loggedGames(log).slice(before);
    expect([crashed.pid, hung.pid].filter(isRunning)).toEqual([]);
    const again = await start('crash on the third move');
    expect((await turn(again, new Game({ rules: 'classic' }))).fault).toBeUndefined();
    expect(loggedGames(log).at(-1)!.pid).not.toBe(crashed.pid); // a fresh process for the next game
  });

  it('lets every process go when it closes, the idle ones and those of games still running', async () => {
    const id = await start('counted');
    expect((await turn(id, new Game({ rules: 'classic' }))).fault).toBeUndefined();
    const pids = [...new Set(loggedGames(log).map(({ pid }) => pid))];
    expect(pids.filter(isRunning).length).toBeGreaterThanOrEqual(3); // counted's two, the second crash's
    await server.close();
    expect(pids.filter(isRunning)).toEqual([]);
  });
});
