import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { describeProgram } from './model.js';
import { zshScript } from './zsh.js';

const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

const generators: Record<CompletionShell, (model: ReturnType<typeof describeProgram>) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
};

/** The completion script for `shell`, generated from the program's command tree. */
export function completionScript(shell: CompletionShell, program: Command): string {
  return generators[shell](describeProgram(program));
}
