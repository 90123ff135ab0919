// A run of a command's own code for one tool call, whose output is data for the call instead of
// the server's stdout (which carries the protocol): stdout and stderr are kept in memory, the
// output format is fixed, and the client, its limiter and the settings are the server's.
import type { Context } from '../context.js';
import { createTestIO } from '../io.js';
import { createPrinter } from '../output/printer.js';

export interface Captured {
  ctx: Context;
  /** What the run wrote to stdout, then to stderr (its notes and warnings), once it is done. */
  out(): string;
  notes(): string[];
}

export async function captured(parent: Context, input?: string): Promise<Captured> {
  const io = await createTestIO({ stdin: input });
  const cleanups: (() => Promise<void> | void)[] = [];
  const globals = { ...parent.globals, output: 'ndjson', yes: true, quiet: false, fields: undefined };
  const ctx: Context = {
    ...parent,
    io,
    globals,
    exitCode: undefined,
    onClose: (fn) => void cleanups.push(fn),
    close: async () => {
      for (const fn of cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {});
    },
    printer: async () =>
      createPrinter({
        io,
        format: 'ndjson',
        quiet: false,
        color: false,
        redact: (text) => parent.secrets.redact(text),
      }),
  };
  return {
    ctx,
    out: io.out,
    notes: () =>
      io
        .err()
        .split('\n')
        .filter((line) => line.trim() !== ''),
  };
}
