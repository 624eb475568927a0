import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs a program of node_modules in the checkout; its exit status and what it printed. */
function run(script: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`${ROOT}node_modules/${script}`, ...args],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code ?? 1), output: `${stdout}${stderr}`.trimEnd() }),
    );
  });
}

/**
 * The checks of the whole checkout that `npm test` runs, as test files beside the others rather than
 * before them: the type check (`npm run typecheck`) and the format check (`npm run format` fixes it).
 */
describe('the checkout', () => {
  it('type-checks (tsc --noEmit)', async () => {
    const { code, output } = await run('typescript/bin/tsc', ['--noEmit', '-p', ROOT]);
    expect(code, output).toBe(0);
  }, 300_000);

  it('is formatted as prettier formats it (npm run format)', async () => {
    const { code, output } = await run('prettier/bin/prettier.cjs', [
      '--check',
      'src',
      'test',
      'bench',
      'bin',
      'web',
      'scripts',
      'examples',
    ]);
    expect(code, output).toBe(0);
  }, 300_000);
});
