import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds dist/ before any test, as `npm run build` does (quick when it is up to date): the command-line
 * tests run the compiled `gridmind` a user runs, and the browser tests its web app.
 */
export default function setup(): void {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
}
