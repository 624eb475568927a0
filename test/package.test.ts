import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  version: string;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
/** The package's entry points, as a consumer imports them ('gridmind', 'gridmind/tetris', …). */
const ENTRY_POINTS = Object.keys(manifest.exports)
  .filter((path) => path !== './package.json')
  .map((path) => (path === '.' ? 'gridmind' : `gridmind/${path.slice(2)}`));
/** The optional packages (optional peer dependencies): a project adds them for the features that need them. */
const OPTIONAL = Object.keys(manifest.peerDependencies);
/** An optional package at the version the checkout has: `tsx@4.23.15`. */
const tested = (name: string) => `${name}@${manifest.devDependencies[name]}`;

/** A consumer of every entry point: types the compiler checks, and a line of JSON it prints when run. */
const CONSUMER = `
import { GRIDMIND_VERSION, InputError, samegame as samegameNamespace } from 'gridmind';
import { loadAgentSpec, playGame, type PlayResult } from 'gridmind/agents';
import { mean, runTetrisBench, TaskPool } from 'gridmind/bench';
import { sameGameEnv, tetrisDropEnv, type Environment } from 'gridmind/env';
import { readBoardFile, solve, TEST_SETS, type Solution } from 'gridmind/samegame';
import { SEARCH_METHODS } from 'gridmind/search';
import { Board } from 'gridmind/tetris';
import { dirname, join } from 'node:path';

function episode(env: Environment, seed: number): number {
  let { info } = env.reset({ seed });
  let total = 0;
  for (let steps = 0; steps < 10_000; steps++) {
    const legal = env.legalActions();
    if (legal.length === 0) break;
    const step = env.step(legal[(steps * 7) % legal.length]);
    total += step.reward;
    info = step.info;
    if (step.terminated || step.truncated) break;
  }
  return total;
}

const bcts = loadAgentSpec('bcts');
const game: PlayResult = playGame(bcts, { rules: 'research', width: 10, height: 10, seed: 3, preview: 0, maxPieces: 200 });
const board = readBoardFile(join(TEST_SETS.standard, 'schadd_01.txt'));
const solution: Solution = solve(board, { method: 'nmcs', rules: { scoring: 'standard', shift: 'left' }, level: 1, maxNodes: 3000 });
const pool = new TaskPool(2);
const bench = await runTetrisBench({
  agent: { name: 'bcts', spec: bcts }, vs: null, width: 10, height: 10, games: 2, seedBase: 1,
  preview: 0, lookahead: null, maxPieces: 100, runner: pool, workers: 2,
});
await pool.close();
let refused = '';
try {
  samegameNamespace.randomBoard(5, 5, 20, 1);
} catch (error) {
  if (error instanceof InputError) refused = error.message;
}
console.log(JSON.stringify({
  version: GRIDMIND_VERSION,
  board: new Board(10, 20).width,
  pieces: game.pieces,
  solved: solution.score,
  tetrisEnv: episode(tetrisDropEnv({ width: 10, height: 10, maxSteps: 50 }), 1),
  samegameEnv: episode(sameGameEnv({ width: 5, height: 5, colours: 3 }), 1),
  methods: SEARCH_METHODS.length,
  benchGames: bench.perGame.lines.length,
  benchLines: mean(bench.perGame.lines),
  refused,
}));
`;

const CODE_AGENT = `
import type { AgentTurn } from 'gridmind/agents';
export default { name: 'first placement', choose: (turn: AgentTurn): number => turn.placements.length - 1 };
`;

let work: string;
let consumer: string;
let tarball: string;

/** Runs a command of the installed package, its runs stored in the test's own database (never the user's). */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...process.env, GRIDMIND_DB: join(work, 'gridmind.db'), ...env },
  });
}

/** `npm install ARGS` in the consumer's project, from the npm cache where it can be. */
function npmInstall(args: string[]) {
  const install = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...args], consumer);
  expect(install.status, install.stderr).toBe(0);
  return install;
}

/** What the installed package's command prints and exits with. */
function gridmind(args: string[]) {
  return run(join(consumer, 'node_modules/.bin/gridmind'), args, consumer);
}

let libraryInstall: ReturnType<typeof run>;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gridmind-package-'));
  // The test's own build (test/global-setup.ts) made dist/; `npm pack` would run it again (prepack).
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' }),
  );
  tarball = join(work, packed[0].filename);
  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const compilerOptions = {
    module: 'node16',
    moduleResolution: 'node16',
    target: 'ES2022',
    strict: true,
    skipLibCheck: false,
    typeRoots: [join(ROOT, 'node_modules/@types')],
    types: ['node'],
  };
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts', 'my-agent.ts'] }));
  writeFileSync(join(consumer, 'consumer.ts'), CONSUMER);
  writeFileSync(join(consumer, 'my-agent.ts'), CODE_AGENT);
  // Installed as a user would, install scripts allowed: the library alone has none to run. The optional
  // packages are added later (the last describe).
  libraryInstall = npmInstall([tarball]);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the gridmind command', () => {
  it('says how to build when the compiled program is missing, instead of a stack trace', () => {
    const checkout = join(work, 'unbuilt');
    mkdirSync(join(checkout, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'bin/gridmind.js'), join(checkout, 'bin/gridmind.js'));
    writeFileSync(join(checkout, 'package.json'), JSON.stringify({ type: 'module' }));
    const result = run(process.execPath, ['bin/gridmind.js', '--help'], checkout);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`gridmind: the compiled program (dist/cli/main.js) is missing: run \`npm run build\` in ${checkout}/\n`);
  });
});

describe('the Python package inside the npm package', () => {
  it("pip installs from the installed package's folder, and runs the project's gridmind command", () => {
    const venv = join(work, 'venv');
    expect(run('python3', ['-m', 'venv', venv], work).status).toBe(0);
    const python = join(venv, 'bin/python');
    const install = run(python, ['-m', 'pip', 'install', '--quiet', join(consumer, 'node_modules/gridmind/python')], consumer, {
      PIP_RETRIES: '0', // an index this machine cannot reach fails at once; pip goes on with the others
    });
    expect(install.status, install.stderr).toBe(0);
    const script = [
      'import gymnasium as gym, gridmind',
      'env = gym.make("gridmind/TetrisDrop-v0", board="6x8")',
      'observation, info = env.reset(seed=2)',
      'print(gridmind.gridmind_command()[0], info["seed"], observation["board"].shape)',
      'env.close()',
    ].join('\n');
    // No gridmind on the PATH: the package finds the project's node_modules/.bin/gridmind from its folder.
    const used = run(python, ['-c', script], consumer, { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, GRIDMIND_BIN: '' });
    expect(used.status, used.stderr).toBe(0);
    expect(used.stdout.trim()).toBe(`${join(consumer, 'node_modules/.bin/gridmind')} 2 (8, 6)`);
    const missing = run(python, ['-c', script], work, { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, GRIDMIND_BIN: '' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/GridmindNotFound: the gridmind command was not found: install Gridmind's npm package/);
  }, 240_000);
});

describe('the npm package', () => {
  it('holds the compiled code, its types, the web app, the SameGame test sets and the examples, and no sources or tests', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => file.replace(/^package\//, ''));
    for (const entry of Object.values(manifest.exports) as ({ types: string; default: string } | string)[]) {
      if (typeof entry === 'string') continue;
      expect(files).toContain(entry.types.slice(2));
      expect(files).toContain(entry.default.slice(2));
    }
    expect(files).toContain('bin/gridmind.js');
    expect(files).toContain('dist/cli/main.js');
    expect(files).toContain('dist/web/index.html');
    expect(files).toContain('dist/tetris-ai/agents/bcts.json');
    expect(files).toContain('data/samegame/standard/schadd_01.txt');
    expect(files).toContain('examples/python/lowest_agent.py');
    expect(files).toContain('python/pyproject.toml');
    expect(files).toContain('python/src/gridmind/envs.py');
    expect(files).toContain('docs/python.md');
    expect(files.filter((file) => /^(src|test|web)\//.test(file) || file.endsWith('.tsbuildinfo'))).toEqual([]);
    expect(files.filter((file) => /^python\/(\.venv|tests)\/|__pycache__/.test(file))).toEqual([]);
  });
});

describe('the package installed alone, without its optional packages', () => {
  it('runs no install script and brings no build tool, no package of the web app and no type package', () => {
    expect(libraryInstall.stderr).not.toMatch(/install script/i);
    const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    expect(Object.keys(lock.packages).filter((path) => lock.packages[path].hasInstallScript)).toEqual([]);
    // Not one of Gridmind's development dependencies (the optional packages among them): no Vite, Preact or
    // TypeScript, and no @types/node of another Node to shadow the project's own.
    const installed = Object.keys(manifest.devDependencies).filter((name) => existsSync(join(consumer, 'node_modules', name)));
    expect(installed).toEqual([]);
    expect(existsSync(join(consumer, 'node_modules/@types'))).toBe(false);
  });

  it('loads every entry point, and runs the gridmind command', () => {
    const imports = ENTRY_POINTS.map((entry) => `await import('${entry}');`).join(' ');
    const loaded = run(process.execPath, ['--input-type=module', '-e', `${imports} console.log('loaded');`], consumer);
    expect(loaded.status, loaded.stderr).toBe(0);
    expect(loaded.stdout).toBe('loaded\n');
    const help = gridmind(['--help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/Usage: gridmind/);
    const play = gridmind(['play', '--agent', 'bcts', '--board', '10x10', '--max-pieces', '30', '--json']);
    expect(play.status, play.stderr).toBe(0);
    expect(JSON.parse(play.stdout).pieces).toBe(30);
  });

  it('type-checks a consumer of every entry point under Node16 resolution, with no skipped library check', () => {
    expect(ENTRY_POINTS).toEqual([
      'gridmind',
      'gridmind/tetris',
      'gridmind/samegame',
      'gridmind/search',
      'gridmind/agents',
      'gridmind/env',
      'gridmind/bench',
    ]);
    for (const entry of ENTRY_POINTS) expect(CONSUMER).toContain(`from '${entry}'`);
    const check = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], consumer);
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('runs the consumer, compiled, without a TypeScript loader or any optional package: engines, agents, search, environments and a benchmark on worker threads', () => {
    const result = run(process.execPath, ['consumer.js'], consumer);
    expect(result.status, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ version: manifest.version, board: 10, methods: 8, benchGames: 2 });
    expect(printed.pieces).toBeGreaterThan(0);
    expect(printed.solved).toBeGreaterThan(0);
    expect(printed.samegameEnv).toBeGreaterThan(0);
    expect(printed.benchLines).toBeGreaterThan(0);
    expect(printed.refused).toMatch(/20 colours is out of range/);
  });

  it('says which package a command needs, and how to add it, in one line with exit status 2', () => {
    const expectRefusal = (args: string[], message: string) => {
      const result = gridmind(args);
      expect(result.stderr).toBe(`gridmind: error: ${message}\n`);
      expect(result.status).toBe(2);
    };
    const sqlite = `Gridmind's database (SQLite) needs better-sqlite3, an optional package that is not installed: npm install ${tested('better-sqlite3')}`;
    expectRefusal(['serve', '--port', '0'], sqlite);
    expectRefusal(['runs'], sqlite);
    expectRefusal(
      ['queue', 'status', '--queue', 'redis://127.0.0.1:1'],
      `a Redis queue needs bullmq and ioredis, optional packages that are not installed: npm install ${tested('bullmq')} ${tested('ioredis')}`,
    );
    expectRefusal(
      ['play', '--agent', './my-agent.ts', '--board', '10x10', '--json'],
      `cannot load the agent module ./my-agent.ts: a module in TypeScript needs tsx, an optional package that is not installed: npm install ${tested('tsx')}`,
    );
  });
});

describe('the package with its optional packages added', () => {
  beforeAll(() => {
    // better-sqlite3's native part is not compiled again (a minute and more): the checkout's build of it,
    // for this very Node, is put in its place.
    npmInstall(['--ignore-scripts', ...OPTIONAL.map(tested)]);
    cpSync(join(ROOT, 'node_modules/better-sqlite3/build'), join(consumer, 'node_modules/better-sqlite3/build'), { recursive: true });
  }, 300_000);

  it('gives the gridmind command an agent written in TypeScript and stored runs', () => {
    const play = gridmind(['play', '--agent', './my-agent.ts', '--board', '10x10', '--max-pieces', '30', '--json']);
    expect(play.status, play.stderr).toBe(0);
    expect(JSON.parse(play.stdout).pieces).toBeGreaterThan(0);
    const board = join(consumer, 'node_modules/gridmind/data/samegame/standard/schadd_02.txt');
    const solved = gridmind(['samegame', 'solve', '--file', board, '--method', 'beam', '--nodes', '2000', '--json']);
    expect(solved.status, solved.stderr).toBe(0);
    expect(JSON.parse(solved.stdout).score).toBeGreaterThan(0);
  });
});
