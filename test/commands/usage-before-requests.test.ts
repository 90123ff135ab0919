// Exit 2 means nothing was sent: every command checks its flags (--fields against the fields its
// answer can have, conflicting flags) before its first request. Each command gets otherwise valid
// arguments, so the only fault is the one under test.
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, type CommandName } from '../helpers/command-names.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });

/** A valid use of each command (what follows the command words). */
const ARGS: Record<CommandName, string[]> = {
  'urls list': [], 'urls lookup': ['https://sho.rt/abc'], 'urls get': ['1'],
  'urls add': ['https://example.com/a'], 'urls update': ['1', '--meta-title', 'T'], 'urls delete': ['1', '-y'],
  'urls import': ['-', '--dry-run'], 'urls export': [], 'urls sync': ['-', '--key', 'url', '--dry-run'],
  'domains list': [], 'domains add': ['https://x.example.com'], 'domains update': ['1', '--redirect-root', 'https://example.com'],
  'domains delete': ['1', '-y'],
  'overlays list': [], 'splash list': [],
  'campaigns list': [], 'campaigns add': ['--name', 'c'], 'campaigns update': ['1', '--name', 'c'], 'campaigns delete': ['1', '-y'],
  'campaigns assign': ['1', '2'],
  'channels list': [], 'channels get': ['1'], 'channels add': ['ch'], 'channels update': ['1', '--name', 'ch'],
  'channels delete': ['1', '-y'], 'channels assign': ['1', 'links', '2'],
  'pixels list': [], 'pixels types': [], 'pixels add': ['--type', 'gtmpixel', '--name', 'p', '--tag', 'GTM-1'],
  'pixels update': ['1', '--tag', 'GTM-2'], 'pixels delete': ['1', '-y'],
  'qr list': [], 'qr get': ['1'], 'qr add': ['--type', 'link', '--data', 'https://example.com'],
  'qr update': ['1', '--data', 'https://example.com'], 'qr delete': ['1', '-y'],
  'account get': [], 'account update': ['--email', 'a@example.com'],
  'legacy create': ['https://example.com/l'], 'legacy disable': ['https://sho.rt/abc'], 'legacy enable': ['https://sho.rt/abc'],
  'legacy info': ['https://sho.rt/abc'], 'legacy list': [],
  'api': ['GET', '/urls'], 'completion': ['bash'], 'limits': [], 'sandbox': ['--port', '0'],
  'login': ['--with-key'], 'logout': [],
  'config list': [], 'config get': ['timeout'], 'config set': ['timeout', '10'], 'config unset': ['timeout'], 'config path': [],
  'profiles list': [], 'profiles use': ['default'], 'profiles delete': ['default', '-y'],
};

const argv = (name: CommandName, extra: string[]) => [...name.split(' '), ...ARGS[name], ...extra];

async function refusedBeforeSending(args: string[], message: RegExp, env: Record<string, string> = {}) {
  const res = await cli.runLogged(args, { input: 'https://example.com/in\n', env });
  expect(res.exitCode, `shorty ${args.join(' ')}\n${res.stderr}`).toBe(2);
  expect(res.stderr).toMatch(message);
  expect(res.requests).toEqual([]);
}

describe('every command refuses bad flags before any request', () => {
  it.each(COMMAND_NAMES)('%s --fields nosuch', async (name) => {
    await refusedBeforeSending(argv(name, ['--fields', 'nosuch']), /^shorty: (unknown field "nosuch"|.* prints no fields)/m);
  });
  it.each(COMMAND_NAMES)('%s -q --fields id', async (name) => {
    await refusedBeforeSending(argv(name, ['-q', '--fields', 'id']), /^shorty: -q and --fields can't be used together$/m);
  });
  it.each(COMMAND_NAMES)('%s with SHORTY_OUTPUT=yaml', async (name) => {
    await refusedBeforeSending(argv(name, []), /^shorty: .*SHORTY_OUTPUT/m, { SHORTY_OUTPUT: 'yaml' });
  });
  const legacy = COMMAND_NAMES.filter((name) => name.startsWith('legacy '));
  it.each(legacy)('%s --xml --json', async (name) => {
    await refusedBeforeSending(argv(name, ['--xml', '--json']), /^shorty: --xml and -o\/--json can't be used together$/m);
  });
});
