// Random argument vectors built from the real command tree, for the command-line fuzz test.
import type { Argument, Command, Option } from 'commander';

/** mulberry32 (the sandbox's, for its seeded faults): a failing vector replays from its seed. */
export { mulberry32 as prng } from '../../src/sandbox/faults.js';

export interface CommandSpec {
  /** e.g. ['urls', 'add'], with the alias spellings each word can take */
  words: string[][];
  options: Option[];
  args: Argument[];
}

/** Every command of the tree (groups included), minus the ones that would never return. */
export function commandSpecs(program: Command, skip: string[]): CommandSpec[] {
  const out: CommandSpec[] = [];
  const walk = (cmd: Command, words: string[][]) => {
    for (const sub of cmd.commands) {
      const path = [...words, [sub.name(), ...sub.aliases()]];
      if (skip.includes(path.map((w) => w[0]).join(' '))) continue;
      out.push({ words: path, options: sub.options as Option[], args: sub.registeredArguments as Argument[] });
      walk(sub, path);
    }
  };
  walk(program, []);
  return out;
}

/** Values a user (or a cat on the keyboard) might type, by what the flag or argument is about. */
export interface ValuePools {
  id: string[];
  url: string[];
  number: string[];
  text: string[];
  junk: string[];
}

export class VectorBuilder {
  constructor(
    private readonly random: () => number,
    private readonly specs: CommandSpec[],
    private readonly globals: Option[],
    private readonly pools: ValuePools,
  ) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  /** A value for something named `name` (an option's long flag or an argument's name). */
  private value(name: string, choices?: readonly string[]): string {
    if (this.chance(0.15)) return this.pick(this.pools.junk);
    if (choices && this.chance(0.8)) return this.pick(choices);
    if (/id$|ids$|^pixel$|^channel$|^page$|^limit$/i.test(name)) return this.pick(this.pools.id);
    if (/url|data|redirect|image|deeplink|logo/i.test(name)) return this.pick(this.pools.url);
    if (/timeout|rate|size/i.test(name)) return this.pick(this.pools.number);
    return this.pick(this.pools.text);
  }

  private optionTokens(option: Option): string[] {
    const flag = option.long ?? option.short!;
    const flagName = flag.replace(/^-+/, '');
    if (!option.required && !option.optional) return [this.chance(0.2) && option.short ? option.short : flag];
    const value = this.value(flagName, option.argChoices);
    if (option.long && this.chance(0.2)) return [`${option.long}=${value}`];
    return [flag, value];
  }

  /** One argument vector: a command path, its arguments and options, globals and junk, shuffled a little. */
  build(): string[] {
    const spec = this.pick(this.specs);
    const tokens = spec.words.map((spellings) => (this.chance(0.2) ? this.pick(spellings) : spellings[0]!));
    if (this.chance(0.05)) tokens.pop();
    const rest: string[] = [];
    for (const arg of spec.args) {
      if (!arg.required && this.chance(0.5)) continue;
      if (arg.required && this.chance(0.05)) continue;
      const count = arg.variadic ? 1 + Math.floor(this.random() * 3) : 1;
      for (let i = 0; i < count; i++) rest.push(this.value(arg.name(), arg.argChoices));
    }
    const optionCount = Math.floor(this.random() * 4);
    for (let i = 0; i < optionCount && spec.options.length > 0; i++)
      rest.push(...this.optionTokens(this.pick(spec.options)));
    const globalCount = Math.floor(this.random() * 3);
    for (let i = 0; i < globalCount; i++) rest.push(...this.optionTokens(this.pick(this.globals)));
    const junkCount = this.chance(0.3) ? 1 + Math.floor(this.random() * 2) : 0;
    for (let i = 0; i < junkCount; i++)
      rest.splice(Math.floor(this.random() * (rest.length + 1)), 0, this.pick(this.pools.junk));
    // Global flags are accepted before the subcommand too.
    const before = this.chance(0.2) ? rest.splice(0, Math.floor(this.random() * 3)) : [];
    return [...before, ...tokens, ...rest];
  }
}
