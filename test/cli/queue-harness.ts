/** Real processes for the tests of work shared out over Redis: a redis-server of the test's own, and `gridmind worker`s. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../../bin/gridmind.js', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts a child and resolves once its output matches `ready`. */
export function startProcess(command: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}) before it was ready:\n${output}`)));
  });
}

export function stop(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A redis-server on a free port of 127.0.0.1 that keeps nothing on disk (files in `dir`), and its address. */
export async function startRedis(dir: string, extraArgs: string[] = []): Promise<{ server: ChildProcess; url: string; port: number }> {
  if (spawnSync('redis-server', ['--version']).error !== undefined) {
    throw new Error('redis-server is not installed: `npm test` installs it (scripts/test-system.ts), or `apt-get install redis-server`');
  }
  const port = await freePort();
  const server = await startProcess(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...extraArgs],
    /Ready to accept connections/,
  );
  return { server, url: `redis://127.0.0.1:${port}`, port };
}

/** A `gridmind worker` with one thread on the queue at `url`, once it has joined. */
export function startWorker(url: string): Promise<ChildProcess> {
  return startProcess(process.execPath, [bin, 'worker', '--queue', url, '--workers', '1'], /worker joined/);
}

/** Interrupts a worker (Ctrl-C) and resolves with everything it wrote to stderr from now on, once it has left. */
export function leave(worker: ChildProcess): Promise<string> {
  return new Promise<string>((resolve) => {
    let output = '';
    worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.on('exit', () => resolve(output));
    worker.kill('SIGINT');
  });
}
