import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { action, examples } from '../shared/action.js';
import type { ApiFlags } from './run.js';

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `shorty api <METHOD> <path>`: the escape hatch for anything the commands don't cover. */
export function register(api: Command, ctx: Context): void {
  examples(
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
      .option('--paginate', 'follow nextpage and print the items of every page as one JSON array')
      .action(
        action(ctx, async (method: string, path: string, flags: ApiFlags) => {
          const { runApi } = await import('./run.js');
          await runApi(ctx, method, path, flags);
        }),
      ),
    'shorty api GET /account',
    'shorty api GET /urls -f limit=5 -f order=click',
    'shorty api POST /url/add -f url=https://example.com -f custom=spring',
    'echo \'{"name":"Launch"}\' | shorty api POST /channel/add --input -',
    'shorty api GET /urls --paginate | jq length',
  );
}
