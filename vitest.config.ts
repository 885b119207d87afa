import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/postgres.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves one core idle by default; on this 2-core machine the suite is CPU-bound, so use both.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
