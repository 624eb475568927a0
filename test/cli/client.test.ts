import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAveiroServer } from './aveiro-test-server.ts';
import { runCli } from './run-cli.ts';

describe('gridmind client', () => {
  it('says in one line that it cannot reach the server, with exit 1: the input was fine', async () => {
    const probe = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve)); // nothing listens there now
    const { code, stdout, stderr } = await runCli(['client', '--server', `ws://127.0.0.1:${port}`, '--games', '1']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(new RegExp(`^gridmind: error: cannot play on ws://127\\.0\\.0\\.1:${port}/player: connect ECONNREFUSED`));
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('gridmind client --server: the address the server prints', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gridmind-client-address-'));
  const { url: serverUrl } = useAveiroServer(dir);
  /** An agent in code that tops out soon (a dozen pieces, some seconds of the server's clock): the address is what is tested. */
  const firstPlacement = join(dir, 'first-placement.mjs');
  writeFileSync(firstPlacement, 'export default { choose: () => 0 };\n');

  it('plays at ws://HOST:PORT/player, as `gridmind serve` and the web app print it', async () => {
    const { code, stdout, stderr } = await runCli(['client', '--server', `${serverUrl()}/player`, '--agent', firstPlacement, '--json']);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout).games[0].pieces).toBeGreaterThan(5);
  });

  it.each([
    ['http://localhost:8000', "is a web page's address; players connect over WebSocket"],
    ['ws://localhost:8000/viewer', "is the spectators' address; players connect at /player"],
    ['ws://localhost:8000/play', "is not a player's address (they end in /player, or at the port)"],
    ['localhost:8000', 'is not a server address'],
    ['ws://localhost:99999/player', 'is not a server address'],
  ])('refuses %s in one line, with exit 2', async (address, problem) => {
    const { code, stdout, stderr } = await runCli(['client', '--server', address]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`"${address}" ${problem}: write ws://HOST:PORT/player, for example ws://localhost:8000/player`);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
