// Completion asked of real bash, fish and zsh with the committed scripts, with a config folder
// and no `shorty` the scripts could run: the name cache alone answers
// (test/e2e/name-completion.test.ts).
import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT, tempDir } from './cli.js';
import { zshCompDump } from './zsh-dump.js';

const SCRIPTS = { bash: 'shorty.bash', zsh: '_shorty', fish: 'shorty.fish' } as const;
const script = (shell: keyof typeof SCRIPTS) => join(ROOT, 'completions', SCRIPTS[shell]);

/** The environment of a shell: the config folder, and no `shorty` it could run. */
const shellEnv = (configDir: string) => ({ PATH: '/usr/bin:/bin', HOME: tempDir(), SHORTY_CONFIG_DIR: configDir });

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
export async function expectBash(configDir: string, cases: BashCase[]): Promise<void> {
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
export async function fish(configDir: string, line: string): Promise<string[]> {
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
export async function zsh(configDir: string, line: string): Promise<{ word: string; shown: string }[]> {
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
