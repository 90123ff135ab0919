// A context for calling a verb's run(opts, ctx) directly, without main() and its parser: what a
// caller other than the command line (a server of tools, a script) does. The same host as an
// in-process run gets: in-memory streams, a fresh config folder, nothing of process.env.
import type { Context, GlobalOptions } from '../../src/context.js';
import { createContext } from '../../src/factory.js';
import { createTestIO, type TestIO } from '../../src/io.js';
import { tempDir } from './cli.js';
import { noWait } from './in-process.js';

export async function verbContext(
  env: Record<string, string>,
  globals: GlobalOptions = {},
  stdin?: string,
): Promise<{ ctx: Context; io: TestIO }> {
  const io = await createTestIO({ stdin });
  const ctx = createContext(
    {
      io,
      env: { SHORTY_CONFIG_DIR: tempDir('shorty-config-'), ...env },
      now: () => Date.now(),
      sleep: noWait,
      signal: new AbortController().signal,
    },
    globals,
  );
  return { ctx, io };
}
