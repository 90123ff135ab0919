import { afterAll } from 'vitest';
import { removeTempDirs, usedSecrets } from './cli.js';

// Test files share the modules their worker imported (vitest.config.ts), so what a file leaves in
// the helpers' state is cleared here, after each file: its temp folders, and the keys it used (a
// key of one file may be an ordinary word of another's output).
afterAll(() => {
  removeTempDirs();
  usedSecrets.clear();
});
