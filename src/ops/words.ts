// How a door names what an operation is about. An operation raises its errors, hints and warnings
// once, and names an input or another operation through these words: the command line says
// `--expiry` and `` `shorty channels list` ``, an MCP tool `expiry` and `channels_list`.

export interface Words {
  /** An input, given by its option key (`expiry`, `metaTitle`, `redirectRoot`). */
  field(key: string): string;
  /**
   * Another operation a hint points to, by the command group and verb that run it (`channels`,
   * `list`), with the option values and the item it is given.
   */
  op(group: string, verb: string, args?: OpArgs): string;
  /** How a hint says to do an operation again: `run` a command, `call` a tool. */
  run: string;
  /** Where a hint sends a reader for more (` (see \`shorty urls update --help\`)`); empty where the door has none. */
  more(group: string, verb: string): string;
}

interface OpArgs {
  /** The item the operation is about (an alias, an id). */
  item?: string;
  /** Option values by key: `{ limit: 5 }`. */
  options?: Record<string, string | number>;
}

/** A word as a POSIX shell reads it back. */
const shellWord = (text: string) => (/^[\w.@%+=:,/-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/([a-z])(\d)/g, '$1-$2');

/** The command line's words: flags and `shorty ...` commands. */
export const CLI_WORDS: Words = {
  field: (key) => `--${kebab(key)}`,
  op: (group, verb, args = {}) => {
    const words = ['shorty', group, verb];
    if (args.item !== undefined) words.push(shellWord(args.item));
    for (const [key, value] of Object.entries(args.options ?? {}))
      words.push(`--${kebab(key)}`, shellWord(String(value)));
    return `\`${words.join(' ')}\``;
  },
  run: 'run',
  more: (group, verb) => ` (see \`shorty ${group} ${verb} --help\`)`,
};

/**
 * A warning an operation raises (the request still goes): its text in the door's words, and the
 * input it is about, so that a door can show it beside that input.
 */
export interface Warning {
  field?: string;
  message: string;
}
