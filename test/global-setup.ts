import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds dist/ before any test, as `npm run build` does (quick when it is up to date): the command-line
 * tests run the compiled `gridmind` a user runs, and the browser tests its web app.
 *
 * The run's temporary files go in a folder of its own, which the teardown removes: TMPDIR points there
 * for the test workers and every program they start (Node's `tmpdir()`, Python's `tempfile`, Chromium),
 * so the databases, agent files and browser profiles the tests make do not pile up in the system's.
 */
export default function setup(): () => void {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
  const folder = mkdtempSync(join(tmpdir(), 'gridmind-tests-'));
  process.env.TMPDIR = folder;
  // Retried: a browser or agent program the last test stopped may still be writing its last files.
  return () => rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
