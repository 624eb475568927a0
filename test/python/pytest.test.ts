import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ensurePythonEnv, PYTHON_PACKAGE, VENV_PYTHON } from '../../scripts/python-env.ts';

/**
 * The Python package's own tests (python/tests, pytest), run as one of `npm test`'s test files so that
 * they share the machine with the others instead of waiting for them; `npm run test:python` runs them
 * alone, with pytest's own report.
 */
describe('the Python package (pytest over python/tests)', () => {
  it('passes every test', async () => {
    ensurePythonEnv(); // made by `npm test`'s first step: quick when it is there
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        VENV_PYTHON,
        ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'],
        { cwd: PYTHON_PACKAGE, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code ?? 1), output: `${stdout}${stderr}` }),
      );
    });
    expect(code, `pytest said:\n${output.trimEnd().split('\n').slice(-40).join('\n')}`).toBe(0);
    expect(output).toMatch(/\d+ passed/);
  }, 300_000);
});
