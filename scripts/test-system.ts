/**
 * `npm test`'s first step: makes sure the programs the tests need beyond npm's packages are there
 * (test/system-parts.ts). A missing one is installed from Debian's packages when this process may do so
 * (as root, or with sudo that asks no password) unless GRIDMIND_NO_INSTALL is set; otherwise the step
 * stops at once with the command that installs it. Then it makes the Python environment the tests run
 * in (scripts/python-env.ts).
 */
import { spawnSync } from 'node:child_process';
import { SYSTEM_PARTS, type SystemPart } from '../test/system-parts.ts';
import { ensurePythonEnv } from './python-env.ts';

const say = (line: string) => process.stderr.write(`test set-up: ${line}\n`);

/** How this process may run apt-get as root: directly, through sudo without a password, or not at all. */
function rootPrefix(): string[] | null {
  if (process.getuid?.() === 0) return [];
  return spawnSync('sudo', ['-n', 'true']).status === 0 ? ['sudo', '-n'] : null;
}

function run(command: string[]): boolean {
  const [program, ...args] = command;
  const result = spawnSync(program, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

function stop(missing: readonly SystemPart[], reason: string): never {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const packages = missing.map((part) => part.debianPackage).join(' ');
  say(`${reason}. Install ${inWords(missing.map((part) => part.name))}, then run npm test again:`);
  say(`  ${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages}`);
  for (const part of missing) say(`- ${part.name}: ${part.why}`);
  if (process.env.GRIDMIND_CHROMIUM && missing.some((part) => part.debianPackage === 'chromium')) {
    say(`- or set GRIDMIND_CHROMIUM to a Chromium that runs (now: ${process.env.GRIDMIND_CHROMIUM})`);
  }
  process.exit(1);
}

/** A version line cut after its version number: "Redis server v=7.0.15". */
const shortVersion = (line: string | null) => /^.*?\d+(\.\d+)+/.exec(line ?? '')?.[0] ?? line;

/** Each part with its version line, or null where it is missing (each program is asked once). */
const look = () => SYSTEM_PARTS.map((part) => ({ part, version: part.version() }));
const missingIn = (found: ReturnType<typeof look>) => found.filter(({ version }) => version === null).map(({ part }) => part);

let found = look();
const missing = missingIn(found);
if (missing.length > 0) {
  const names = inWords(missing.map((part) => part.name));
  if (process.env.GRIDMIND_NO_INSTALL) stop(missing, `${names} missing, and GRIDMIND_NO_INSTALL says not to install`);
  if (spawnSync('apt-get', ['--version']).status !== 0) stop(missing, `${names} missing, and this system has no apt-get`);
  const prefix = rootPrefix();
  if (prefix === null) stop(missing, `${names} missing, and installing needs root (sudo asks for a password)`);
  say(`installing ${names} from Debian's packages (apt-get; a minute or two)…`);
  const packages = missing.map((part) => part.debianPackage);
  const installed =
    run([...prefix, 'apt-get', 'update', '-qq']) &&
    run([...prefix, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
  found = look();
  const stillMissing = missingIn(found);
  if (!installed || stillMissing.length > 0) stop(stillMissing.length > 0 ? stillMissing : missing, 'apt-get could not install them');
}
say(`found ${inWords(found.map(({ version }) => shortVersion(version) ?? ''))}`);
try {
  say(`Python environment for the tests (python/.venv): ${ensurePythonEnv()}`);
} catch (error) {
  say(`could not make the Python environment for the tests: ${(error as Error).message}.`);
  say("  It installs python/ with pip from this machine's configured index: check that pip reaches it, then run npm test again.");
  process.exit(1);
}

/** A list in words: "A", "A and B", "A, B and C". */
function inWords(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
