import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; version: string };
/** The package's entry points, as a consumer imports them ('gridmind', 'gridmind/tetris', …). */
const ENTRY_POINTS = Object.keys(manifest.exports)
  .filter((path) => path !== './package.json')
  .map((path) => (path === '.' ? 'gridmind' : `gridmind/${path.slice(2)}`));

/** A consumer of every entry point: types the compiler checks, and a line of JSON it prints when run. */
const CONSUMER = `
import { GRIDMIND_VERSION, InputError, samegame as samegameNamespace } from 'gridmind';
import { loadAgentSpec, playResearch, type PlayResult } from 'gridmind/agents';
import { databasePath, listRuns, mean, openDatabase, runTetrisBench, storeTetrisBench, TaskPool } from 'gridmind/bench';
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
const game: PlayResult = playResearch(bcts, { rules: 'research', width: 10, height: 10, seed: 3, preview: 0, maxPieces: 200 });
const board = readBoardFile(join(TEST_SETS.standard, 'schadd_01.txt'));
const solution: Solution = solve(board, { method: 'nmcs', rules: { scoring: 'standard', shift: 'left' }, level: 1, maxNodes: 3000 });
const pool = new TaskPool(2);
const bench = await runTetrisBench({
  agent: { name: 'bcts', spec: bcts }, vs: null, width: 10, height: 10, games: 2, seedBase: 1,
  preview: 0, lookahead: null, maxPieces: 100, runner: pool, workers: 2,
});
await pool.close();
const db = openDatabase();
storeTetrisBench(db, bench);
const runs = listRuns(db, 10).length;
db.close();
let refused = '';
try {
  samegameNamespace.parseScoring('golf');
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
  runs,
  database: databasePath(),
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

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gridmind-package-'));
  // The test's own build (test/global-setup.ts) made dist/; `npm pack` would run it again (prepare).
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
  // Installed as a user would, from the npm cache; better-sqlite3's native part is not compiled again
  // (a minute and a half): the checkout's build of it, for this very Node, is put in its place.
  const install = run('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], consumer);
  expect(install.status, install.stderr).toBe(0);
  cpSync(join(ROOT, 'node_modules/better-sqlite3/build'), join(consumer, 'node_modules/better-sqlite3/build'), { recursive: true });
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

  it('runs the consumer, compiled, without a TypeScript loader: engines, agents, search, environments and a benchmark on worker threads stored in SQLite', () => {
    const database = join(work, 'consumer.db');
    const result = run(process.execPath, ['consumer.js'], consumer, { GRIDMIND_DB: database });
    expect(result.status, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ version: manifest.version, board: 10, methods: 8, benchGames: 2, runs: 1, database });
    expect(printed.pieces).toBeGreaterThan(0);
    expect(printed.solved).toBeGreaterThan(0);
    expect(printed.samegameEnv).toBeGreaterThan(0);
    expect(printed.benchLines).toBeGreaterThan(0);
    expect(printed.refused).toMatch(/golf/);
  });

  it('installs the gridmind command, which plays an agent written in TypeScript and solves a shipped board', () => {
    const bin = join(consumer, 'node_modules/.bin/gridmind');
    const help = run(bin, ['--help'], consumer);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/Usage: gridmind/);
    const play = run(bin, ['play', '--agent', './my-agent.ts', '--board', '10x10', '--max-pieces', '30', '--json'], consumer);
    expect(play.status, play.stderr).toBe(0);
    expect(JSON.parse(play.stdout).pieces).toBeGreaterThan(0);
    const solved = run(
      bin,
      [
        'samegame',
        'solve',
        '--file',
        join(consumer, 'node_modules/gridmind/data/samegame/standard/schadd_02.txt'),
        '--method',
        'beam',
        '--nodes',
        '2000',
        '--json',
      ],
      consumer,
    );
    expect(solved.status, solved.stderr).toBe(0);
    expect(JSON.parse(solved.stdout).score).toBeGreaterThan(0);
  });
});
