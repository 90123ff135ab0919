// Tab offers the names of the account that earlier commands saw, in real bash, zsh and fish, from
// the name cache alone: after `urls list --all`, `urls get <Tab>` offers the aliases; a deleted
// link is gone; no completion sends a request; each profile sees its own names.
import { execa } from 'execa';
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { expectBash, fish, zsh } from '../helpers/name-completion-shells.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true, resetData: true });

async function hasShell(name: string): Promise<boolean> {
  return (await execa(name, ['--version'], { reject: false })).exitCode === 0;
}
let shells: { zsh: boolean; fish: boolean };
beforeAll(async () => {
  shells = { zsh: await hasShell('zsh'), fish: await hasShell('fish') };
  // `npm test` installs both (scripts/test-deps.mjs): a missing shell is a failure, never a check skipped.
  expect(shells).toEqual({ zsh: true, fish: true });
});

/** Every file of the cache, read: for the key check. */
function cacheFiles(configDir: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(join(configDir, 'cache'));
}

async function seed() {
  await cli.sandbox.api('POST', '/url/add', { url: 'https://example.com/a', custom: 'spring', metatitle: 'Spring' });
  await cli.sandbox.api('POST', '/url/add', {
    url: 'https://example.com/b',
    custom: 'summer',
    metatitle: 'Summer: the big sale',
  });
  await cli.sandbox.api('POST', '/campaign/add', { name: 'Spring sale' });
  await cli.sandbox.api('POST', '/campaign/add', { name: 'Launch' });
}

describe('completion of the names commands saw', () => {
  it('after urls list --all and campaigns list: aliases and campaign names in bash, zsh and fish, with no request', async () => {
    await seed();
    const configDir = tempDir();
    // Nothing seen yet: nothing offered, nothing said.
    await expectBash(configDir, [[['shorty', 'urls', 'get', ''], []]]);
    if (shells.fish) expect(await fish(configDir, 'shorty urls get ')).toEqual([]);
    for (const args of [
      ['urls', 'list', '--all', '-q'],
      ['campaigns', 'list', '-q'],
    ]) {
      const res = await cli.run(args, { configDir });
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stderr).toBe('');
    }
    await cli.sandbox.admin.reset();

    await expectBash(configDir, [
      [
        ['shorty', 'urls', 'get', ''],
        ['spring', 'summer'],
      ],
      [
        ['shorty', 'link', 'rm', 'spring', 's'],
        ['spring', 'summer'],
      ],
      [
        ['shorty', 'campaigns', 'assign', ''],
        ['Launch', 'Spring\\ sale'],
      ],
      [['shorty', 'campaigns', 'assign', 'Spring\\ s'], ['Spring\\ sale']],
      [['shorty', 'campaigns', 'assign', "'Sp"], ["'Spring sale'"]],
      [['shorty', 'campaigns', 'assign', 'Launch', 'su'], ['summer']],
      [
        ['shorty', 'channels', 'assign', '1', 'link', ''],
        ['spring', 'summer'],
      ],
    ]);

    if (shells.fish) {
      expect(await fish(configDir, 'shorty urls get ')).toEqual(['spring\tSpring', 'summer\tSummer: the big sale']);
      expect(await fish(configDir, 'shorty campaigns assign ')).toEqual([
        expect.stringMatching(/^Launch\tid \d+$/),
        expect.stringMatching(/^Spring sale\tid \d+$/),
      ]);
    }
    if (shells.zsh) {
      expect(await zsh(configDir, 'shorty urls get ')).toEqual([
        { word: 'spring', shown: 'spring  -- Spring' },
        { word: 'summer', shown: 'summer  -- Summer: the big sale' },
      ]);
      // zsh inserts the name quoted: `Spring\ sale`.
      expect((await zsh(configDir, 'shorty campaigns assign Sp')).map((hit) => hit.word)).toEqual(['Spring\\ sale']);
    }
    expect(await cli.sandbox.admin.requests()).toEqual([]);

    // The cache is the profile's, private, and holds no key.
    for (const file of cacheFiles(configDir)) {
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
      expect(readFileSync(file, 'utf8'), file).not.toContain(cli.env.SHORTY_API_KEY);
    }
  });

  it('a deleted link is no longer offered', async () => {
    await seed();
    const configDir = tempDir();
    expect((await cli.run(['urls', 'list', '--all', '-q'], { configDir })).exitCode).toBe(0);
    await expectBash(configDir, [
      [
        ['shorty', 'urls', 'get', ''],
        ['spring', 'summer'],
      ],
    ]);
    const res = await cli.run(['urls', 'delete', 'spring', '-y', '-q'], { configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    await expectBash(configDir, [[['shorty', 'urls', 'get', ''], ['summer']]]);
    if (shells.fish) expect(await fish(configDir, 'shorty urls get ')).toEqual(['summer\tSummer: the big sale']);
  });

  it("profiles don't see each other's names: --profile, SHORTY_PROFILE and the one `profiles use` chose", async () => {
    await seed();
    const configDir = tempDir();
    const config = (current?: string) =>
      writeFileSync(
        join(configDir, 'config.json'),
        JSON.stringify({ current, profiles: { work: {}, home: {}, 'me@work': {} } }),
        {
          mode: 0o600,
        },
      );
    config();
    expect((await cli.run(['campaigns', 'list', '-q', '--profile', 'work'], { configDir })).exitCode).toBe(0);
    // A name the shells spell in hex as shorty does (bash splits it at '@').
    expect((await cli.run(['channels', 'add', 'News', '-q', '--profile', 'me@work'], { configDir })).exitCode).toBe(0);
    const assign = ['campaigns', 'assign', ''];
    const both = ['Launch', 'Spring\\ sale'];
    await expectBash(configDir, [
      [['shorty', '--profile', 'work', ...assign], both],
      [['shorty', ...assign], []],
      [['shorty', '--profile', '=', 'work', ...assign], both],
      [['shorty', '--profile', 'home', ...assign], []],
      [['shorty', ...assign], both, { SHORTY_PROFILE: 'work' }],
      [['shorty', ...assign], [], { SHORTY_PROFILE: 'home' }],
      [['shorty', '--profile', 'me', '@', 'work', 'channels', 'get', ''], ['News']],
      [['shorty', 'channels', 'get', ''], ['News'], { SHORTY_PROFILE: 'me@work' }],
      [['shorty', '--profile', 'work', 'channels', 'get', ''], []],
    ]);
    config('work');
    await expectBash(configDir, [[['shorty', ...assign], both]]);
    if (shells.fish) {
      expect(await fish(configDir, 'shorty campaigns assign ')).toHaveLength(2);
      expect(await fish(configDir, 'shorty --profile=home campaigns assign ')).toEqual([]);
    }
    if (shells.zsh) {
      expect((await zsh(configDir, 'shorty campaigns assign ')).map((hit) => hit.word)).toEqual([
        'Launch',
        'Spring\\ sale',
      ]);
      expect(await zsh(configDir, 'shorty --profile home campaigns assign ')).toEqual([]);
    }
  });

  it('help <Tab> offers command names and topics, then the commands of the group named', async () => {
    const configDir = tempDir();
    await expectBash(configDir, [
      [['shorty', 'help', ''], expect.arrayContaining(['urls', 'cache', 'exit-codes'])],
      [
        ['shorty', 'help', 'e'],
        ['environment', 'exit-codes'],
      ],
      [['shorty', 'help', 'urls', 'ge'], ['get']],
      [['shorty', 'urls', 'help', 'ex'], ['export']],
    ]);
    if (shells.fish)
      expect((await fish(configDir, 'shorty help ca')).map((l) => l.split('\t')[0])).toEqual(['cache', 'campaigns']);
  });

  // As shorty's own reads: a file the shells read must be a regular file (a FIFO would hold the
  // Tab) of the user's that no one else may write. Each shell ends with its reply: no wait.
  it("files that are not the user's alone are not read: a FIFO at config.json, names others may write or own", async () => {
    await seed();
    const configDir = tempDir();
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: {} }), { mode: 0o600 });
    expect((await cli.run(['urls', 'list', '--all', '-q'], { configDir })).exitCode).toBe(0);
    const expectOffered = async (names: string[]) => {
      await expectBash(configDir, [[['shorty', 'urls', 'get', ''], names]]);
      expect((await fish(configDir, 'shorty urls get ')).map((l) => l.split('\t')[0])).toEqual(names);
      expect((await zsh(configDir, 'shorty urls get ')).map((hit) => hit.word)).toEqual(names);
    };
    await expectOffered(['spring', 'summer']);

    const files = cacheFiles(configDir);
    for (const file of files) chmodSync(file, 0o620);
    await expectOffered([]);
    for (const file of files) chmodSync(file, 0o600);
    await expectOffered(['spring', 'summer']);

    if (process.getuid!() === 0) {
      for (const file of files) chownSync(file, 65534, 65534);
      await expectOffered([]);
      for (const file of files) chownSync(file, 0, 0);
    }

    rmSync(join(configDir, 'config.json'));
    execFileSync('mkfifo', [join(configDir, 'config.json')]);
    await expectOffered([]);
  });
});
