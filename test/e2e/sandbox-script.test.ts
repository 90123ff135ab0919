// The documented way of starting the sandbox from a script works as written: the block is taken
// from docs/sandbox.md and run by bash, with `shorty` on PATH being the built CLI.
import { execa } from 'execa';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BIN, ROOT, tempDir } from '../helpers/cli.js';

function readmeScript(): string {
  const readme = readFileSync(join(ROOT, 'docs', 'sandbox.md'), 'utf8');
  const block = /From a script \(the suite runs this block as written\):\n\n```sh\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('docs/sandbox.md: the sandbox script block is missing');
  return block[1];
}

it('the documented script starts the sandbox, uses it and stops it', async () => {
  const bin = tempDir('shorty-path-');
  const shim = join(bin, 'shorty');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  const env: Record<string, string | undefined> = {
    PATH: `${bin}:${process.env.PATH}`,
    SHORTY_CONFIG_DIR: tempDir(),
    HOME: process.env.HOME,
  };
  const res = await execa('bash', ['-e', '-c', readmeScript()], {
    cwd: tempDir(),
    env,
    extendEnv: false,
    reject: false,
  });
  expect(res.exitCode, res.stderr).toBe(0);
  expect(res.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/);
});
