/**
 * `npm run build` (which npm runs after `npm ci`, as the `dependencies` script, and before `npm pack`, as
 * `prepack`): compiles src/ to dist/ (ES modules and their `.d.ts`, tsconfig.build.json; incremental),
 * copies beside them the files the compiled code reads (the built-in agent files), deletes compiled files
 * whose source is gone, and builds the web app into dist/web when it is older than its sources. The
 * `gridmind` command and the package's entry points (package.json `exports`) run what it writes. It does not
 * build the documentation site (dist/docs: `npm run docs`, which TypeDoc makes a minute long), so that `npm start`
 * stays quick; `npm pack` builds both.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../src/server/web-build.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SOURCE = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');
/** Files the compiled code reads at run time, by folder under src/ (`agent-files.ts` reads the agents). */
const ASSETS = ['tetris-ai/agents'];
/** What tsc writes for a source `X.ts`. */
const COMPILED = /\.(d\.ts|js)$/;

/** tsc's record for incremental builds (tsconfig.build.json). */
const BUILD_INFO = join(ROOT, 'node_modules', '.cache', 'gridmind', 'tsbuildinfo');

function compile(): void {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write('build: the TypeScript compiler failed (above)\n');
    process.exit(1);
  }
}

/** Sources under `folder` with no compiled module in dist/ (deleted by hand since tsc's last incremental build). */
function uncompiled(folder = SOURCE): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return uncompiled(path);
    const compiled = join(DIST, relative(SOURCE, path)).replace(/\.ts$/, '.js');
    return entry.name.endsWith('.ts') && !existsSync(compiled) ? [path] : [];
  });
}

function copyAssets(): void {
  for (const folder of ASSETS) {
    mkdirSync(join(DIST, folder), { recursive: true });
    for (const name of readdirSync(join(SOURCE, folder))) copyFileSync(join(SOURCE, folder, name), join(DIST, folder, name));
  }
}

/** Deletes dist/'s compiled files and assets whose source no longer exists (dist/web is the web build's, dist/docs the docs site's). */
function removeOrphans(folder = DIST): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const inSource = join(SOURCE, relative(DIST, path));
    if (entry.isDirectory()) {
      if (path !== join(DIST, 'web') && path !== join(DIST, 'docs')) removeOrphans(path);
    } else if (!existsSync(COMPILED.test(entry.name) ? inSource.replace(COMPILED, '.ts') : inSource)) {
      rmSync(path);
    }
  }
}

compile();
if (uncompiled().length > 0) {
  rmSync(BUILD_INFO, { force: true }); // tsc thinks them up to date: compile all again
  compile();
}
copyAssets();
removeOrphans();
await ensureWebBuild((line) => process.stdout.write(`build: ${line}\n`));
