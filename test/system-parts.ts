import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A program the tests need that npm cannot install: found on the system, or installed from Debian's packages. */
export interface SystemPart {
  readonly name: string;
  /** Why the tests need it. */
  readonly why: string;
  /** The Debian package that provides it. */
  readonly debianPackage: string;
  /** Its version line if it is there, else null. */
  version(): string | null;
}

/** The Chromium the browser tests drive: `GRIDMIND_CHROMIUM`, else Debian's. */
export const CHROMIUM = process.env.GRIDMIND_CHROMIUM || '/usr/bin/chromium';

function versionOf(command: string): string | null {
  const run = spawnSync(command, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return run.status === 0 ? run.stdout.trim().split('\n')[0] : null;
}

export const SYSTEM_PARTS: readonly SystemPart[] = [
  {
    name: 'Chromium',
    why: 'the browser tests drive the web app in headless Chromium (Playwright cannot download a browser of its own here)',
    debianPackage: 'chromium',
    version: () => (existsSync(CHROMIUM) ? versionOf(CHROMIUM) : null),
  },
  {
    name: 'redis-server',
    why: 'the tests of runs shared out over a queue start a Redis server of their own',
    debianPackage: 'redis-server',
    version: () => versionOf('redis-server'),
  },
  {
    name: 'Python 3',
    why: "the Python package's tests (python/) and the tests of agents in Python run it",
    debianPackage: 'python3',
    version: () => versionOf('python3'),
  },
  {
    name: "Python 3's venv",
    why: "the Python tests run in a virtual environment of their own (python/.venv), with the package's dependencies from pip",
    debianPackage: 'python3-venv',
    version: () => (spawnSync('python3', ['-c', 'import ensurepip, venv'], { timeout: 30_000 }).status === 0 ? 'venv' : null),
  },
];
