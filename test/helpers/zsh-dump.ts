// zsh's compinit reads every function of $fpath (~1,000 files) unless a dump of them exists: 2–4 s
// of a loaded machine per shell started. A user's zsh keeps that dump in ~/.zcompdump; the tests'
// shells share one made for the test file, so only the first pays for the scan.
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './cli.js';

let dump: string | undefined;

/** A compinit dump of this machine's zsh, for `compinit -u -d <dump>`; made once per test file. */
export async function zshCompDump(): Promise<string> {
  // Temp folders go after each file, and this module can outlive one (worker threads share modules).
  if (dump === undefined || !existsSync(dump)) {
    const path = join(tempDir('shorty-zsh-'), 'zcompdump');
    await execa('zsh', ['-f', '-c', 'autoload -Uz compinit && compinit -u -d "$1"', 'zsh', path], {
      env: { PATH: '/usr/bin:/bin', HOME: join(path, '..') },
      extendEnv: false,
    });
    if (!existsSync(path)) throw new Error(`zsh made no completion dump at ${path}`);
    dump = path;
  }
  return dump;
}
