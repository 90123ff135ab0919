import { Command, Option } from 'commander';
import { execa } from 'execa';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeArgument, completeOption } from '../../src/completion/values.js';
import { completionScript } from '../../src/completion/index.js';
import { BIN, ROOT, tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';

const FILES = { bash: 'shorty.bash', zsh: '_shorty', fish: 'shorty.fish' } as const;

// The scripts are printed in-process: what prints them is the subject here, not a process start
// (test/e2e/startup.test.ts runs `completion bash` in the built binary).
async function printed(shell: keyof typeof FILES): Promise<string> {
  const res = await runInProcess(['completion', shell]);
  expect(res.stderr).toBe('');
  expect(res.exitCode).toBe(0);
  return res.stdout;
}

async function saved(shell: keyof typeof FILES, script?: string): Promise<string> {
  const file = join(tempDir(), FILES[shell]);
  writeFileSync(file, script ?? (await printed(shell)));
  return file;
}

/** `npm test` installs zsh and fish (scripts/test-deps.mjs): a missing shell fails, never skips a check. */
async function hasShell(name: string): Promise<boolean> {
  const found = (await execa(name, ['--version'], { reject: false })).exitCode === 0;
  expect(found, `${name} is not installed`).toBe(true);
  return found;
}

/** The words bash makes of a line: split at blanks, and at '=' and ':' (COMP_WORDBREAKS). */
function compWords(line: string): string[] {
  return line.split(' ').flatMap((word) => (word === '' ? [''] : word.split(/([=:]+)/).filter(Boolean)));
}

/** What plain bash (no bash-completion package) offers for `line`, after sourcing `file`. */
async function bashComplete(
  file: string,
  line: string,
  program = 'shorty',
  env: Record<string, string> = {},
): Promise<string[]> {
  const script = `
    source "$1" || exit 9
    COMP_LINE="$2" COMP_POINT=\${#2} COMP_WORDS=("\${@:4}") COMP_CWORD=$(( $# - 4 ))
    spec=$(complete -p "$3") || exit 8
    fn=\${spec#*-F } fn=\${fn%% *}
    "$fn" "$3" "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\\n' "\${COMPREPLY[@]}"`;
  const args = ['--norc', '--noprofile', '-c', script, 'bash', file, line, program, ...compWords(line)];
  const res = await execa('bash', args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    extendEnv: false,
    cwd: ROOT,
    reject: false,
  });
  expect(res.stderr).toBe('');
  expect(res.exitCode).toBe(0);
  return res.stdout.split('\n').filter(Boolean);
}

describe('shorty completion', () => {
  it.each(Object.entries(FILES))(
    'completions/%s is what `shorty completion` prints (else: npm run completions)',
    async (shell, file) => {
      const committed = readFileSync(join(ROOT, 'completions', file), 'utf8');
      expect(committed).toBe(await printed(shell as keyof typeof FILES));
    },
  );

  it('refuses an unknown shell with a usage error', async () => {
    const res = await runInProcess(['completion', 'powershell']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toBe('shorty: invalid value "powershell" for <shell>: choose bash, zsh or fish\n');
    expect(res.stdout).toBe('');
  });

  it('completes commands, flags and values in a real bash with complete -F', async () => {
    const file = await saved('bash');
    const cases: [string, string[]][] = [
      ['shorty ur', ['urls']],
      ['shorty urls add --ty', ['--type']],
      ['shorty url cr', ['create']],
      ['shorty -o ', ['table', 'json', 'ndjson', 'csv', 'tsv']],
      ['shorty --output=j', ['json']],
      ['shorty -q urls list --order ', ['date', 'click']],
      ['shorty channels assign 12 ', ['link', 'links', 'qr', 'qrs', 'bio', 'bios']],
      ['shorty completion ', ['bash', 'zsh', 'fish']],
    ];
    for (const [line, expected] of cases) {
      expect({ line, reply: await bashComplete(file, line) }).toEqual({ line, reply: expected });
    }
    expect(await bashComplete(file, 'shorty pixels add --type ')).toContain('gapixel');
    expect(await bashComplete(file, 'shorty qr add --type ')).toContain('wifi');
    expect(await bashComplete(file, 'shorty urls add --')).toEqual(
      expect.arrayContaining(['--type', '--json', '--help']),
    );
  });

  it('offers config keys, and the profile names the config holds when completing', async () => {
    const file = await saved('bash');
    // `shorty` on PATH is the built CLI, reading a config folder of this test.
    const bin = join(tempDir(), 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'shorty'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'shorty'), 0o755);
    const configDir = tempDir();
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { work: {}, home: {}, 'ci-eu': {} } }), {
      mode: 0o600,
    });
    const env = { PATH: `${bin}:${process.env.PATH}`, SHORTY_CONFIG_DIR: configDir };
    expect(await bashComplete(file, 'shorty --profile ', 'shorty', env)).toEqual(['work', 'home', 'ci-eu']);
    expect(await bashComplete(file, 'shorty urls list --profile h', 'shorty', env)).toEqual(['home']);
    expect(await bashComplete(file, 'shorty profiles use ', 'shorty', env)).toEqual(['work', 'home', 'ci-eu']);
    expect(await bashComplete(file, 'shorty profiles delete c', 'shorty', env)).toEqual(['ci-eu']);
    // A wrong SHORTY_PROFILE must not hide the list that would correct it.
    expect(await bashComplete(file, 'shorty profiles use ', 'shorty', { ...env, SHORTY_PROFILE: 'nosuch' })).toEqual([
      'work',
      'home',
      'ci-eu',
    ]);
    // Config keys are fixed: no run of shorty needed.
    expect(await bashComplete(file, 'shorty config get ')).toEqual([
      'base-url',
      'api-key',
      'rate-limit',
      'rate-store',
      'timeout',
      'output',
      'domain',
    ]);
    expect(await bashComplete(file, 'shorty config set ra')).toEqual(['rate-limit', 'rate-store']);
    // Without a config (or without shorty on PATH) there is nothing to offer, and no error shows.
    expect(await bashComplete(file, 'shorty --profile ', 'shorty', { SHORTY_CONFIG_DIR: tempDir() })).toEqual([]);
    const fish = await printed('fish');
    expect(fish).toContain("complete -c shorty -l profile -x -a '(command shorty profiles list -q 2>/dev/null)'");
    if (await hasShell('fish')) {
      const res = await execa(
        'fish',
        ['--no-config', '-c', 'source $argv[1]; complete -C "shorty profiles use "', await saved('fish', fish)],
        { env, reject: false },
      );
      expect(res.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual(['ci-eu', 'home', 'work']);
    }
  });

  it('offers registered values and file names for options and arguments that are not choices', async () => {
    const program = new Command('demo');
    program.option('--profile <name>', 'a global flag');
    const send = program
      .command('send')
      .alias('post')
      .argument('<kind>')
      .argument('[file]')
      .option('--mode <mode>', 'how')
      .option('--data <file>', 'payload file')
      .addOption(new Option('--level <n>').choices(['1', '2']));
    completeOption(send, '--mode', ['fast', 'slow']);
    completeArgument(send, 'kind', ['note', 'memo']);
    const file = await saved('bash', completionScript('bash', program));
    expect(await bashComplete(file, 'demo send --mode ', 'demo')).toEqual(['fast', 'slow']);
    expect(await bashComplete(file, 'demo po', 'demo')).toEqual(['post']);
    expect(await bashComplete(file, 'demo post --level 2 --profile x ', 'demo')).toEqual(['note', 'memo']);
    expect(await bashComplete(file, 'demo send --data package.j', 'demo')).toEqual(['package.json']);
    expect(await bashComplete(file, 'demo send note package.j', 'demo')).toEqual(['package.json']);
  });

  it('prints zsh and fish scripts that their shell parses (when installed)', async () => {
    const zsh = await printed('zsh');
    expect(zsh.startsWith('#compdef shorty\n')).toBe(true);
    expect(zsh).toContain('compdef _shorty shorty');
    if (await hasShell('zsh'))
      expect((await execa('zsh', ['-n', await saved('zsh', zsh)], { reject: false })).exitCode).toBe(0);
    const fish = await printed('fish');
    expect(fish).toContain("complete -c shorty -n '__shorty_at \\'urls add\\'' -l type");
    if (await hasShell('fish')) {
      const res = await execa(
        'fish',
        ['--no-config', '-c', 'source $argv[1]; complete -C "shorty urls add --ty"', await saved('fish', fish)],
        { reject: false },
      );
      expect(res.stdout).toMatch(/^--type\t/);
    }
  });
});
