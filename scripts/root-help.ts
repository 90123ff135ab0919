// The root help, for the front (src/front.ts) to print without the CLI: its text as the CLI prints
// it to a pipe (80 columns), and on a terminal of any width, the page to lay out and what follows it
// (the examples commander adds after the page). Made in-process from the sources, by the same code
// as the CLI's; the build checks the text against what the built CLI prints.
import { buildProgram, main } from '../src/cli.js';
import { createContext } from '../src/factory.js';
import { helpPage } from '../src/help/format.js';
import { layoutHelp } from '../src/help/layout.js';
import { createTestIO } from '../src/io.js';
import type { Host } from '../src/context.js';

export async function rootHelp(): Promise<{ text: string; page: ReturnType<typeof helpPage>; after: string }> {
  const host = async (): Promise<Host & { io: { out(): string } }> => ({
    io: await createTestIO(),
    env: {},
    now: () => 0,
    sleep: async () => {},
    signal: new AbortController().signal,
  });
  const printed = await host();
  if ((await main(['--help'], printed)) !== 0) throw new Error('root-help: shorty --help failed');
  const text = printed.io.out();

  const program = buildProgram(createContext(await host()), ['--help']);
  const helper = program.createHelp();
  helper.prepareContext({ helpWidth: 80 });
  const page = helpPage(program, helper);
  const laidOut = layoutHelp(page, helper);
  if (!text.startsWith(laidOut)) throw new Error('root-help: the page laid out at 80 columns is not the help printed');
  return { text, page, after: text.slice(laidOut.length) };
}
