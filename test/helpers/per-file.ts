import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { removeTempDirs, stopStrayProcesses, usedSecrets } from './cli.js';
import { stopStrayRuns } from './stray-runs.js';
import { listTree, redirectHome } from './hermetic.js';

// Each test file gets a HOME, XDG folders and a TMPDIR of its own inside the run's
// (global-setup.ts): a test that writes to the default config folder or the system temp folder
// writes there, and nothing one file writes is seen by another.
const fileRoot = mkdtempSync(join(tmpdir(), 'file-'));
const restoreHome = redirectHome(fileRoot);
const fileTmp = process.env.TMPDIR!;
/** What the CLI keeps in the temp folder on purpose, to outlive a run: bin/shorty.js's code cache. */
const KEPT = /^shorty-code-cache-/;

// A test that failed or timed out midway may have left a command running: it would go on sending
// requests into a sandbox the next test reads. Each test's runs end with it.
afterEach(() => {
  stopStrayProcesses();
  stopStrayRuns();
});

// Test files share the modules their worker imported (vitest.config.ts), so what a file leaves in
// the helpers' state is cleared here, after each file: its temp folders, and the keys it used (a
// key of one file may be an ordinary word of another's output).
afterAll(() => {
  removeTempDirs();
  usedSecrets.clear();
  const leftBehind = listTree(fileTmp).filter((path) => !path.includes('/') && !KEPT.test(path));
  restoreHome();
  rmSync(fileRoot, { recursive: true, force: true });
  // What the tests made through tempDir() is gone by now; anything else is a file the code under
  // test (or a test) made in the temp folder and did not remove.
  if (leftBehind.length > 0) throw new Error(`left behind in the temp folder: ${leftBehind.join(', ')}`);
});
