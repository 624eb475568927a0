import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the reference documentation', () => {
  it('builds from the doc comments with no warning (every link resolves), as `npm run docs` does', () => {
    // --skipErrorChecking: TypeDoc still reads every doc comment and resolves every link, but leaves the
    // compiler's errors to test/checks.test.ts, whose `tsc --noEmit` checks the same sources with the same
    // tsconfig.json (and more), rather than type-checking them a second time.
    const run = spawnSync(process.execPath, ['node_modules/typedoc/bin/typedoc', '--emit', 'none', '--skipErrorChecking'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).not.toMatch(/warning|error/i);
  });
});
