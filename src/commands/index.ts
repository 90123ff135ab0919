import type { Command } from 'commander';
import type { Context } from '../context.js';
import { CONFIG_KEYS } from '../settings/keys.js';
import { commandWordAt } from './command-word.js';
import { registerHelp } from '../help/command.js';
import { completeOption, completeOptionFrom, PROFILE_NAMES } from '../completion/values.js';
import { register as account } from './account/index.js';
import { register as api } from './api/index.js';
import { register as login } from './auth/login.js';
import { register as logout } from './auth/logout.js';
import { register as cache } from './cache/index.js';
import { register as campaigns } from './campaigns/index.js';
import { register as channels } from './channels/index.js';
import { register as completion } from './completion/index.js';
import { register as config } from './config/index.js';
import { register as domains } from './domains/index.js';
import { register as legacy } from './legacy/index.js';
import { register as limits } from './limits/index.js';
import { register as mcp } from './mcp/index.js';
import { register as overlays } from './overlays/index.js';
import { register as pixels } from './pixels/index.js';
import { register as profiles } from './profiles/index.js';
import { register as qr } from './qr/index.js';
import { register as sandbox } from './sandbox/index.js';
import { register as splash } from './splash/index.js';
import { register as status } from './status/index.js';
import { register as urls } from './urls/index.js';
import { register as version } from './version/index.js';

/**
 * A top-level command: `group`, a group of subcommands, whose placeholder (name, aliases,
 * description) is all the root help shows of it (a command's own arguments and options show there
 * too). `register` adds the subcommands, or the arguments, options and action, to the command
 * created here; a group given `words` (what follows its name in argv) builds only the verb they
 * name. A command's register is called with (cmd, ctx) alone: its third parameter is its runF seam.
 */
type TopCommand = { name: string; aliases: string[]; description: string } & (
  | { group: true; register(cmd: Command, ctx: Context, words?: readonly string[]): void }
  | { group: false; register(cmd: Command, ctx: Context): void }
);

/** Every top-level command, in the order `shorty --help` lists them: the one place for their names. */
const COMMANDS: TopCommand[] = [
  {
    name: 'urls',
    aliases: ['url', 'link', 'links'],
    description: 'create, inspect, update and delete short links',
    group: true,
    register: urls,
  },
  { name: 'domains', aliases: ['domain'], description: 'manage branded domains', group: true, register: domains },
  {
    name: 'campaigns',
    aliases: ['campaign'],
    description: 'manage campaigns (groups of links with an optional rotator)',
    group: true,
    register: campaigns,
  },
  {
    name: 'channels',
    aliases: ['channel'],
    description: 'manage channels (labelled groups of links, bio pages and QR codes)',
    group: true,
    register: channels,
  },
  { name: 'pixels', aliases: ['pixel'], description: 'manage tracking pixels', group: true, register: pixels },
  { name: 'qr', aliases: ['qrs'], description: 'create and manage QR codes', group: true, register: qr },
  {
    name: 'overlays',
    aliases: ['overlay', 'cta'],
    description: 'list call-to-action overlays (read only)',
    group: true,
    register: overlays,
  },
  { name: 'splash', aliases: [], description: 'list custom splash pages (read only)', group: true, register: splash },
  { name: 'account', aliases: [], description: 'show or change your account', group: true, register: account },
  {
    name: 'legacy',
    aliases: [],
    description: 'use the legacy key-in-path interface (create, disable, enable, info, list)',
    group: true,
    register: legacy,
  },
  {
    name: 'api',
    aliases: [],
    description: 'send a request to any endpoint of the modern API and print the response JSON',
    group: false,
    register: api,
  },
  {
    name: 'login',
    aliases: [],
    description: 'save a base URL and API key in a profile, after checking the key with the service',
    group: false,
    register: login,
  },
  {
    name: 'logout',
    aliases: [],
    description: 'remove the API key from a profile (its other settings stay)',
    group: false,
    register: logout,
  },
  {
    name: 'status',
    aliases: [],
    description:
      'show the profile, base URL, key (masked) and rate limit in use, where each came from, and whether the key works',
    group: false,
    register: status,
  },
  {
    name: 'config',
    aliases: [],
    description: `read and change the settings of a profile (keys: ${CONFIG_KEYS.join(', ')})`,
    group: true,
    register: config,
  },
  {
    name: 'profiles',
    aliases: ['profile'],
    description: 'list, select and delete config profiles',
    group: true,
    register: profiles,
  },
  {
    name: 'limits',
    aliases: [],
    description: 'show the local rate-limit budget: cap, used, remaining, resets in (sends no request)',
    group: false,
    register: limits,
  },
  {
    name: 'mcp',
    aliases: [],
    description: 'serve your links to AI assistants over the Model Context Protocol (stdio)',
    group: false,
    register: mcp,
  },
  {
    name: 'cache',
    aliases: [],
    description: 'refresh or clear the local cache of names that shell completion offers',
    group: true,
    register: cache,
  },
  {
    name: 'completion',
    aliases: [],
    description: 'print the shell completion script for bash, zsh or fish',
    group: false,
    register: completion,
  },
  {
    name: 'version',
    aliases: [],
    description: 'print the version of shorty, of Node.js and the platform (for bug reports)',
    group: false,
    register: version,
  },
  {
    name: 'sandbox',
    aliases: [],
    description: 'run the whole API locally (in memory), for trying shorty and for tests',
    group: false,
    register: sandbox,
  },
];

/**
 * Registers the top-level commands. Given argv, only the command named in it is built (the others
 * only show in the root help and in suggestions for an unknown word); with no command word, the
 * commands the root help describes, the groups as placeholders. Building the whole tree costs
 * ~5 ms, a tenth of `shorty --help` (docs/design/performance.md). `help A B` gets what the root help
 * gets, and A in full; `completion` and an unknown word get the whole tree (completion scripts,
 * suggestions), and so does a call without argv (tests, tools). A group built for its command word
 * gets the words after it, and builds only the verb they name (buildVerbs).
 */
export function registerCommands(program: Command, ctx: Context, argv?: readonly string[]): void {
  const at = argv === undefined ? undefined : commandWordAt(program, argv);
  // `help A B` asks for what `A B --help` asks for.
  const helped = at?.word === 'help' ? commandWordAt(program, argv!.slice(at.index + 1)) : undefined;
  const wanted = at?.word === 'help' ? helped?.word : at?.word;
  const rest =
    at?.word === 'help' ? helped && argv!.slice(at.index + 1 + helped.index + 1) : at && argv!.slice(at.index + 1);
  const find = (word: string | undefined) => COMMANDS.find((c) => c.name === word || c.aliases.includes(word ?? ''));
  const target = find(wanted);
  const everything =
    argv === undefined ||
    (at !== undefined && at.word !== 'help' && (target === undefined || target.name === 'completion'));
  const placeholders = at === undefined || at.word === 'help';
  completeOptionFrom(program, '--profile', PROFILE_NAMES);
  completeOption(program, '--delimiter', ['comma', 'semicolon', 'tab', 'pipe']);
  for (const command of COMMANDS) {
    if (!everything && !placeholders && command !== target) continue;
    const cmd = program.command(command.name).aliases(command.aliases).description(command.description);
    if (everything || command === target || (placeholders && !command.group)) {
      if (command.group) {
        command.register(cmd, ctx, command === target && !everything ? rest : undefined);
        registerHelp(cmd, ctx);
      } else command.register(cmd, ctx);
    }
  }
  if (everything || placeholders) registerHelp(program, ctx);
}
