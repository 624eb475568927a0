import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
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
