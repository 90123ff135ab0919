import { defineConfig } from 'vitest/config';

const ALL = ['test/**/*.test.ts'];
// The fuzz test and the documented examples move the working directory (relative file names
// land in a temp dir), which only a process of its own may do. The other files run in worker threads, which start
// faster than forked processes: measured here, the suite took ~20 % less time with them.
const OWN_PROCESS = ['test/reliability/fuzz.test.ts', 'test/docs/examples.test.ts'];
// Files that replace a module (vi.mock) get module instances of their own. The others share the
// modules their worker already imported: importing the sources again for each of 100+ files took
// ~19 s of the run.
const OWN_MODULES = ['test/commands/import-files.test.ts'];
// The limits catch a hang, never a slow machine: a test that needs time takes it from an injected
// clock or waits for an event, so none comes near them, however loaded the machine (npm run
// test:under-load checks it). One limit for all: no test sets its own.
const HANG_LIMIT_MS = 300_000;
const common = { testTimeout: HANG_LIMIT_MS, hookTimeout: HANG_LIMIT_MS, setupFiles: ['test/helpers/per-file.ts'] };

export default defineConfig({
  test: {
    // e2e tests spawn real processes and servers and mostly wait (rate windows, timeouts, child
    // processes): three workers on two cores took the suite from 94 s to 76 s here, all green.
    maxWorkers: 3,
    globalSetup: ['test/helpers/global-setup.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'threads',
          include: ALL,
          exclude: [...OWN_PROCESS, ...OWN_MODULES],
          pool: 'threads',
          isolate: false,
          ...common,
        },
      },
      { test: { name: 'isolated', include: OWN_MODULES, pool: 'threads', ...common } },
      { test: { name: 'forks', include: OWN_PROCESS, pool: 'forks', ...common } },
    ],
  },
});
