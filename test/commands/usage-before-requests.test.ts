// Exit 2 means nothing was sent: every command checks its flags (--fields against the fields its
// answer can have, conflicting flags) and its references before its first request. Each command gets otherwise valid
// arguments, so the only fault is the one under test.
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, type CommandName } from '../helpers/command-names.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });

/** A valid use of each command (what follows the command words). */
const ARGS: Record<CommandName, string[]> = {
  'urls list': [],
  'urls lookup': ['https://sho.rt/abc'],
  'urls get': ['1'],
  'urls add': ['https://example.com/a'],
  'urls update': ['1', '--meta-title', 'T'],
  'urls delete': ['1', '-y'],
  'urls import': ['-', '--dry-run'],
  'urls export': [],
  'urls sync': ['-', '--key', 'url', '--dry-run'],
  'domains list': [],
  'domains get': ['1'],
  'domains add': ['x.example.com'],
  'domains update': ['1', '--redirect-root', 'https://example.com'],
  'domains delete': ['1', '-y'],
  'overlays list': [],
  'overlays get': ['1'],
  'splash list': [],
  'splash get': ['1'],
  'campaigns list': [],
  'campaigns get': ['1'],
  'campaigns add': ['c'],
  'campaigns update': ['1', '--private'],
  'campaigns delete': ['1', '-y'],
  'campaigns assign': ['1', '2', '3'],
  'channels list': [],
  'channels get': ['1'],
  'channels items': ['1'],
  'channels add': ['ch'],
  'channels update': ['1', '--name', 'ch'],
  'channels delete': ['1', '-y'],
  'channels assign': ['1', 'link', '2', '3'],
  'pixels list': [],
  'pixels get': ['1'],
  'pixels types': [],
  'pixels add': ['p', '--type', 'gtmpixel', '--tag', 'GTM-1'],
  'pixels update': ['1', '--name', 'p2'],
  'pixels delete': ['1', '-y'],
  'qr list': [],
  'qr get': ['1'],
  'qr add': ['--type', 'link', '--data', 'https://example.com'],
  'qr update': ['1', '--data', 'https://example.com'],
  'qr delete': ['1', '-y'],
  'account get': [],
  'account update': ['--email', 'a@example.com'],
  'legacy create': ['https://example.com/l'],
  'legacy disable': ['https://sho.rt/abc'],
  'legacy enable': ['https://sho.rt/abc'],
  'legacy info': ['https://sho.rt/abc'],
  'legacy list': [],
  api: ['GET', '/urls'],
  'cache refresh': ['-y'],
  'cache clear': [],
  completion: ['bash'],
  limits: [],
  mcp: ['--read-only'],
  version: [],
  sandbox: ['--port', '0'],
  login: ['--with-key'],
  logout: [],
  status: [],
  'config list': [],
  'config get': ['timeout'],
  'config set': ['timeout', '10'],
  'config unset': ['timeout'],
  'config path': [],
  'profiles list': [],
  'profiles use': ['default'],
  'profiles delete': ['default', '-y'],
};

const argv = (name: CommandName, extra: string[]) => [...name.split(' '), ...ARGS[name], ...extra];

/**
/**
 * Where each command that names a record takes its reference (the indexes in ARGS). Add a command
 * here when it takes one (links take an id, an alias or a short URL; resources in NAMED an id or a
 * name; domains an id or a host name; overlays and splash pages an id).
 */
const REFERENCES: Partial<Record<CommandName, number[]>> = {
  'urls get': [0],
  'urls update': [0],
  'urls delete': [0],
  'urls lookup': [0],
  'domains get': [0],
  'domains update': [0],
  'domains delete': [0],
  'overlays get': [0],
  'splash get': [0],
  'campaigns get': [0],
  'campaigns update': [0],
  'campaigns delete': [0],
  'campaigns assign': [0, 1, 2],
  'channels get': [0],
  'channels items': [0],
  'channels update': [0],
  'channels delete': [0],
  'channels assign': [0, 2, 3],
  'pixels get': [0],
  'pixels update': [0],
  'pixels delete': [0],
  'qr get': [0],
  'qr update': [0],
  'qr delete': [0],
};
/** References that name nothing, whatever the resource: not an id, an alias nor a URL. */
const INVALID_REFERENCES = ['0', 'a b', 'https://', 'ftp://sho.rt/abc'];
/**
 * Where a resource is named by id or name (campaigns, channels, pixels, QR codes): any text can be
 * a name, so only a bad id and an empty name name nothing. Domains are named by host name, which
 * INVALID_REFERENCES are not.
 */
const NAMED: Partial<Record<CommandName, number[]>> = {
  'campaigns get': [0],
  'campaigns update': [0],
  'campaigns delete': [0],
  'campaigns assign': [0],
  'channels get': [0],
  'channels items': [0],
  'channels update': [0],
  'channels delete': [0],
  'channels assign': [0],
  'pixels get': [0],
  'pixels update': [0],
  'pixels delete': [0],
  'qr get': [0],
  'qr update': [0],
  'qr delete': [0],
  'overlays get': [0],
  'splash get': [0],
};
const INVALID_NAMES = ['0', '00', ' '];
const SHORT_URL_REFERENCES: CommandName[] = ['legacy disable', 'legacy enable', 'legacy info'];

/** Flags that contradict each other on a command, beyond those every command refuses, and the message. */
const CONFLICTS: Partial<Record<CommandName, [flags: string[], message: RegExp][]>> = {
  'urls get': [[['--qr', '--watch'], /^shorty: --qr and --watch can't be used together$/m]],
};

/** The command's valid arguments with the one at `index` replaced by `ref`. */
function withReference(name: CommandName, index: number, ref: string): string[] {
  const args = [...ARGS[name]];
  args[index] = ref;
  return [...name.split(' '), ...args];
}

const referenceCases = Object.entries(REFERENCES).flatMap(([name, indexes]) =>
  indexes!.flatMap((index) =>
    (NAMED[name as CommandName]?.includes(index) ? INVALID_NAMES : INVALID_REFERENCES).map(
      (ref) => [name as CommandName, index, ref] as const,
    ),
  ),
);

async function refusedBeforeSending(args: string[], message: RegExp, env: Record<string, string> = {}) {
  const res = await cli.runLogged(args, { input: 'https://example.com/in\n', env });
  expect(res.exitCode, `shorty ${args.join(' ')}\n${res.stderr}`).toBe(2);
  expect(res.stderr).toMatch(message);
  expect(res.requests).toEqual([]);
}

describe('every command refuses bad flags before any request', () => {
  it.each(COMMAND_NAMES)('%s --fields nosuch', async (name) => {
    await refusedBeforeSending(
      argv(name, ['--fields', 'nosuch']),
      /^shorty: (unknown field "nosuch"|.* prints no fields)/m,
    );
  });
  it.each(COMMAND_NAMES)('%s -q --fields id', async (name) => {
    await refusedBeforeSending(
      argv(name, ['-q', '--fields', 'id']),
      /^shorty: -q and --fields can't be used together$/m,
    );
  });
  it.each(COMMAND_NAMES)('%s with SHORTY_OUTPUT=yaml', async (name) => {
    await refusedBeforeSending(argv(name, []), /^shorty: .*SHORTY_OUTPUT/m, { SHORTY_OUTPUT: 'yaml' });
  });
  it.each(referenceCases)('%s with the reference at %i as %j', async (name, index, ref) => {
    await refusedBeforeSending(withReference(name, index, ref), /^shorty: invalid /m);
  });
  it.each(SHORT_URL_REFERENCES)('%s a b', async (name) => {
    await refusedBeforeSending(withReference(name, 0, 'a b'), /^shorty: invalid /m);
  });
  const conflicting = (Object.entries(CONFLICTS) as [CommandName, [string[], RegExp][]][]).flatMap(([name, cases]) =>
    cases.map(([flags, message]) => [name, flags, message] as const),
  );
  it.each(conflicting)('%s %j', async (name, flags, message) => {
    await refusedBeforeSending(argv(name, flags), message);
  });
  const legacy = COMMAND_NAMES.filter((name) => name.startsWith('legacy '));
  it.each(legacy)('%s --xml --json', async (name) => {
    await refusedBeforeSending(
      argv(name, ['--xml', '--json']),
      /^shorty: --xml and -o\/--json can't be used together$/m,
    );
  });
});
