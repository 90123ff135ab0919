// How `shorty api` writes answers to stdout: pretty JSON or ndjson, the run's secrets redacted
// should a server ever echo them, invisible characters escaped. The items of `--paginate` are
// written as each page comes, so a long list costs the memory of one page.
import type { Context } from '../../context.js';
import { UnusableResponseError } from '../../errors.js';
import { escapeJsonInvisibles } from '../../util/terminal-text.js';
import type { ApiFormat } from './options.js';

export interface ApiPrinter {
  /** One whole answer; `text` is its body as received, printed when it nests too deep to print again. */
  answer(value: unknown, text?: string): void;
  /** One item of a paged list. */
  item(value: unknown): void;
  /** After the last page: closes the list (an empty one is `[]`). */
  endList(): void;
  /** Whether an item was written: an error body can no longer be printed as the answer. */
  readonly listing: boolean;
}

export function apiPrinter(ctx: Context, format: ApiFormat): ApiPrinter {
  const write = (text: string) => void ctx.io.stdout.write(escapeJsonInvisibles(ctx.secrets.redact(text)));
  const pretty = format === 'json';
  let items = 0;
  return {
    answer(value, text) {
      const json = serialized(value ?? null, pretty);
      if (json !== undefined) write(`${json}\n`);
      else if (text !== undefined) write(`${text.trim()}\n`);
      else throw tooDeep();
    },
    item(value) {
      const json = serialized(value ?? null, pretty);
      if (json === undefined) throw tooDeep();
      if (!pretty) write(`${json}\n`);
      else write(`${items === 0 ? '[\n' : ',\n'}${json.replace(/^/gm, '  ')}`);
      items += 1;
    },
    endList() {
      if (pretty) write(items === 0 ? '[]\n' : '\n]\n');
    },
    get listing() {
      return items > 0;
    },
  };
}

/** JSON of the value, or undefined when it nests deeper than JSON.stringify's stack allows. */
function serialized(value: unknown, pretty: boolean): string | undefined {
  try {
    return JSON.stringify(value, null, pretty ? 2 : undefined);
  } catch (err) {
    if (err instanceof RangeError) return undefined;
    throw err;
  }
}

function tooDeep(): UnusableResponseError {
  return new UnusableResponseError('the answer nests too deeply to be printed again', {
    hint: 'run it without --paginate to print the answer as received',
  });
}
