// The help topics (`shorty help environment|exit-codes|flags|formats`). Exit codes and formats
// are rendered from the constants the code uses; only their one-line meanings live here.
import type { Command, Help } from 'commander';
import { EXIT } from '../errors.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../settings/types.js';

export const HELP_TOPICS = {
  environment: 'the environment variables shorty reads',
  'exit-codes': 'what each exit status means',
  flags: 'every global flag',
  formats: 'the output formats of -o',
} as const;
export type HelpTopic = keyof typeof HELP_TOPICS;

export function isHelpTopic(word: string): word is HelpTopic {
  return Object.hasOwn(HELP_TOPICS, word);
}

const EXIT_MEANINGS: Record<keyof typeof EXIT, string> = {
  ok: 'success',
  api: 'the API answered with an error, some rows of an import or sync failed, or sync --check found a difference',
  usage: 'bad flags, arguments or input, found before any request was sent',
  auth: 'the API key is missing, invalid or expired, or the account may not use the API',
  rateLimit: 'rate limited and not allowed to wait (--no-wait), or retries exhausted',
  network: 'network error or timeout, a failing proxy, a certificate that is not trusted',
  hangup: 'hung up (SIGHUP: the terminal closed, an SSH session dropped); a bulk run ends as on Ctrl-C',
  interrupted: 'interrupted (Ctrl-C, SIGINT)',
  quit: 'quit (SIGQUIT, Ctrl-\\); a bulk run ends as on Ctrl-C',
  terminated: 'terminated (SIGTERM)',
};

const FORMAT_MEANINGS: Record<OutputFormat, string> = {
  table: 'aligned columns for people (the default on a terminal)',
  json: 'a JSON array for a list, an object for one record (also --json)',
  ndjson: 'one compact JSON object per line',
  csv:
    'a header row, then one row per record; nested values as compact JSON. Comma, UTF-8, no byte order mark, ' +
    'unless: --excel writes UTF-16 with a byte order mark, tab-separated, the one form Excel opens into columns ' +
    'with every character intact on any locale (a comma file is one column in German Excel, a semicolon file in ' +
    'US Excel, and a sep= line costs the UTF-8 mark), with cells a spreadsheet would run as a formula marked as ' +
    '--excel-safe does; --delimiter (, ; tab |) and --bom (UTF-8 mark) choose ' +
    'one by one; urls import reads every one of them back',
  tsv: 'as csv, tab-separated, with \\t \\n \\\\ escaped (the default when piped)',
};

/** The variables shorty reads, in the order people need them. */
const ENVIRONMENT: [string, string][] = [
  ['SHORTY_BASE_URL', 'the service base URL (as --base-url)'],
  ['SHORTY_API_KEY', 'the API key (as --api-key, without showing it in ps)'],
  ['SHORTY_PROFILE', 'the config profile to use (as --profile)'],
  ['SHORTY_CONFIG_DIR', 'the config folder (default ~/.config/shorty)'],
  ['SHORTY_OUTPUT', 'the default output format (as -o)'],
  ['SHORTY_RATE_LIMIT', 'the client rate limit, e.g. 30/60s (as --rate-limit)'],
  ['SHORTY_RATE_STORE', 'a Redis URL to share the rate limit across machines (as --rate-store)'],
  ['SHORTY_TIMEOUT', 'the request timeout in seconds (as --timeout)'],
  ['SHORTY_DEBUG', '1: log each request and response to stderr; curl: also as a replayable curl line'],
  ['NO_COLOR', 'set: no colours (as --no-color)'],
  ['BROWSER', 'the browser --web opens'],
  ['HTTPS_PROXY, HTTP_PROXY, ALL_PROXY', 'the proxy to reach the service through'],
  ['NO_PROXY', 'hosts reached without a proxy'],
  ['NODE_EXTRA_CA_CERTS', 'a PEM file of extra trusted certificate authorities'],
  ['NODE_DISABLE_COMPILE_CACHE', 'set: Node keeps no compile cache of shorty (start-up is slower; Node 22.8+)'],
];

const INTRO: Record<HelpTopic, string> = {
  environment: 'Environment variables (a flag wins over its variable, a variable over the profile):',
  'exit-codes': 'Exit codes (2 always means nothing was sent):',
  flags: 'Global flags, accepted before or after any command:',
  formats: 'Output formats (-o FORMAT, or the output config key, or SHORTY_OUTPUT); stdout carries data only:',
};

/** The text of a topic, laid out as commander lays out a help page's items. */
export function renderTopic(topic: HelpTopic, root: Command, helper: Help): string {
  const items = topicItems(topic, root, helper);
  const width = Math.max(...items.map(([term]) => helper.displayWidth(term)));
  return [
    helper.styleTitle(INTRO[topic]),
    ...items.map(([term, text]) => helper.formatItem(term, width, text, helper)),
    '',
  ].join('\n');
}

function topicItems(topic: HelpTopic, root: Command, helper: Help): [string, string][] {
  switch (topic) {
    case 'environment':
      return ENVIRONMENT;
    case 'exit-codes':
      return (Object.keys(EXIT) as (keyof typeof EXIT)[]).map((key) => [String(EXIT[key]), EXIT_MEANINGS[key]]);
    case 'flags':
      return helper.visibleOptions(root).map((option) => [helper.optionTerm(option), helper.optionDescription(option)]);
    case 'formats':
      return OUTPUT_FORMATS.map((format) => [format, FORMAT_MEANINGS[format]]);
  }
}

/** A topic as data, for the reference pages and man pages `npm run docs` writes. */
export function topicTable(
  topic: HelpTopic,
  root: Command,
  helper: Help,
): { intro: string; items: [string, string][] } {
  return { intro: INTRO[topic], items: topicItems(topic, root, helper) };
}
