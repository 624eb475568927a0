/**
 * The Python environment the tests use: a virtual environment at python/.venv with Gridmind's Python
 * package installed editable from python/ (so its sources are live) and pytest. It is made, or brought up
 * to date when python/pyproject.toml changes, through this machine's pip and its configured index.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CHECKOUT = fileURLToPath(new URL('..', import.meta.url));
export const PYTHON_PACKAGE = `${CHECKOUT}python`;
const VENV = `${PYTHON_PACKAGE}/.venv`;
/** The virtual environment's Python, which has `gridmind`, numpy, gymnasium and pytest. */
export const VENV_PYTHON = `${VENV}/bin/python`;
const STAMP = `${VENV}/gridmind-pyproject.sha256`;

const stampOf = () =>
  createHash('sha256')
    .update(readFileSync(`${PYTHON_PACKAGE}/pyproject.toml`))
    .digest('hex');

function run(program: string, args: string[]): void {
  // PIP_RETRIES=0 (also for the build's own pip): an index this machine cannot reach fails at once instead
  // of after minutes of retries, and pip goes on with the other indexes it is configured with.
  const result = spawnSync(program, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PIP_RETRIES: '0' } });
  if (result.status !== 0) throw new Error(`${[program, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** Makes the environment if it is missing or stale; returns what it did, for the set-up's log. */
export function ensurePythonEnv(): string {
  if (existsSync(VENV_PYTHON) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stampOf()) return 'up to date';
  rmSync(VENV, { recursive: true, force: true });
  run('python3', ['-m', 'venv', VENV]);
  run(VENV_PYTHON, ['-m', 'pip', 'install', '--quiet', '--editable', `${PYTHON_PACKAGE}[test]`]);
  writeFileSync(STAMP, stampOf());
  return 'installed';
}
