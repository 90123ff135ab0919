// Wires the real services behind a Context (gh's Factory). Each is made on first use, from the
// narrow parts it needs, and loaded only then: `shorty --help` loads none of them.
import type { Context, GlobalOptions, Host } from './context.js';
import type { Connection } from './api/connection.js';
import { colorEnabled } from './io.js';
import { createSecrets } from './util/secrets.js';
import { isUtf8Locale } from './util/terminal-text.js';

function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

export function createContext(host: Host, globals: GlobalOptions = {}): Context {
  const cleanups: (() => Promise<void> | void)[] = [];
  const onClose = (fn: () => Promise<void> | void) => void cleanups.push(fn);
  const secrets = host.secrets ?? createSecrets();
  // Read when first asked for, after commander has filled in `globals`. Their secrets are hidden
  // from then on: a library may print one before shorty's code uses it (Redis's AUTH, DEBUG=ioredis*).
  const resolve = async (flags: GlobalOptions) => {
    const { resolveSettings, settingSecrets } = await import('./settings/resolve.js');
    const resolved = await resolveSettings(flags, host.env, host.io.stderr);
    for (const secret of settingSecrets(resolved)) secrets.add(secret);
    return resolved;
  };
  const settings = memo(() => resolve(globals));

  async function connect(signal: AbortSignal, sleep: Host['sleep'], use = settings): Promise<Connection> {
    const { openConnection } = await import('./api/connection.js');
    const conn = await openConnection({
      settings: await use(),
      signal,
      sleep,
      now: host.now,
      io: host.io,
      secrets,
    });
    onClose(() => conn.transport.close());
    return conn;
  }
  // One connection (one limiter, one socket pool) per run, shared by modern, legacy and `api`.
  const connection = memo(() => connect(host.signal, host.sleep));
  // The names the run's answers show go to the completion cache, written once when it is done.
  const names = memo(async () => {
    const recorder = (await import('./cache/recorder.js')).createNameRecorder();
    onClose(async () => recorder.flush(await settings(), host.now(), (line) => void host.io.stderr.write(`${line}\n`)));
    return recorder;
  });
  const modern = async (conn: Connection) =>
    (await names()).watch((await import('./api/modern.js')).createModernApi(conn));

  return {
    ...host,
    globals,
    secrets,
    onClose,
    close: async () => {
      for (const fn of cleanups.splice(0).reverse()) {
        try {
          await fn();
        } catch {
          // cleanup is best effort: the command's result is already decided
        }
      }
    },
    settings,
    api: memo(async () => modern(await connection())),
    apiOn: async ({ signal, sleep }) => modern(await connect(signal, sleep)),
    // Not watched by the name recorder: its answers belong to other settings than the run's cache.
    apiWith: async (flags) => {
      const conn = await connect(host.signal, host.sleep, () => resolve({ ...globals, ...flags }));
      return (await import('./api/modern.js')).createModernApi(conn);
    },
    legacy: memo(async () => (await import('./api/legacy.js')).createLegacyApi(await connection())),
    printer: memo(async () => {
      const [{ createPrinter }, { resolveOutputFormat }, { csvDialect }] = await Promise.all([
        import('./output/printer.js'),
        import('./settings/resolve.js'),
        import('./output/csv-dialect.js'),
      ]);
      const configured = resolveOutputFormat(globals, host.env, host.io.stderr);
      const dialect = csvDialect(globals);
      return createPrinter({
        io: host.io,
        // --excel is csv: it goes before a default from the environment or a profile, not before -o.
        format: globals.excel && globals.output === undefined ? 'csv' : configured,
        csv: dialect,
        fields: globals.fields,
        quiet: Boolean(globals.quiet),
        color: colorEnabled(host.io, host.env, globals.color),
        excelSafe: dialect.formulaSafe,
        headers: globals.headers,
        redact: (text) => secrets.redact(text),
        unicode: isUtf8Locale(host.env),
      });
    }),
    prompter: memo(async () =>
      (await import('./prompter.js')).createPrompter({
        stdin: host.io.stdin,
        stderr: host.io.stderr,
        signal: host.signal,
      }),
    ),
  };
}
