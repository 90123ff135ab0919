// `shorty sandbox`: runs the local API until the signal aborts (the CLI aborts it on
// SIGINT/SIGTERM). stdout gets exactly two lines, so `eval`/dotenv-style consumers and the e2e
// tests can read the address and key; everything else goes to stderr.
import { parseFlavor } from './flavor.js';
import { parseRateLimit } from './rate-limit.js';
import { createSandbox } from './server.js';
import type { SaveListener } from './store.js';

export { FinalSaveError, UnwritableDataError } from './store.js';

export interface SandboxCommandOptions {
  /** default 0: the system picks a free port (printed on stdout) */
  port?: string;
  /** default 127.0.0.1 */
  host?: string;
  /** default: the key kept in the data file, else random `sk_` + 32 hex characters (then kept there) */
  apiKey?: string;
  /** default 30/60s */
  rateLimit?: string;
  /** JSON file: loaded at start when it exists, saved atomically after every change; it keeps the key */
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
export async function runSandbox(
  opts: SandboxCommandOptions,
  io: SandboxCommandIO,
  signal: AbortSignal,
): Promise<number> {
  const port = parsePort(opts.port);
  const rateLimit = parseRateLimit(opts.rateLimit ?? '30/60s');
  const flavor = parseFlavor(opts.flavor);
  if (opts.apiKey !== undefined && !/^\S{8,}$/.test(opts.apiKey)) {
    throw new Error('invalid API key: use at least 8 characters and no spaces');
  }
  // Once per spell of failed saves (a full disk), and once when a save works again.
  let failing = false;
  const onSave: SaveListener = ({ file, error }) => {
    if (error && !failing) {
      io.stderr.write(
        `warning: cannot save the data to ${file} (${error.code ?? error.message}); the sandbox goes on from memory and saves at the next change\n`,
      );
    } else if (!error && failing) {
      io.stderr.write(`saved the data to ${file} again\n`);
    }
    failing = Boolean(error);
  };
  const sandbox = await createSandbox({
    port,
    host: opts.host,
    apiKey: opts.apiKey,
    rateLimit,
    dataFile: opts.data,
    flavor,
    onSave,
  });
  io.stdout.write(`SHORTY_BASE_URL=${sandbox.url}\nSHORTY_API_KEY=${sandbox.apiKey}\n`);
  const window = rateLimit.off
    ? 'off'
    : `${rateLimit.limit}/${rateLimit.windowMs % 1000 === 0 ? `${rateLimit.windowMs / 1000}s` : `${rateLimit.windowMs}ms`}`;
  io.stderr.write(
    `shorty sandbox listening on ${sandbox.url} (API ${flavor}, rate limit ${window}${opts.data ? `, data in ${opts.data}` : ', data in memory'}); Ctrl-C stops it\n`,
  );
  if (!signal.aborted)
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  await sandbox.close();
  return 0;
}
