import type { Reporter, TestModule } from 'vitest/node';

/** Ends the run with one plain line, `tests: N passed, N failed, N skipped`, that any CI log reader understands. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that failed to load has no tests but is a failure all the same.
      if (mod.state() === 'failed' && !mod.children.size) counts.failed += 1;
    }
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
