import type { Command } from 'commander';
import { commandPath } from './commands/command-word.js';

// Commander's own error texts, reworded as the rest of shorty speaks: `shorty: <message>` and an
// optional `hint: <hint>` line, values and suggestions in double quotes. Commander builds its
// texts from fixed templates (lib/command.js: unknownCommand, unknownOption, missingArgument,
// optionMissingArgument, missingMandatoryOptionValue, _conflictingOption, _excessArguments, and
// the "is invalid" of a choice or an argParser); a text none of them matches is passed on as is.

export interface ParserError {
  message: string;
  hint?: string;
}

/** `usage: shorty urls get [options] <link>` */
function usageHint(cmd: Command): string {
  return `usage: ${commandPath(cmd)} ${cmd.usage()}`.trimEnd();
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"` */
export function alternatives(words: readonly string[]): string {
  const quoted = words.map((w) => `"${w}"`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** `did you mean "list"?`: the one phrasing of a suggestion, the parser's and shorty's own. */
export function didYouMean(words: readonly string[]): string | undefined {
  return words.length === 0 ? undefined : `did you mean ${alternatives(words)}?`;
}

/** `a, b, c` -> `a, b or c`. */
function choiceList(text: string): string {
  const choices = text.split(/,\s*/);
  return choices.length < 2 ? text : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
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

/** `(Did you mean one of url, urls?)` -> ['url', 'urls'] */
function suggested(text: string | undefined): string[] {
  return text ? text.replace(/^one of /, '').split(/,\s*/) : [];
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

/**
 * The message and hint for a text commander wrote for `cmd`, the command whose parse failed (for
 * an unknown command, the group it was looked up in).
 */
export function rewordParserError(text: string, cmd?: Command): ParserError {
  const raw = text.replace(/^error: /, '').trim();
  const where = cmd?.parent ? ` for "${commandPath(cmd)}"` : '';
  const helpHint = cmd
    ? `run "${cmd.parent ? `shorty help ${commandPath(cmd).split(' ').slice(1).join(' ')}` : 'shorty help'}" to see ${cmd.parent ? 'its' : 'the'} commands`
    : undefined;

  const command = /^unknown command '([^']+)'(?:\s*\(Did you mean (.+)\?\))?$/s.exec(raw);
  if (command) {
    const words = cmd ? commandNames(cmd, suggested(command[2])) : suggested(command[2]);
    return { message: `unknown command "${command[1]}"${where}`, hint: didYouMean(words) ?? helpHint };
  }
  const option = /^unknown option '([^']+)'(?:\s*\(Did you mean (.+)\?\))?$/s.exec(raw);
  // `-v` is the version in many tools; shorty's is -V, and `shorty version` says more.
  if (option && option[1] === '-v' && !cmd?.parent)
    return { message: 'unknown option "-v"', hint: didYouMean(['--version', 'shorty version']) };
  if (option) {
    return {
      message: `unknown option "${option[1]}"${where}`,
      hint:
        didYouMean(synonymOf(option[1], cmd)) ??
        didYouMean(suggested(option[2])) ??
        (cmd?.parent ? usageHint(cmd) : 'run "shorty help flags" to see the global flags'),
    };
  }
  const optionValue = /^option '([^']+)' argument '([^']*)' is invalid\. (.+)$/s.exec(raw);
  if (optionValue)
    return {
      message: `invalid value "${optionValue[2]}" for ${flagName(optionValue[1])}: ${invalidBecause(optionValue[3])}`,
    };
  const argumentValue = /^command-argument value '([^']*)' is invalid for argument '([^']+)'\. (.+)$/s.exec(raw);
  if (argumentValue)
    return {
      message: `invalid value "${argumentValue[1]}" for <${argumentValue[2]}>: ${invalidBecause(argumentValue[3])}`,
    };

  const usage = cmd ? usageHint(cmd) : undefined;
  const missing = /^missing required argument '([^']+)'$/.exec(raw);
  if (missing) return { message: `missing argument <${missing[1]}>${where}`, hint: usage };
  const noValue = /^option '([^']+)' argument missing$/.exec(raw);
  if (noValue) return { message: `${flagName(noValue[1])} needs a value: ${noValue[1]}` };
  const required = /^required option '([^']+)' not specified$/.exec(raw);
  if (required) return { message: `missing required option ${flagName(required[1])}${where}`, hint: usage };
  const conflict =
    /^(?:option|environment variable) '([^']+)' cannot be used with (?:option|environment variable) '([^']+)'$/.exec(
      raw,
    );
  if (conflict) return { message: `${flagName(conflict[1])} cannot be used with ${flagName(conflict[2])}` };
  const excess = /^too many arguments(?: for '[^']+')?\. Expected (\d+) arguments? but got (\d+)\.$/.exec(raw);
  if (excess) {
    const extra = cmd?.args.slice(Number(excess[1]))[0];
    const what = extra === undefined ? `${excess[2]} arguments` : `argument "${extra}"`;
    return { message: `unexpected ${what}${where || (cmd ? ` for "${commandPath(cmd)}"` : '')}`, hint: usage };
  }
  const [message, ...rest] = raw.split('\n');
  return { message, hint: rest.join(' ').trim() || undefined };
}

/** `Allowed choices are a, b.` -> `choose a or b`; an argParser's own reason as it is. */
function invalidBecause(reason: string): string {
  const choices = /^Allowed choices are (.+)\.$/s.exec(reason);
  return choices ? `choose ${choiceList(choices[1])}` : reason.replace(/\.$/, '');
}
