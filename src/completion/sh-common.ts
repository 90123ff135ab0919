// Helper functions shared by the bash and zsh scripts: both shells read the same `case` syntax,
// so the command tree is written out once as lookups keyed by "<command path> <word>".
import type { ArgumentSpec, CommandSpec, CompletionModel, OptionSpec } from './model.js';

/** Single-quotes a word for bash and zsh. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A pattern written as is (a glob), not quoted as a word. */
export interface RawPattern {
  raw: string;
}

/** A `case` statement over `subject`; arms are [patterns, body] and the last arm is `*)`. */
export function caseStatement(subject: string, arms: [(string | RawPattern)[], string][], otherwise: string): string {
  const pattern = (p: string | RawPattern) => (typeof p === 'string' ? shQuote(p) : p.raw);
  const lines = arms.map(([patterns, body]) => `    ${patterns.map(pattern).join('|')}) ${body} ;;`);
  return [`  case ${subject} in`, ...lines, `    *) ${otherwise} ;;`, '  esac'].join('\n');
}

function key(path: string, word: string): string {
  return `${path} ${word}`;
}

function valueOptions(options: OptionSpec[]): OptionSpec[] {
  return options.filter((o) => o.takesValue);
}

/** `prefix_child PATH WORD` sets prefix_next to the path WORD leads to (names and aliases), or ''. */
export function childFunction(model: CompletionModel, prefix: string): string {
  const arms: [string[], string][] = model.all.flatMap((cmd) =>
    cmd.commands.map((sub): [string[], string] => [
      [sub.name, ...sub.aliases].map((word) => key(cmd.path, word)),
      `${prefix}_next=${shQuote(sub.path)}`,
    ]),
  );
  return `${prefix}_child() {\n${caseStatement('"$1 $2"', arms, `${prefix}_next=''`)}\n}`;
}

/** `prefix_takes_value PATH OPTION` succeeds when OPTION reads the next word as its value. */
export function takesValueFunction(model: CompletionModel, prefix: string): string {
  const globalFlags = valueOptions(model.globals).flatMap((o) => o.flags);
  const ownArms: [string[], string][] = model.all
    .filter((cmd) => cmd !== model.root)
    .flatMap((cmd) =>
      valueOptions(cmd.options).map((o): [string[], string] => [
        o.flags.map((flag) => key(cmd.path, flag)),
        'return 0',
      ]),
    );
  return [
    `${prefix}_takes_value() {`,
    caseStatement('"$2"', globalFlags.length ? [[globalFlags, 'return 0']] : [], ':'),
    caseStatement('"$1 $2"', ownArms, 'return 1'),
    '}',
  ].join('\n');
}

/**
 * Sets the values (fixed, or the lines a run of the program prints, its errors dropped), names
 * the cached resource whose names they are, or asks for file names. An argument's function gets
 * the arguments before it from $3 on.
 */
function valuesBody(model: CompletionModel, prefix: string, spec: OptionSpec | ArgumentSpec): string {
  if (spec.names) return `${prefix}_names=${spec.names}`;
  const typed = 'typedNames' in spec ? spec.typedNames : undefined;
  if (typed) {
    const byResource = new Map<string, string[]>();
    for (const [word, resource] of Object.entries(typed.byWord))
      byResource.set(resource, [...(byResource.get(resource) ?? []), word]);
    const arms = [...byResource].map(([resource, words]): [string[], string] => [words, `${prefix}_names=${resource}`]);
    return `case "\${${typed.index + 3}}" in ${arms.map(([words, body]) => `${words.map(shQuote).join('|')}) ${body} ;;`).join(' ')} esac`;
  }
  if (spec.command)
    // Lines, not words: they are data (profile names), offered as they are, never expanded.
    return `${prefix}_lines="$(command ${model.program} ${spec.command.map(shQuote).join(' ')} 2>/dev/null)"`;
  if (spec.values?.length) return `${prefix}_words=${shQuote(spec.values.join(' '))}`;
  return spec.files ? `${prefix}_files=1` : ':';
}

/** `prefix_option_values PATH OPTION` sets prefix_words (the values), prefix_lines (a run's) or prefix_files=1. */
export function optionValuesFunction(model: CompletionModel, prefix: string): string {
  const arm = (patterns: string[], o: OptionSpec): [string[], string] => [
    patterns,
    `${valuesBody(model, prefix, o)}; return`,
  ];
  const own = model.all
    .filter((cmd) => cmd !== model.root)
    .flatMap((cmd) =>
      valueOptions(cmd.options).map((o) =>
        arm(
          o.flags.map((f) => key(cmd.path, f)),
          o,
        ),
      ),
    );
  const globals = valueOptions(model.globals).map((o) => arm(o.flags, o));
  return [
    `${prefix}_option_values() {`,
    `  ${prefix}_words='' ${prefix}_lines='' ${prefix}_files=0 ${prefix}_names=''`,
    caseStatement('"$1 $2"', own, ':'),
    caseStatement('"$2"', globals, ':'),
    '}',
  ].join('\n');
}

/** The INDEX of an argument, and any index after it when it is variadic (`<link...>`). */
function indexPatterns(path: string, index: number, variadic: boolean): (string | RawPattern)[] {
  const exact = key(path, String(index));
  if (!variadic) return [exact];
  if (index === 0) return [{ raw: `${shQuote(`${path} `)}*` }];
  // [i-9] for the indexes up to 9, then every number of two digits or more.
  return [{ raw: `${shQuote(`${path} `)}[${Math.min(index, 9)}-9]` }, { raw: `${shQuote(`${path} `)}[1-9][0-9]*` }];
}

/**
 * `prefix_argument_values PATH INDEX ARGS...` does the same for the INDEX-th positional argument;
 * ARGS are the arguments before it (some values depend on one: `channels assign 4 qr <item>`).
 */
export function argumentValuesFunction(model: CompletionModel, prefix: string): string {
  const arms = model.all.flatMap((cmd: CommandSpec) =>
    cmd.args
      .map((arg, index): [(string | RawPattern)[], string] => [
        indexPatterns(cmd.path, index, arg.variadic && index === cmd.args.length - 1),
        valuesBody(model, prefix, arg),
      ])
      .filter(([, body]) => body !== ':'),
  );
  return [
    `${prefix}_argument_values() {`,
    `  ${prefix}_words='' ${prefix}_lines='' ${prefix}_files=0 ${prefix}_names=''`,
    caseStatement('"$1 $2"', arms, ':'),
    '}',
  ].join('\n');
}

/** Every flag of the options, space-separated. */
export function flagList(options: OptionSpec[]): string {
  return options.flatMap((o) => o.flags).join(' ');
}
