/** What the tests of agents over a pipe share: the fixtures, the Python that runs them, and the process table. */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VENV_PYTHON } from '../../scripts/python-env.ts';

/** The agent programs of the tests (test/fixtures/process-agents), by file. */
export const FIXTURES = 'test/fixtures/process-agents';
export const fixture = (file: string) => join(FIXTURES, file);

/** The Python agent of the examples. */
export const EXAMPLE = 'examples/python/lowest_agent.py';

/** A fresh log file for the fixtures that log their games (pid_log.py), and the environment that makes them (and Python agents) run. */
export function loggedEnv(): { log: string; env: Record<string, string> } {
  const log = join(mkdtempSync(join(tmpdir(), 'gridmind-process-agents-')), 'games.log');
  return { log, env: { GRIDMIND_PYTHON: VENV_PYTHON, GRIDMIND_TEST_LOG: log } };
}

/** The games a log holds: the pid of the process that played each, and the game's set-up (`6x8 research 1`). */
export function loggedGames(log: string): { pid: number; game: string }[] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, ...game] = line.split(' ');
      return { pid: Number(pid), game: game.join(' ') };
    });
}

/**
 * Whether a process is running: in the process table and not a zombie (a process that has exited and waits
 * to be reaped: init reaps those whose parent, Gridmind, has gone).
 */
export function isRunning(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    return readFileSync(stat, 'utf8').replace(/^.*\) /s, '')[0] !== 'Z';
  } catch {
    return false; // gone meanwhile
  }
}

/** The command lines of the running processes (not zombies) that contain `text`. */
export function runningWith(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (command.includes(text) && isRunning(Number(pid))) found.push(command);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
