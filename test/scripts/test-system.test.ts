import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/test-system.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** Runs `npm test`'s set-up step as npm does. */
function setUp(env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(tsx, [script], { env: { ...process.env, ...env } }, (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe("npm test's set-up step", () => {
  it("finds Chromium, redis-server and Python 3 with its venv when they are there, says which versions, and readies the tests' Python", async () => {
    const { code, stderr } = await setUp({});
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /^test set-up: found Chromium \d+(\.\d+)+, Redis server v=\d+(\.\d+)+, Python \d+(\.\d+)+ and venv\ntest set-up: Python environment for the tests \(python\/\.venv\): (up to date|installed)\n$/,
    );
  });

  it('stops at once with the command that installs a missing part when it may not install it', async () => {
    const { code, stderr } = await setUp({ GRIDMIND_CHROMIUM: '/no/such/chromium', GRIDMIND_NO_INSTALL: '1' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Chromium missing, and GRIDMIND_NO_INSTALL says not to install\. Install Chromium, then run npm test again:/);
    expect(stderr).toMatch(/apt-get update && (sudo )?apt-get install -y --no-install-recommends chromium\n/);
    expect(stderr).toMatch(/- Chromium: the browser tests drive the web app in headless Chromium/);
    expect(stderr).toMatch(/or set GRIDMIND_CHROMIUM to a Chromium that runs \(now: \/no\/such\/chromium\)/);
    expect(stderr).not.toMatch(/redis|python/i);
  });
});
