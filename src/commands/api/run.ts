// `shorty api`: any modern endpoint through the same transport as every command (auth, pacing,
// retries, HTML and auth errors); the body is printed as JSON even when it reports an error,
// then the exit code says so (like `gh api`).
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { checkBody, type CallOptions, type HttpResponse, type Method } from '../../api/modern.js';
import { fieldsToObject, fieldsToQuery, parseApiPath, parseInputJson, parseMethod } from './request.js';
import { followPages } from './paginate.js';
import { apiFormat, type ApiOptions } from './options.js';
import { apiPrinter, type ApiPrinter } from './print.js';
import { readInput } from './input.js';

export type { ApiOptions } from './options.js';

export async function run(opts: ApiOptions, ctx: Context): Promise<void> {
  const method = parseMethod(opts.method);
  const path = parseApiPath(opts.path);
  if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');
  const print = apiPrinter(ctx, apiFormat(ctx.globals));
  const options = await requestOptions(ctx, method, opts);
  const api = await ctx.api();
  if (opts.paginate) {
    await followPages(path, {
      fetchPage: (query) => api.send('GET', path, { ...options, query: { ...options.query, ...query } }),
      onError: (res) => failWith(ctx, res, print),
      onItems: (items) => {
        for (const item of items) print.item(item);
      },
      wanted: () => new Promise((resolve) => ctx.io.flush(() => resolve(!ctx.signal.aborted))),
    });
    ctx.signal.throwIfAborted();
    print.endList();
    return;
  }
  const res = await api.send(method, path, options);
  print.answer(res.json, res.text);
  checkResponse(ctx, res);
}

/**
 * Prints the error body as received (unless items of the list were printed already: it would
 * end up inside the array), then throws the error the body means (exit 1, or 3 for the key).
 */
function failWith(ctx: Context, res: HttpResponse, print: ApiPrinter): never {
  if (!print.listing) print.answer(res.json, res.text);
  checkResponse(ctx, res);
  throw new ApiError(`unexpected response from the server (HTTP ${res.status})`, { status: res.status });
}

function checkResponse(ctx: Context, res: HttpResponse): void {
  if (res.json !== null && typeof res.json === 'object' && !Array.isArray(res.json))
    checkBody(res, (text) => ctx.secrets.redact(text));
}

async function requestOptions(ctx: Context, method: Method, opts: ApiOptions): Promise<CallOptions> {
  const fieldArgs = opts.field ?? [];
  if (fieldArgs.length > 0 && opts.input !== undefined) {
    throw new UsageError('use either -f/--field or --input, not both');
  }
  if (opts.input !== undefined) {
    if (method === 'GET') throw new UsageError('--input sends a body: use it with POST, PUT, PATCH or DELETE');
    const source = opts.input === '-' ? 'stdin' : opts.input;
    return { body: parseInputJson(await readInput(ctx, opts.input), source) };
  }
  if (fieldArgs.length === 0) return {};
  const fields = fieldsToObject(fieldArgs);
  return method === 'GET' ? { query: fieldsToQuery(fields) } : { body: fields };
}
