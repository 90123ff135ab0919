// `shorty sandbox`: runs the local API until the signal aborts (the CLI aborts it on
// SIGINT/SIGTERM). stdout gets exactly two lines, so `eval`/dotenv-style consumers and the e2e
// tests can read the address and key; everything else goes to stderr.
import { parseFlavor } from './flavor.js';
import { parseRateLimit } from './rate-limit.js';
import { createSandbox } from './server.js';

export interface SandboxCommandOptions {
  /** default 0: the system picks a free port (printed on stdout) */
  port?: string;
  /** default 127.0.0.1 */
  host?: string;
  /** default: random `sk_` + 32 hex characters */
  apiKey?: string;
  /** default 30/60s */
  rateLimit?: string;
  /** JSON file: loaded at start when it exists, saved atomically after every change */
  data?: string;
  /** the API version to imitate, `v6` or `v7` (default) */
  flavor?: string;
}

export interface SandboxCommandIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^\d{1,5}$/.test(text.trim()) || Number(text) > 65535) {
    throw new Error(`invalid port "${text}": expected an integer from 0 to 65535 (0 picks a free port)`);
  }
  return Number(text);
}

/** Resolves with exit code 0 once `signal` aborts and the server has closed (and saved). */
export async function runSandbox(opts: SandboxCommandOptions, io: SandboxCommandIO, signal: AbortSignal): Promise<number> {
  const port = parsePort(opts.port);
  const rateLimit = parseRateLimit(opts.rateLimit ?? '30/60s');
  const flavor = parseFlavor(opts.flavor);
  if (opts.apiKey !== undefined && !/^\S{8,}$/.test(opts.apiKey)) {
    throw new Error('invalid API key: use at least 8 characters and no spaces');
  }
  const sandbox = await createSandbox({ port, host: opts.host, apiKey: opts.apiKey, rateLimit, dataFile: opts.data, flavor });
  io.stdout.write(`SHORTY_BASE_URL=${sandbox.url}\nSHORTY_API_KEY=${sandbox.apiKey}\n`);
  const window = rateLimit.off ? 'off' : `${rateLimit.limit}/${rateLimit.windowMs % 1000 === 0 ? `${rateLimit.windowMs / 1000}s` : `${rateLimit.windowMs}ms`}`;
  io.stderr.write(
    `shorty sandbox listening on ${sandbox.url} (API ${flavor}, rate limit ${window}${opts.data ? `, data in ${opts.data}` : ', data in memory'}); Ctrl-C stops it\n`,
  );
  if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  await sandbox.close();
  return 0;
}
