/**
 * `npm run test:python`: the Python package's tests (python/tests) and the
 * Python guide's examples, run by pytest in the tests' Python environment (scripts/python-env.ts), which
 * is made first if it is missing or stale. (`npm test` runs them as one of its test files:
 * test/python/pytest.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { ensurePythonEnv, PYTHON_PACKAGE, VENV_PYTHON } from './python-env.ts';

process.stderr.write(`python tests: environment ${ensurePythonEnv()}\n`);
const run = spawnSync(VENV_PYTHON, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', ...process.argv.slice(2)], {
  cwd: PYTHON_PACKAGE,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
