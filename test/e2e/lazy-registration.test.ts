import { describe, expect, it } from 'vitest';
import { CommanderError } from 'commander';
import { buildProgram, parserErrorLines } from '../../src/cli.js';
import { ShortyError } from '../../src/errors.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import { runInProcess } from '../helpers/in-process.js';

/** What the whole tree prints for argv: the reference a run building only part of it must match. */
async function fromWholeTree(argv: string[]): Promise<string> {
  const io = await createTestIO();
  const ctx = createContext({ io, env: {}, now: () => 0, sleep: async () => {}, signal: new AbortController().signal });
  // A usage error of an action (an unknown help topic) is printed by main(), as shorty prints it.
  const shown = await buildProgram(ctx)
    .parseAsync(argv, { from: 'user' })
    .then(
      () => '',
      (err: unknown) => {
        if (err instanceof CommanderError && err.exitCode !== 0 && err.code !== 'commander.help')
          return parserErrorLines(err, ctx);
        return err instanceof ShortyError ? `shorty: ${err.message}\n${err.hint ? `hint: ${err.hint}\n` : ''}` : '';
      },
    );
  return io.out() + io.err() + shown;
}

// A run registers in full only the command named in argv (start-up time, see registerCommands), in
// main() as in the built CLI (main() runs here, in-process):
// nothing it prints may differ.
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
    [['help']],
    [['help', 'urls', 'add']],
    [['help', 'url', 'ls']],
    [['-o', 'json', 'help', 'qr']],
    [['help', 'nosuch']],
    [['help', 'urls', 'lst']],
    [['help', 'flags']],
    [['urls', 'help', 'nosuch']],
    [['campaigns', 'ls', '--help']],
    [['profiles', 'delete', '--help']],
    [['legacy', 'info', '--help']],
    [['pixels', 'types', '--help']],
    [['channels', '--json', 'items', '--help']],
    [['help', 'campaigns', 'assign']],
    [['account', '--help']],
    [['domains', 'rm']],
    [['qr', 'get']],
  ])('shorty %j', async (argv) => {
    const res = await runInProcess(argv);
    expect(res.stdout + res.stderr).toBe(await fromWholeTree(argv));
  });
});

describe('what a run builds of the tree', () => {
  const built = async (argv: string[]) => {
    const ctx = createContext({
      io: await createTestIO(),
      env: {},
      now: () => 0,
      sleep: async () => {},
      signal: new AbortController().signal,
    });
    return buildProgram(ctx, argv).commands.map(
      (cmd) => [cmd.name(), cmd.commands.length + cmd.options.length > 0] as const,
    );
  };

  it('a named command: that one only, in full', async () => {
    expect(await built(['-o', 'json', 'api', 'GET', '/urls'])).toEqual([['api', true]]);
    expect(await built(['-o', 'json', 'url', 'ls'])).toEqual([['urls', true]]);
  });

  it('no command word: every command, the groups as empty placeholders', async () => {
    const commands = await built(['--help']);
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.find(([name]) => name === 'urls')).toEqual(['urls', false]);
  });

  it('help A: what the root help gets, and A in full', async () => {
    const commands = await built(['help', 'url', 'add']);
    expect(commands).toHaveLength((await built(['--help'])).length);
    expect(commands.find(([name]) => name === 'urls')).toEqual(['urls', true]);
    expect(commands.find(([name]) => name === 'domains')).toEqual(['domains', false]);
  });

  it('an unknown word: the whole tree, for suggestions', async () => {
    const commands = await built(['urlz']);
    expect(commands).toHaveLength((await built(['--help'])).length);
    expect(commands.find(([name]) => name === 'urls')).toEqual(['urls', true]);
  });

  it('a group named with a verb: that verb only', async () => {
    const program = (ctx: Awaited<ReturnType<typeof contextFor>>, argv?: string[]) => buildProgram(ctx, argv);
    const ctx = await contextFor();
    // Every verb of every group, by its name and each alias, as the whole tree has them.
    for (const group of program(ctx).commands.filter((cmd) => cmd.commands.length > 0)) {
      for (const verb of group.commands.filter((cmd) => cmd.name() !== 'help')) {
        for (const word of [verb.name(), ...verb.aliases()]) {
          const built = program(ctx, [group.name(), word]).commands.find((cmd) => cmd.name() === group.name());
          const verbs = built?.commands.map((cmd) => cmd.name()).filter((name) => name !== 'help');
          // By its name, that verb alone; by an alias, that verb (alone where the alias is one
          // every group shares: list/ls, delete/rm...; a verb's own alias builds the group).
          if (word === verb.name()) expect(verbs, `shorty ${group.name()} ${word}`).toEqual([verb.name()]);
          else expect(verbs, `shorty ${group.name()} ${word}`).toContain(verb.name());
        }
      }
    }
    const verbsOf = (argv: string[]) =>
      program(ctx, argv)
        .commands[0].commands.map((cmd) => cmd.name())
        .filter((name) => name !== 'help');
    expect(verbsOf(['urls', 'rm', '1'])).toEqual(['delete']);
    expect(verbsOf(['-o', 'json', 'campaigns', '--all', 'ls'])).toEqual(['list']);
    expect(verbsOf(['qr', 'edit', '7'])).toEqual(['update']);
    // No verb, or an unknown one: all of them (the group's help, suggestions).
    expect(verbsOf(['urls'])).toHaveLength(9);
    expect(verbsOf(['urls', 'lst'])).toHaveLength(9);
  });
});

async function contextFor() {
  return createContext({
    io: await createTestIO(),
    env: {},
    now: () => 0,
    sleep: async () => {},
    signal: new AbortController().signal,
  });
}
