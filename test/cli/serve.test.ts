import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const bin = fileURLToPath(new URL('../../bin/gridmind.js', import.meta.url));
const db = join(mkdtempSync(join(tmpdir(), 'gridmind-serve-')), 'serve.db');

describe('gridmind serve', () => {
  /** Starts `gridmind serve` with these flags and resolves with the child and the URL it prints. */
  async function serve(args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
    const child = spawn(process.execPath, [bin, 'serve', '--no-build', ...args], { env: { ...process.env, GRIDMIND_DB: db, PORT: '0' } });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', () => {
        const match = /running at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]);
      });
      child.on('exit', () => reject(new Error(`serve exited: ${output}`)));
    });
    return { child, url, output: () => output };
  }

  it('prints its URL, serves the app and the API, and stops cleanly on Ctrl-C', async () => {
    const { child, url, output } = await serve([]);
    expect((await fetch(url)).status).toBe(200);
    expect(await (await fetch(`${url}/api/runs`)).json()).toEqual({ runs: [] });
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
    expect(output()).toMatch(/Gridmind stopped\./);
  });

  it('prints a URL that opens when it listens at an IPv6 address', async () => {
    const { child, url } = await serve(['--host', '::1']);
    try {
      expect(url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      child.kill('SIGINT');
    }
  });

  it('refuses, before it listens, an agent in code that cannot be loaded or exports no agent, with exit 2', async () => {
    const missing = await runCli(['serve', '--no-build', '--agent', 'no-such-agent.mjs'], { GRIDMIND_DB: db, PORT: '0' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^gridmind: error: cannot load the agent module no-such-agent\.mjs: /);
    const noAgent = await runCli(['serve', '--no-build', '--agent', 'examples/javascript/largest-group.mjs'], {
      GRIDMIND_DB: db,
      PORT: '0',
    });
    expect(noAgent.code).toBe(2);
    expect(noAgent.stderr).toMatch(/exports no agent/);
  });

  it('explains a port that is taken or malformed, with exit 2', async () => {
    const blocker = createServer().listen(0, 'localhost');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const taken = await runCli(['serve', '--no-build', '--port', String(port)], { GRIDMIND_DB: db });
      expect(taken.code).toBe(2);
      expect(taken.stderr).toMatch(new RegExp(`port ${port} is in use: stop what uses it, or pick another with --port or PORT`));
    } finally {
      blocker.close();
    }
    const malformed = await runCli(['serve', '--no-build'], { GRIDMIND_DB: db, PORT: 'eighty' });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/PORT=eighty is not a port number/);
  });

  it.each([
    [
      'an address of no interface here',
      '203.0.113.7',
      /--host 203\.0\.113\.7 is not an address of this machine: use localhost, 0\.0\.0\.0/,
    ],
    ['a malformed address', '256.256.1.1', /--host 256\.256\.1\.1 is neither an IP address nor a host name this machine can resolve/],
    ['a name that does not resolve', 'no_such_host.invalid', /--host no_such_host\.invalid is neither an IP address nor a host name/],
    ['an empty address', ' ', /the address is empty: use localhost/],
    ['a multicast address', 'ff02::1', /cannot listen at --host ff02::1, port 0 \(EINVAL\): use localhost, 0\.0\.0\.0/],
  ])('explains %s given to --host in one line, with exit 2', async (_what, host, message) => {
    const { code, stdout, stderr } = await runCli(['serve', '--no-build', '--port', '0', '--host', host], { GRIDMIND_DB: db });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
