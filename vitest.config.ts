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

const limits = { testTimeout: 120_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        // Most test files spend their time waiting for child processes, servers and browsers: two run at
        // once even on two cores (Vitest's default is one worker fewer than the cores).
        test: {
          ...limits,
          name: 'tests',
          include: ['test/**/*.test.ts'],
          exclude: TIMED,
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      { test: { ...limits, name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
