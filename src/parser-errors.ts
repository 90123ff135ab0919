import type { Command, Option } from 'commander';
import { commandPath } from './help/command-path.js';
import { similar } from './help/similar.js';

// Commander's parse errors as the rest of shorty speaks: `shorty: <message>` and an optional
// `hint: <hint>` line, values and suggestions in double quotes. The kind of error comes from the
// error's `code`, the values from the command's own state (its arguments, options and
// subcommands) and, where commander keeps them nowhere else, from the quoted values in its text;
// suggestions are shorty's own (help/similar.ts). Commander's wording is never matched, so a
// release that rewords a message changes nothing here. An unknown code is passed on as is.

export interface ParserError {
  message: string;
  hint?: string;
}

/** `usage: shorty urls get [options] <link>` */
function usageHint(cmd: Command): string {
  return `usage: ${commandPath(cmd)} ${cmd.usage()}`.trimEnd();
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"` */
function alternatives(words: readonly string[]): string {
  const quoted = words.map((w) => `"${w}"`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** `did you mean "list"?`: the one phrasing of a suggestion, the parser's and shorty's own. */
export function didYouMean(words: readonly string[]): string | undefined {
  return words.length === 0 ? undefined : `did you mean ${alternatives(words)}?`;
}

/** An alias in a suggestion (`ls`) stands for its command (`list`): each command once. */
function commandNames(cmd: Command, candidates: string[]): string[] {
  const names = candidates.map(
    (word) => cmd.commands.find((c) => c.name() === word || c.aliases().includes(word))?.name() ?? word,
  );
  return [...new Set(names)];
}

/** `-o, --output <format>` -> `-o`, `--limit <n>` -> `--limit`: the option without its value. */
function flagName(flags: string): string {
  return flags.split(/[ ,|]/)[0];
}

/**
 * Flags people reach for by the names shorty prints (a link's `alias`, `title`), where the flag
 * keeps the link body's name: suggested when the command has the flag they meant.
 */
const FLAG_SYNONYMS: Readonly<Record<string, string>> = {
  '--alias': '--custom',
  '--title': '--meta-title',
  '--description': '--meta-description',
  '--image': '--meta-image',
  '--expires': '--expiry',
  '--expire': '--expiry',
  '--expiration': '--expiry',
};

function synonymOf(flag: string, cmd?: Command): string[] {
  const meant = FLAG_SYNONYMS[flag.split('=')[0]];
  return meant && cmd?.options.some((o) => o.long === meant) ? [meant] : [];
}

/** A commander error: its `code` and its text. */
export interface ParseFailure {
  code: string;
  message: string;
}

/** The values commander quoted in its text (`'--limt'`, `'abc'`), in order. */
function quoted(text: string): string[] {
  return [...text.matchAll(/'([^']*)'/g)].map((m) => m[1]);
}

function helpHintOf(cmd: Command): string {
  const path = commandPath(cmd).split(' ').slice(1).join(' ');
  return cmd.parent ? `run "shorty help ${path}" to see its commands` : 'run "shorty help" to see the commands';
}

/** The visible names and aliases of a group's commands: what an unknown word is compared with. */
function commandCandidates(cmd: Command): string[] {
  return cmd
    .createHelp()
    .visibleCommands(cmd)
    .flatMap((c) => [c.name(), ...c.aliases()]);
}

/** The long flags of a command and of the commands above it, as commander accepts them there. */
function flagCandidates(cmd: Command): string[] {
  const flags: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) {
    for (const option of c.createHelp().visibleOptions(c)) if (option.long) flags.push(option.long.slice(2));
  }
  return flags;
}

function optionSuggestions(flag: string, cmd: Command): string[] {
  const synonym = synonymOf(flag, cmd);
  if (synonym.length > 0 || !flag.startsWith('--')) return synonym;
  const name = flag.slice(2).split('=')[0];
  return similar(name, flagCandidates(cmd)).map((f) => `--${f}`);
}

function optionByFlags(cmd: Command, flags: string | undefined): Option | undefined {
  return cmd.options.find((o) => o.flags === flags || o.long === flags || o.short === flags);
}

/** `Allowed choices are a, b.` from the option's own choices; an argParser's reason as it is. */
function invalidBecause(target: { argChoices?: string[] } | undefined, reason: string): string {
  const choices = target?.argChoices;
  if (choices && choices.length > 0) return `choose ${alternatives(choices).replaceAll('"', '')}`;
  return reason.replace(/\.$/, '');
}

/**
 * What an argParser said: commander puts it after its own sentence about the quoted values
 * (`option '--limit <n>' argument 'abc' is invalid. <reason>`).
 */
function reasonAfterQuotes(text: string): string {
  const afterValues = text.slice(text.lastIndexOf("'") + 1);
  const sentenceEnd = afterValues.indexOf('. ');
  return (sentenceEnd < 0 ? afterValues : afterValues.slice(sentenceEnd + 2)).trim();
}

/**
 * The message and hint for a parse error of `cmd`, the command whose parse failed (for an
 * unknown command, the group it was looked up in).
 */
export function rewordParserError(failure: ParseFailure, cmd: Command): ParserError {
  const raw = failure.message.replace(/^error: /, '').trim();
  const values = quoted(raw);
  const where = cmd.parent ? ` for "${commandPath(cmd)}"` : '';
  const usage = usageHint(cmd);
  switch (failure.code) {
    case 'commander.unknownCommand': {
      const word = cmd.args[0] ?? values[0];
      const words = commandNames(cmd, similar(word, commandCandidates(cmd)));
      return { message: `unknown command "${word}"${where}`, hint: didYouMean(words) ?? helpHintOf(cmd) };
    }
    case 'commander.unknownOption': {
      const flag = values[0];
      // `-v` is the version in many tools; shorty's is -V, and `shorty version` says more.
      if (flag === '-v' && !cmd.parent)
        return { message: 'unknown option "-v"', hint: didYouMean(['--version', 'shorty version']) };
      return {
        message: `unknown option "${flag}"${where}`,
        hint:
          didYouMean(optionSuggestions(flag, cmd)) ??
          (cmd.parent ? usage : 'run "shorty help flags" to see the global flags'),
      };
    }
    case 'commander.invalidArgument': {
      const option = optionByFlags(cmd, values[0]);
      if (option) {
        const reason = invalidBecause(option, reasonAfterQuotes(raw));
        return { message: `invalid value "${values[1]}" for ${flagName(option.flags)}: ${reason}` };
      }
      const argument = cmd.registeredArguments.find((a) => a.name() === values[1]);
      const reason = invalidBecause(argument, reasonAfterQuotes(raw));
      return { message: `invalid value "${values[0]}" for <${argument?.name() ?? values[1]}>: ${reason}` };
    }
    case 'commander.missingArgument': {
      const missing = cmd.registeredArguments.find((a, i) => a.required && cmd.args[i] === undefined);
      return { message: `missing argument <${missing?.name() ?? values[0]}>${where}`, hint: usage };
    }
    case 'commander.optionMissingArgument': {
      const flags = optionByFlags(cmd, values[0])?.flags ?? values[0];
      return { message: `${flagName(flags)} needs a value: ${flags}` };
    }
    case 'commander.missingMandatoryOptionValue': {
      const option = cmd.options.find((o) => o.mandatory && cmd.getOptionValue(o.attributeName()) === undefined);
      return { message: `missing required option ${flagName(option?.flags ?? values[0])}${where}`, hint: usage };
    }
    case 'commander.conflictingOption':
      return { message: `${flagName(values[0])} cannot be used with ${flagName(values[1])}` };
    case 'commander.excessArguments': {
      const extra = cmd.args[cmd.registeredArguments.length];
      const what = extra === undefined ? `${cmd.args.length} arguments` : `argument "${extra}"`;
      return { message: `unexpected ${what} for "${commandPath(cmd)}"`, hint: usage };
    }
    default: {
      const [message, ...rest] = raw.split('\n');
      return { message, hint: rest.join(' ').trim() || undefined };
    }
  }
}
