import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/gridmind.js', import.meta.url));
const DIST = new URL('../../dist/', import.meta.url).href;

/**
 * Modules whose loading a start that does none of their work must not pay for: the Tetris engine, the
 * rotation systems (built as they load), the feature registry, the search library, the SameGame solver,
 * the SQLite opener, the HTTP server, and the harness (`bench/`, piscina's pool).
 */
const HEAVY = [
  'tetris/game.js',
  'tetris/rotation/index.js',
  'tetris-ai/features/index.js',
  'search/index.js',
  'samegame/solver.js',
  'store/database.js',
  'server/server.js',
  'bench/',
];

const dir = mkdtempSync(join(tmpdir(), 'gridmind-startup-'));
// A load hook, registered before the command starts, that writes each module's URL to the file it is given.
writeFileSync(
  join(dir, 'hooks.mjs'),
  `import { appendFileSync } from 'node:fs';
let log;
export function initialize(file) { log = file; }
export async function load(url, context, nextLoad) { appendFileSync(log, url + '\\n'); return nextLoad(url, context); }
`,
);
writeFileSync(
  join(dir, 'register.mjs'),
  `import { register } from 'node:module';
register('./hooks.mjs', import.meta.url, { data: process.env.GRIDMIND_LOAD_LOG });
`,
);

/** What `gridmind <args>` loads: its compiled modules (paths under dist/) and the packages it imports. */
async function loadedBy(args: string[]): Promise<{ modules: string[]; packages: string[] }> {
  const log = join(dir, `${args.join(' ').replace(/\W+/g, '_')}.log`);
  writeFileSync(log, '');
  const code = await new Promise<number>((resolve) => {
    execFile(
      process.execPath,
      ['--import', pathToFileURL(join(dir, 'register.mjs')).href, bin, ...args],
      { env: { ...process.env, GRIDMIND_LOAD_LOG: log, GRIDMIND_DB: join(dir, 'runs.db') } },
      (error) => resolve(error === null ? 0 : Number(error.code)),
    );
  });
  expect(code, `gridmind ${args.join(' ')}`).toBe(0);
  const urls = [...new Set(readFileSync(log, 'utf8').split('\n'))];
  const modules = urls.filter((url) => url.startsWith(DIST)).map((url) => url.slice(DIST.length));
  const packages = urls.filter((url) => url.includes('/node_modules/')).map((url) => url.split('/node_modules/').pop()!.split('/', 1)[0]);
  return { modules, packages: [...new Set(packages)] };
}

describe("gridmind's start", () => {
  it.each(['--version', '--help', 'bench --help', 'samegame solve --help', 'tune --help'])(
    'gridmind %s loads the definitions of the commands and nothing of their work',
    async (line) => {
      const { modules, packages } = await loadedBy(line.split(' '));
      expect(modules).toContain('cli/program.js');
      expect(packages).toEqual(['commander']);
      expect(modules.filter((module) => module.endsWith('-action.js'))).toEqual([]);
      expect(modules.filter((module) => HEAVY.some((heavy) => module.startsWith(heavy)))).toEqual([]);
    },
  );

  it('loads the action of the command it runs, and no other', async () => {
    const { modules } = await loadedBy(['features', '--json']);
    expect(modules.filter((module) => module.endsWith('-action.js'))).toEqual(['cli/agents-action.js']);
  });
});
