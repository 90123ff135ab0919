// What `shorty api` takes, and how it prints: checked before anything is read or sent (exit 2).
import type { GlobalOptions } from '../../context.js';
import { UsageError } from '../../errors.js';

/** The options as the parser fills them: the two arguments and the command's own flags. */
export interface ApiOptions {
  method: string;
  path: string;
  field?: string[];
  input?: string;
  paginate?: boolean;
}

/** `json`: pretty, as every command's json; `ndjson`: a line for the answer, or for each item with --paginate. */
export type ApiFormat = 'json' | 'ndjson';

/**
 * The answer is printed as received, so only the JSON formats apply. A format of the flags that
 * it cannot honour is refused rather than ignored: a script asking for csv must not get JSON.
 * A format set by SHORTY_OUTPUT or a profile is for the commands that print records: not asked here.
 */
export function apiFormat(globals: GlobalOptions): ApiFormat {
  if (globals.quiet) {
    throw new UsageError(
      '-q does not apply to `shorty api`: it prints the answer as received',
      'pick a value with jq (`shorty api GET /url/12 | jq -r .data.shorturl`), or send stdout to /dev/null',
    );
  }
  const output = globals.json ? 'json' : globals.output;
  if (output === undefined || output === 'json' || output === 'ndjson') return output ?? 'json';
  throw new UsageError(
    `-o ${output} does not apply to \`shorty api\`: it prints the answer as received, as json or ndjson`,
    'use -o json or -o ndjson, and jq to shape it; the other commands print tables, csv and tsv',
  );
}
