import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { verbAlias } from '../../src/commands/shared/group.js';
import { URLS_VERBS } from '../../src/commands/urls/index.js';
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
    [['urls', 'list', '--bogus']],
    [['urls', 'add', '--help']],
    [['--json', 'link', 'rm', '--help']],
    [['urls', '-o', 'json', 'export', '--help']],
    [['urls', 'help', 'list']],
    [['urls', 'list', 'extra']],
    [['limits', 'extra']],
  ])('shorty %j', async (argv) => {
    const res = await runCli(argv);
    expect(res.stdout + res.stderr).toBe(await fromWholeTree(argv));
  });
});

describe('what a run builds of the tree', () => {
  const built = async (argv: string[]) => {
    const ctx = createContext({ io: await createTestIO(), env: {}, now: () => 0, sleep: async () => {}, signal: new AbortController().signal });
    return buildProgram(ctx, argv).commands.map((cmd) => [cmd.name(), cmd.commands.length + cmd.options.length > 0] as const);
  };

  it('a named command: that one only, in full', async () => {
    expect(await built(['-o', 'json', 'api', 'GET', '/urls'])).toEqual([['api', true]]);
  });

  it('a group and a verb: that verb only, by its name or alias', async () => {
    const verbs = async (argv: string[]) => {
      const ctx = createContext({ io: await createTestIO(), env: {}, now: () => 0, sleep: async () => {}, signal: new AbortController().signal });
      return buildProgram(ctx, argv).commands.flatMap((cmd) => cmd.commands.map((sub) => sub.name()));
    };
    expect(await verbs(['-o', 'json', 'url', 'ls'])).toEqual(['list']);
    expect(await verbs(['urls', '--json', 'create', 'https://example.com'])).toEqual(['add']);
    expect(await verbs(['urls', '--help'])).toEqual(URLS_VERBS.map((v) => v.name));
    expect(await verbs(['urls', 'lst'])).toEqual(URLS_VERBS.map((v) => v.name));
  });

  // registerVerbs finds a verb by its table name and verbAlias(): they must be the ones it registers.
  it('the urls verb table names each verb as it registers itself', async () => {
    const ctx = createContext({ io: await createTestIO(), env: {}, now: () => 0, sleep: async () => {}, signal: new AbortController().signal });
    const urls = buildProgram(ctx).commands.find((cmd) => cmd.name() === 'urls')!;
    expect(urls.commands.map((cmd) => ({ name: cmd.name(), aliases: cmd.aliases() })))
      .toEqual(URLS_VERBS.map((v) => ({ name: v.name, aliases: [verbAlias(v.name)].filter(Boolean) })));
  });

  it('no command word: every command, the groups as empty placeholders', async () => {
    const commands = await built(['--help']);
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.find(([name]) => name === 'urls')).toEqual(['urls', false]);
  });

  it('an unknown word: the whole tree, for suggestions', async () => {
    const commands = await built(['urlz']);
    expect(commands).toHaveLength((await built(['--help'])).length);
    expect(commands.find(([name]) => name === 'urls')).toEqual(['urls', true]);
  });
});
