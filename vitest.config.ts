import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files that time the machine itself (how late an Aveiro clock's ticks fire, a search's time
 * budget, the server's answers under a flood): they run after the others, one file at a time, with no
 * other test loading the machine.
 */
const TIMED = [
  'test/aveiro/robustness.test.ts',
  'test/search/limits.test.ts',
  'test/search/conformance.test.ts',
  'test/server/stall.test.ts',
];

/**
 * Test files of pure computation (engines, searches, agents, the web app's logic): no server, browser,
 * timer, global setting or child process that outlives a test; the one child process among them,
 * test/core/python-random.test.ts's python3, is run to its end within a call (spawnSync). They run first,
 * and a worker takes one after another without starting afresh (isolate: false), so the modules they
 * share are loaded once per worker instead of once per file.
 */
const PURE = [
  'test/core/*.test.ts',
  'test/tetris/**/*.test.ts',
  'test/tetris-ai/**/*.test.ts',
  'test/tetris-search/**/*.test.ts',
  'test/samegame/**/*.test.ts',
  'test/web/**/*.test.ts',
  'test/search/methods.test.ts',
  'test/search/settings.test.ts',
];

const limits = { testTimeout: 120_000, hookTimeout: 60_000 };
/** Two files at once even on two cores (Vitest's default is one worker fewer than the cores). */
const WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        test: { ...limits, name: 'pure', include: PURE, isolate: false, maxWorkers: WORKERS },
      },
      {
        // Most test files spend their time waiting for child processes, servers and browsers.
        test: {
          ...limits,
          name: 'tests',
          include: ['test/**/*.test.ts'],
          exclude: [...TIMED, ...PURE],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      { test: { ...limits, name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
