// A real interactive bash, zsh or fish in a pseudo-terminal (zsh's zpty drives it): a line is
// typed, then Tab, then Enter, as a person would. `shorty` in that shell is a function that prints
// the words it was given, so a test sees what completion inserted exactly as the shell parsed
// it, and whether anything ran.
import { execa } from 'execa';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './cli.js';
import { zshCompDump } from './zsh-dump.js';

export type Shell = 'bash' | 'zsh' | 'fish';

const SCRIPTS: Record<Shell, string> = { bash: 'shorty.bash', zsh: '_shorty', fish: 'shorty.fish' };

const START: Record<Shell, string> = {
  bash: 'bash --norc --noprofile -i',
  zsh: 'zsh -f -i',
  fish: 'fish --no-config -i',
};

/** The shell's first line: load the completion, define the printing `shorty`, say it is ready. */
function setup(shell: Shell, script: string): string {
  if (shell === 'fish')
    return `source ${script}; function shorty; printf '[[%s]]\\n' $argv; echo ::end::; end; echo ::ready::`;
  const init = shell === 'zsh' ? 'autoload -Uz compinit && compinit -u -d "$ZSH_COMPDUMP"; PROMPT=""; ' : "PS1='> '; ";
  return `${init}source ${script}; shorty() { printf '[[%s]]\\n' "$@"; echo ::end::; }; echo ::ready::`;
}

// One shell for all the lines: each is typed once the run of the one before has printed ::end::.
const DRIVER = `zmodload zsh/zpty
zpty s "$1"
zpty -w s "$2"
local line out typed
while zpty -r s line; do [[ $line == *::ready::* && $line != *echo* ]] && break; done
for typed in "\${@[3,-1]}"; do
  out=''
  zpty -w -n s "$typed"$'\\t\\r'
  while zpty -r s line; do out+=$line; [[ $line == *::end::* && $line != *echo* ]] && break; done
  print -r -- "$out::line::"
done
zpty -d s
`;

/**
 * A folder with the `shorty` the completion scripts' `command shorty profiles list -q` finds: it
 * prints `profilesList` (what that command printed, run in-process by the test) and fails on any
 * other arguments, so a script that ran something else offers nothing. A Node start per Tab
 * (12 of them per file) bought nothing: the shell's handling of the names is the subject.
 */
function binFolder(profilesList: string): string {
  const bin = join(tempDir(), 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'profiles-list'), profilesList);
  const answer = join(bin, 'profiles-list');
  writeFileSync(join(bin, 'shorty'), `#!/bin/sh\n[ "$*" = "profiles list -q" ] || exit 64\nexec cat '${answer}'\n`);
  chmodSync(join(bin, 'shorty'), 0o755);
  return bin;
}

/**
 * Types each of `lines`, Tab, Enter in one `shell` (working in `cwd`, `profiles list -q`
 * printing `profilesList`) and returns, for each, the words `shorty` was run with; a line after which it never ran (the line was broken, or the shell
 * ran something else) ends the list.
 */
export async function tabThenEnter(
  shell: Shell,
  lines: string[],
  env: Record<string, string>,
  cwd: string,
  profilesList: string,
): Promise<string[][]> {
  const home = tempDir();
  const driver = join(home, 'driver.zsh');
  writeFileSync(driver, DRIVER);
  const script = join(ROOT, 'completions', SCRIPTS[shell]);
  const res = await execa('zsh', ['-f', driver, START[shell], setup(shell, script), ...lines], {
    env: {
      PATH: `${binFolder(profilesList)}:/usr/bin:/bin`,
      HOME: home,
      TMPDIR: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      TERM: 'dumb',
      ...(shell === 'zsh' ? { ZSH_COMPDUMP: await zshCompDump() } : {}),
      ...env,
    },
    extendEnv: false,
    cwd,
    reject: false,
    timeout: 40_000,
  });
  return res.stdout
    .split('::line::')
    .filter((out) => out.includes('::end::'))
    .map((out) => [...out.matchAll(/\[\[(.*?)\]\]/gs)].map(([, word]) => word));
}
