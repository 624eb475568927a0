import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files that time the machine itself (an Aveiro clock's ticks, a search's time budget): they run
 * after the others, one file at a time, when no other test loads the machine.
 */
const TIMED = ['test/aveiro/robustness.test.ts', 'test/search/limits.test.ts', 'test/search/conformance.test.ts'];

const limits = { testTimeout: 120_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    projects: [
      // Most tests wait on child processes, servers and browsers: two files at a time even on two cores.
      {
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
