import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { createContext } from '../../src/context.js';
import { createTestIO } from '../../src/io.js';
import { runCli } from '../helpers/cli.js';

/** What the whole tree prints for argv: the reference a run building only part of it must match. */
async function fromWholeTree(argv: string[]): Promise<string> {
  const io = await createTestIO();
  const ctx = createContext({ io, env: {}, now: () => 0, sleep: async () => {}, signal: new AbortController().signal });
  await buildProgram(ctx).parseAsync(argv, { from: 'user' }).catch(() => {});
  return io.out() + io.err();
}

// A run registers in full only the command named in argv (start-up time): nothing it prints may differ.
describe('a run that builds part of the command tree prints what the whole tree prints', () => {
  it.each([
    [['--help']],
    [['urls', '--help']],
    [['-o', 'json', 'url', 'ls', '--help']],
    [['qr', 'add', '--help']],
    [['config', '--help']],
    [['login', '--help']],
    [['sandbox', '--help']],
    [['urls', 'lst']],
    [['urlz']],
  ])('shorty %j', async (argv) => {
    const res = await runCli(argv);
    expect(res.stdout + res.stderr).toBe(await fromWholeTree(argv));
  });
});
