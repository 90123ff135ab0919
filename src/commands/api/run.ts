// `shorty api`: any modern endpoint through the same transport as every command (auth, pacing,
// retries, HTML and auth errors); the body is printed as JSON even when it reports an error,
// then the exit code says so (like `gh api`).
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { checkBody, type CallOptions, type HttpResponse, type Method } from '../../api/modern.js';
import { fieldsToObject, fieldsToQuery, parseApiPath, parseInputJson, parseMethod } from './request.js';
import { collectPages } from './paginate.js';
import { escapeJsonInvisibles } from '../../util/terminal-text.js';
import { MAX_BODY_BYTES, readBounded } from '../../util/read-bounded.js';

export interface ApiFlags {
  field?: string[];
  input?: string;
  paginate?: boolean;
}

export async function runApi(ctx: Context, methodArg: string, pathArg: string, flags: ApiFlags): Promise<void> {
  const method = parseMethod(methodArg);
  const path = parseApiPath(pathArg);
  if (flags.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');
  const options = await requestOptions(ctx, method, flags);
  const api = await ctx.api();
  const print = await jsonWriter(ctx);
  if (flags.paginate) {
    const items = await collectPages(
      (query) => api.send('GET', path, { ...options, query: { ...options.query, ...query } }),
      path,
      (res) => failWith(ctx, res, print),
    );
    print(items);
    return;
  }
  const res = await api.send(method, path, options);
  print(res.json);
  checkResponse(ctx, res);
}

/** Prints the error body as received, then throws the error the body means (exit 1, or 3 for the key). */
function failWith(ctx: Context, res: HttpResponse, print: (value: unknown) => void): never {
  print(res.json);
  checkResponse(ctx, res);
  throw new ApiError(`unexpected response from the server (HTTP ${res.status})`, { status: res.status });
}

function checkResponse(ctx: Context, res: HttpResponse): void {
  if (res.json !== null && typeof res.json === 'object' && !Array.isArray(res.json))
    checkBody(res, (text) => ctx.secrets.redact(text));
}

async function requestOptions(ctx: Context, method: Method, flags: ApiFlags): Promise<CallOptions> {
  const fieldArgs = flags.field ?? [];
  if (fieldArgs.length > 0 && flags.input !== undefined) {
    throw new UsageError('use either -f/--field or --input, not both');
  }
  if (flags.input !== undefined) {
    if (method === 'GET') throw new UsageError('--input sends a body: use it with POST, PUT, PATCH or DELETE');
    const source = flags.input === '-' ? 'stdin' : flags.input;
    return { body: parseInputJson(await readInput(ctx, flags.input), source) };
  }
  if (fieldArgs.length === 0) return {};
  const fields = fieldsToObject(fieldArgs);
  return method === 'GET' ? { query: fieldsToQuery(fields) } : { body: fields };
}

async function readInput(ctx: Context, source: string): Promise<string> {
  const shown = source === '-' ? 'stdin' : source;
  let stream: AsyncIterable<Buffer | string> = ctx.io.stdin;
  if (source !== '-') {
    const { createReadStream } = await import('node:fs');
    stream = createReadStream(source);
  }
  try {
    const read = await readBounded(stream, MAX_BODY_BYTES);
    if ('tooLarge' in read) {
      throw new UsageError(
        `--input ${shown}: larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB, the most a request body may be`,
      );
    }
    return read.bytes.toString('utf8');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`--input ${shown}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** Pretty JSON on stdout, with the run's secrets redacted should a server ever echo them. */
async function jsonWriter(ctx: Context): Promise<(value: unknown) => void> {
  return (value) =>
    void ctx.io.stdout.write(`${escapeJsonInvisibles(ctx.secrets.redact(JSON.stringify(value ?? null, null, 2)))}\n`);
}
