import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples, notes, type RunF } from '../shared/action.js';
import type { ApiOptions } from './options.js';

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** What the command does with what it parsed: `run`, loaded when called. */
const runApi: RunF<ApiOptions> = async (opts, ctx) => (await import('./run.js')).run(opts, ctx);

/**
 * `shorty api <METHOD> <path>`: the escape hatch for anything the commands don't cover. `runF`
 * takes the parsed options instead of `run`, so that a test checks the parsing without a request.
 */
export function register(api: Command, ctx: Context, runF: RunF<ApiOptions> = runApi): void {
  api
    .argument('<method>', 'GET, POST, PUT, DELETE or PATCH')
    .argument('<path>', 'path relative to {base_url}/api, e.g. /urls or /url/12')
    .option(
      '-f, --field <key=value>',
      'add a field (true/false/null/numbers typed as JSON; key[]=v for arrays); ' +
        'a JSON body, or the query string with GET',
      collect,
    )
    .option('--input <file>', 'send the JSON body read from a file, or - for stdin')
    .option('--paginate', 'follow nextpage and print the items of every page as one JSON array, as they come')
    .action(
      action(ctx, (method: string, path: string, flags: Omit<ApiOptions, 'method' | 'path'>) =>
        runF({ ...flags, method, path }, ctx),
      ),
    );
  notes(
    api,
    'Prints the answer as received, as JSON (-o json, the default) or on one line (-o ndjson); ' +
      'with --paginate, one item a line in ndjson. Other formats, -q and --fields are refused: ' +
      'pick values with jq. A --paginate read that fails after its first page leaves the JSON array ' +
      'unclosed, so that no reader takes part of a list for all of it.',
  );
  examples(
    api,
    'shorty api GET /account',
    'shorty api GET /urls -f limit=5 -f order=click',
    'shorty api POST /url/add -f url=https://example.com -f custom=spring',
    'echo \'{"name":"Launch"}\' | shorty api POST /channel/add --input -',
    'shorty api GET /urls --paginate | jq length',
    'shorty api GET /urls --paginate -o ndjson | jq -r .shorturl',
  );
}
