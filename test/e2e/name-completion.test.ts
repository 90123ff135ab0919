// Tab offers the names of the account that earlier commands saw, in real bash, zsh and fish, from
// the name cache alone: after `urls list --all`, `urls get <Tab>` offers the aliases; a deleted
// link is gone; no completion sends a request; each profile sees its own names.
import { execa } from 'execa';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { zshCompDump } from '../helpers/zsh-dump.js';

const cli = useSandboxCli({ inProcess: true, resetData: true });
const SCRIPTS = { bash: 'shorty.bash', zsh: '_shorty', fish: 'shorty.fish' } as const;
const script = (shell: keyof typeof SCRIPTS) => join(ROOT, 'completions', SCRIPTS[shell]);

async function hasShell(name: string): Promise<boolean> {
  return (await execa(name, ['--version'], { reject: false })).exitCode === 0;
}
let shells: { zsh: boolean; fish: boolean };
beforeAll(async () => {
  shells = { zsh: await hasShell('zsh'), fish: await hasShell('fish') };
  // `npm test` installs both (scripts/test-deps.mjs): a missing shell is a failure, never a check skipped.
  expect(shells).toEqual({ zsh: true, fish: true });
});

/** The environment of a shell: the config folder, and no `shorty` it could run. */
const shellEnv = (configDir: string, extra: Record<string, string> = {}) => ({
  PATH: '/usr/bin:/bin',
  HOME: tempDir(),
  SHORTY_CONFIG_DIR: configDir,
  ...extra,
});

/** A completion asked of bash: the words as bash splits them (the cursor at the end of the last), the reply expected, and extra environment. */
type BashCase = [words: string[], reply: string[], env?: Record<string, string>];

// One bash for many completions (a start and a source of the script each would cost more than all
// the completions): each case runs in a subshell of its own, with its own environment, as if typed
// in a fresh shell; its reply ends with a NUL.
const BASH_EACH = `source "$1" || exit 9; shift
while (( $# )); do
  __env=("\${@:2:$1}"); shift $(( $1 + 1 ))
  __words=("\${@:2:$1}"); shift $(( $1 + 1 ))
  ( (( \${#__env[@]} )) && export "\${__env[@]}"
    COMP_WORDS=("\${__words[@]}"); COMP_CWORD=$(( \${#__words[@]} - 1 )); _shorty; printf '%s\\n' "\${COMPREPLY[@]}" )
  printf '\\0'
done`;

/** Expects plain bash to offer each case's reply. */
async function expectBash(configDir: string, cases: BashCase[]): Promise<void> {
  const args = cases.flatMap(([words, , env = {}]) => {
    const vars = Object.entries(env).map(([name, value]) => `${name}=${value}`);
    return [String(vars.length), ...vars, String(words.length), ...words];
  });
  const res = await execa('bash', ['--norc', '--noprofile', '-c', BASH_EACH, 'bash', script('bash'), ...args], {
    env: shellEnv(configDir),
    extendEnv: false,
    reject: false,
  });
  expect(res.stderr).toBe('');
  const replies = res.stdout.split('\0').slice(0, -1);
  expect(cases.map(([words], i) => ({ words, reply: replies[i]?.split('\n').filter(Boolean) }))).toEqual(
    cases.map(([words, reply]) => ({ words, reply })),
  );
}

/** What fish lists for `line`: `name<TAB>description` lines. */
async function fish(configDir: string, line: string): Promise<string[]> {
  const res = await execa(
    'fish',
    ['--no-config', '-c', 'source $argv[1]; complete -C $argv[2]', script('fish'), line],
    {
      env: shellEnv(configDir),
      extendEnv: false,
      reject: false,
    },
  );
  expect(res.stderr).toBe('');
  return res.stdout.split('\n').filter(Boolean);
}

// zsh completes only inside its line editor: an interactive zsh in a pseudo-terminal (zpty) gets
// the line and a Tab; compadd is wrapped to print what it is given, each as `<<word>> -- shown`.
const ZSH_INIT = `autoload -Uz compinit && compinit -u -d "$ZSH_COMPDUMP"
source "$COMPLETION_FILE"
compadd () {
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "$@"; return $?; fi
  typeset -a __hits __dscr __tmp
  if (( $@[(I)-d] )); then
    __tmp=\${@[$[\${@[(i)-d]}+1]]}
    if [[ $__tmp == \\(* ]]; then eval "__dscr=$__tmp"; else __dscr=( "\${(@P)__tmp}" ); fi
  fi
  builtin compadd -A __hits -D __dscr "$@"
  local i; for i in {1..$#__hits}; do print -r -- "<<\${__hits[i]}>>\${__dscr[i]:+ -- $__dscr[i]}"; done
}
capture-tab() { zle complete-word; print -r -- '::end::' }
zle -N capture-tab
bindkey '^I' capture-tab
PROMPT=''
`;
const ZSH_CAPTURE = `zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "COMPLETION_FILE=$1; source $2; print -r -- '::ready::'"
local line out=''
while zpty -r z line; do [[ $line == *::ready::* && $line != *print* ]] && break; done
zpty -w -n z "$3"$'\\t'
while zpty -r z line; do out+=$line; [[ $line == *::end::* ]] && break; done
zpty -d z
print -r -- $out
`;

/** The words zsh would insert for `line`, and what it shows beside each. */
async function zsh(configDir: string, line: string): Promise<{ word: string; shown: string }[]> {
  const dir = tempDir();
  writeFileSync(join(dir, 'init.zsh'), ZSH_INIT);
  writeFileSync(join(dir, 'capture.zsh'), ZSH_CAPTURE);
  const res = await execa('zsh', ['-f', join(dir, 'capture.zsh'), script('zsh'), join(dir, 'init.zsh'), line], {
    env: { ...shellEnv(configDir), TERM: 'dumb', ZSH_COMPDUMP: await zshCompDump() },
    extendEnv: false,
    reject: false,
  });
  return [...res.stdout.matchAll(/<<([^>]*)>>(?: -- ([^\r\n<]*))?/g)].map(([, word, shown]) => ({
    word,
    shown: (shown ?? '').trim(),
  }));
}

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
});
