// Reads the command tree that `--help` prints from into plain data for the reference pages and
// man pages: the same program, the same commander Help, the same notes and examples.
import type { Command, Help } from 'commander';
import type { EventEmitter } from 'node:events';
import { buildProgram } from '../../src/cli.js';
import { createContext } from '../../src/factory.js';
import { HELP_TOPICS, type HelpTopic, topicTable } from '../../src/help/topics.js';
import { createTestIO } from '../../src/io.js';

export interface Item {
  term: string;
  text: string;
}

export interface DocCommand {
  /** Words after `shorty` ('' for the root, 'urls add' for a verb). */
  path: string;
  /** `shorty urls add` */
  title: string;
  /** File name without extension: `shorty-urls-add`. */
  slug: string;
  aliases: string[];
  /** The Usage line of `--help`, without `Usage: `. */
  usage: string;
  summary: string;
  description: string;
  args: Item[];
  flags: Item[];
  commands: DocCommand[];
  /** The notes after the help, one paragraph (or `  term  text` row) per line, unwrapped. */
  notes: string[];
  /** The example lines, `$ ` command lines and their indented comments, as the help shows them. */
  examples: string[];
  /** Paths of the commands this one names or sits with. */
  related: string[];
}

export interface DocTopic {
  name: HelpTopic;
  slug: string;
  summary: string;
  intro: string;
  items: Item[];
}

export interface DocModel {
  root: DocCommand;
  /** Every command, root first, depth first. */
  all: DocCommand[];
  /** Every global flag, as `shorty help flags` lists them. */
  globals: Item[];
  topics: DocTopic[];
  exitCodes: Item[];
}

/** Wide enough that no note is wrapped: each line of a note's text stays one line. */
const UNWRAPPED = 100_000;

export async function readModel(): Promise<DocModel> {
  const io = await createTestIO();
  io.columns = UNWRAPPED;
  const ctx = createContext({
    io,
    env: { NO_COLOR: '1' },
    now: () => 0,
    sleep: async () => {},
    signal: new AbortController().signal,
  });
  const program = buildProgram(ctx);
  const helper = program.createHelp();
  const all: DocCommand[] = [];
  const root = describe(program, '', helper, all);
  const known = all.map((c) => c.path).filter(Boolean);
  for (const cmd of all) cmd.related = relatedTo(cmd, all, known);
  const topics = (Object.keys(HELP_TOPICS) as HelpTopic[]).map((name) => {
    const table = topicTable(name, program, helper);
    return {
      name,
      slug: `shorty-help-${name}`,
      summary: HELP_TOPICS[name],
      intro: table.intro,
      items: table.items.map(([term, text]) => ({ term, text })),
    };
  });
  return {
    root,
    all,
    globals: helper
      .visibleOptions(program)
      .map((o) => ({ term: helper.optionTerm(o), text: helper.optionDescription(o) })),
    topics,
    exitCodes: topics.find((t) => t.name === 'exit-codes')?.items ?? [],
  };
}

function describe(cmd: Command, path: string, helper: Help, all: DocCommand[]): DocCommand {
  const after = afterText(cmd);
  const description = cmd.description();
  const doc: DocCommand = {
    path,
    title: path ? `shorty ${path}` : 'shorty',
    slug: path ? `shorty-${path.replaceAll(' ', '-')}` : 'shorty',
    aliases: cmd.aliases(),
    usage: helper.commandUsage(cmd),
    summary: (cmd.summary() || description).split('\n')[0],
    description,
    args: helper
      .visibleArguments(cmd)
      .map((a) => ({ term: helper.argumentTerm(a), text: helper.argumentDescription(a) })),
    // The root's own flags are the global ones, listed apart.
    flags: path
      ? helper
          .visibleOptions(cmd)
          .filter((o) => o.long !== '--help')
          .map((o) => ({ term: helper.optionTerm(o), text: helper.optionDescription(o) }))
      : [],
    commands: [],
    ...splitAfter(after),
    related: [],
  };
  all.push(doc);
  // `shorty urls help` is `shorty help urls`: one page, the root's.
  for (const sub of helper.visibleCommands(cmd)) {
    if (sub.name() === 'help' && path !== '') continue;
    doc.commands.push(describe(sub, path ? `${path} ${sub.name()}` : sub.name(), helper, all));
  }
  return doc;
}

/** What addHelpText('after') adds to the command's help: its notes and examples. */
function afterText(cmd: Command): string {
  const parts: string[] = [];
  // A Command is an EventEmitter (commander's help events), which its types leave out.
  (cmd as unknown as EventEmitter).emit('afterHelp', {
    error: false,
    command: cmd,
    write: (s: string) => void parts.push(s),
  });
  return parts.join('');
}

function splitAfter(after: string): { notes: string[]; examples: string[] } {
  const lines = after.split('\n');
  const start = lines.indexOf('Examples:');
  const notes = (start === -1 ? lines : lines.slice(0, start)).filter((line) => line.trim() !== '');
  const examples =
    start === -1
      ? []
      : lines
          .slice(start + 1)
          .filter((line) => line.trim() !== '')
          .map((line) => line.replace(/^ {2}/, ''));
  return { notes, examples };
}

/** The group it belongs to, the commands its text names, then the other commands of its group. */
function relatedTo(cmd: DocCommand, all: DocCommand[], known: string[]): string[] {
  const related: string[] = [];
  const add = (path: string) => {
    if (path !== cmd.path && !related.includes(path)) related.push(path);
  };
  const parent = cmd.path.includes(' ') ? cmd.path.slice(0, cmd.path.lastIndexOf(' ')) : cmd.path ? '' : undefined;
  if (parent !== undefined) add(parent);
  const text = [cmd.description, ...cmd.notes, ...cmd.examples].join('\n');
  // `shorty urls add ...` names `urls add`, not `urls`: the longest known path wins.
  for (const [, named] of text.matchAll(/(?:shorty |`)([a-z][a-z-]*(?: [a-z][a-z-]*)*)/g)) {
    const words = named.split(' ');
    for (let n = words.length; n > 0; n--) {
      const path = words.slice(0, n).join(' ');
      if (known.includes(path)) {
        add(path);
        break;
      }
    }
  }
  const siblings = all.filter((c) => c.path !== '' && parentOf(c.path) === parent && c.path !== 'help');
  if (parent !== '') for (const sibling of siblings) add(sibling.path);
  return related;
}

function parentOf(path: string): string {
  return path.includes(' ') ? path.slice(0, path.lastIndexOf(' ')) : '';
}
