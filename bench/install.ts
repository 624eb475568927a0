/**
 * What installing Gridmind costs a project: packs the checkout once (`npm pack`, which builds first), then
 * installs the tarball in fresh temporary projects as a user would, from npm's cache where it can
 * (`--prefer-offline`): the library alone (`npm install ./gridmind-0.1.0.tgz`), and with every optional
 * package (`… better-sqlite3 bullmq ioredis tsx`, at the versions the checkout has). For each: seconds,
 * MB on disk of node_modules, packages installed and the install scripts that ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

/** The goal for the library alone: seconds to install and megabytes in node_modules. */
const LIBRARY_GOAL = { seconds: 10, megabytes: 10 };

interface Install {
  seconds: number;
  megabytes: number;
  packages: number;
  /** The packages whose install scripts ran (`name event`), in the order npm ran them. */
  scripts: string[];
}

/** Runs npm in `cwd`; its output, or an Error with it when it fails. */
function npm(args: string[], cwd: string): string {
  const run = spawnSync('npm', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

/** Bytes on disk under `path` (its blocks, as du counts them; symbolic links are not followed). */
function diskBytes(path: string): number {
  const stats = lstatSync(path);
  if (!stats.isDirectory()) return stats.blocks * 512;
  return readdirSync(path).reduce((total, name) => total + diskBytes(join(path, name)), stats.blocks * 512);
}

/** Installs `specs` in a fresh project under `work`, install scripts allowed, and measures it. */
function install(work: string, name: string, specs: string[]): Install {
  const project = join(work, name);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  const start = performance.now();
  // In the foreground, npm prints a line "> NAME@VERSION EVENT" before each script it runs.
  const output = npm(['install', '--prefer-offline', '--foreground-scripts', '--no-audit', '--no-fund', ...specs], project);
  const seconds = (performance.now() - start) / 1000;
  const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  // The lock also lists other platforms' builds, which npm skips: only what is on disk counts.
  const packages = Object.keys(lock.packages).filter((path) => path !== '' && existsSync(join(project, path))).length;
  const scripts = [...output.matchAll(/^> (.+)@[^@\s]+ (preinstall|install|postinstall|prepare)$/gm)].map(
    ([, pkg, event]) => `${pkg} ${event}`,
  );
  return { seconds, megabytes: diskBytes(join(project, 'node_modules')) / 1e6, packages, scripts };
}

function describe(what: string, { seconds, megabytes, packages, scripts }: Install): string {
  const ran = scripts.length === 0 ? 'no install script' : `install scripts: ${scripts.join(', ')}`;
  return `install ${what}: ${seconds.toFixed(1)} s, ${megabytes.toFixed(1)} MB in node_modules, ${packages} packages, ${ran}`;
}

export function benchInstall(): string[] {
  const work = mkdtempSync(join(tmpdir(), 'gridmind-install-'));
  try {
    const [{ filename }] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], ROOT)) as { filename: string }[];
    const tarball = join(work, filename);
    const optional = Object.keys(manifest.peerDependencies).map((name) => `${name}@${manifest.devDependencies[name]}`);
    const library = install(work, 'library', [tarball]);
    const full = install(work, 'full', [tarball, ...optional]);
    return [
      `${describe(`of the library alone (npm install ./${filename})`, library)}; the goal: < ${LIBRARY_GOAL.seconds} s, < ${LIBRARY_GOAL.megabytes} MB, no install script`,
      describe(`with the optional packages (npm install ./${filename} ${optional.join(' ')})`, full),
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
