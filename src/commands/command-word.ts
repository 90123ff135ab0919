import type { Command } from 'commander';

/**
 * The first word of argv that is not a global option or its value: the command the user asked
 * for (`shorty -o json urls list` -> `urls`), or undefined when there is none (`shorty --help`).
 * Which options take a value is read from the program itself, so the two can't drift apart.
 */
export function commandWord(program: Command, argv: readonly string[]): string | undefined {
  return commandWordAt(program, argv)?.word;
}

/** The command word and its index in argv. */
export function commandWordAt(program: Command, argv: readonly string[]): { word: string; index: number } | undefined {
  const takesValue = new Set<string>();
  for (const option of program.options) {
    if (!option.required && !option.optional) continue;
    if (option.short) takesValue.add(option.short);
    if (option.long) takesValue.add(option.long);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') return i + 1 < argv.length ? { word: argv[i + 1], index: i + 1 } : undefined;
    if (!arg.startsWith('-') || arg === '-') return { word: arg, index: i };
    if (arg.startsWith('--')) {
      if (!arg.includes('=') && takesValue.has(arg)) i++;
    } else if (shortClusterWantsNext(arg, takesValue)) {
      i++;
    }
  }
  return undefined;
}

/** `-o` or `-qo` take the next argument as the value; `-ojson` carries its own. */
function shortClusterWantsNext(arg: string, takesValue: Set<string>): boolean {
  for (let k = 1; k < arg.length; k++) {
    if (takesValue.has(`-${arg[k]}`)) return k === arg.length - 1;
  }
  return false;
}
