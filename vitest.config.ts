import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // nvcc and g++ runs dominate; keep the 2-core CI machine from oversubscribing.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
