import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // e2e tests spawn real processes and servers; two cores means two workers at most.
    maxWorkers: 2,
    globalSetup: ['test/helpers/global-setup.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
