import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AveiroServer } from '../../src/aveiro/server.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { WEB_DIST } from '../../src/server/web-build.ts';
import { openDatabase, type Db } from '../../src/store/database.ts';
import { runCli } from './run-cli.ts';

describe('gridmind client --agent MODULE on a real Aveiro server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gridmind-client-agents-'));
  let db: Db;
  let server: RunningServer;
  let url = '';

  beforeAll(async () => {
    db = openDatabase(join(dir, 'aveiro.db'));
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      db,
      webRoot: WEB_DIST,
      aveiro: new AveiroServer({ db, seed: 3, maxGames: 4, finishedKept: 4 }),
    });
    url = server.url.replace('http', 'ws');
  });
  afterAll(async () => {
    await server.close();
    db.close();
  });

  it('plays an agent in code among the locks the clock lets through, to the end of its game', async () => {
    const { code, stdout, stderr } = await runCli([
      'client',
      '--server',
      url,
      '--agent',
      'examples/javascript/lowest-column.mjs',
      '--json',
    ]);
    expect(code, stderr).toBe(0);
    const [game] = JSON.parse(stdout).games;
    expect(game.pieces).toBeGreaterThan(5);
    expect(game.fault).toBeUndefined();
  });

  it("leaves a game its agent's fault ended, saying so, with exit 1; refuses a module that exports no agent with exit 2", async () => {
    const faulty = join(dir, 'faulty.mjs');
    writeFileSync(faulty, 'export default { choose() { throw new Error("no idea"); } };\n');
    const faulted = await runCli(['client', '--server', url, '--agent', faulty, '--json']);
    expect(faulted.code).toBe(1);
    expect(JSON.parse(faulted.stdout).games[0].fault).toBe(`${faulty} threw: no idea`);
    const none = join(dir, 'none.mjs');
    writeFileSync(none, 'export const nothing = 0;\n');
    const refused = await runCli(['client', '--server', url, '--agent', none]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`the agent module ${none} exports no agent`);
  });
});
