import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { EXIT, ShortyError, UsageError } from '../../errors.js';
import { fileError } from '../../file-errors.js';
import { action, examples, notes } from '../shared/action.js';
import { completeOption } from '../../completion/values.js';

export function register(cmd: Command, ctx: Context): void {
  // --api-key and --rate-limit are the global flags, read here as the server's key and cap.
  notes(
    cmd,
    '--api-key <key> and --rate-limit <n/ws> set the key the server accepts (default: the one kept in the ' +
      '--data file, else a random one) and its cap (default 30/60s; `off`: no cap and no X-RateLimit-* headers, like a deployed server whose cache is disabled).',
  );
  cmd
    .option('--port <n>', 'port to listen on (0 = a free one)', '0')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--data <file>',
      'load data from FILE at start and save it there on every change (mode 0600); it keeps the API key too, so a restart accepts the same one (--api-key chooses another, kept from then on)',
    )
    .option('--flavor <version>', 'API version to imitate: v7 (the spec) or v6 (older deployed servers)', 'v7')
    .action(
      action(ctx, async (opts: { port: string; host: string; data?: string; flavor: string }) => {
        const { runSandbox, FinalSaveError, UnwritableDataError } = await import('../../sandbox/command.js');
        try {
          return await runSandbox(
            {
              port: opts.port,
              host: opts.host,
              data: opts.data,
              flavor: opts.flavor,
              apiKey: ctx.globals.apiKey,
              rateLimit: ctx.globals.rateLimit,
            },
            ctx.io,
            ctx.signal,
          );
        } catch (err) {
          if (err instanceof FinalSaveError) {
            const failed = fileError(`cannot save the data to ${err.file}`, err.cause, 1);
            throw new ShortyError(`${failed.message}; the changes since the last save are lost`, EXIT.api, failed.hint);
          }
          if (err instanceof UnwritableDataError) {
            throw fileError(`cannot write the data file ${err.file}`, err.cause, EXIT.usage);
          }
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'EADDRINUSE') {
            throw new UsageError(
              `port ${opts.port} on ${opts.host} is taken`,
              'choose another with --port, or --port 0 for a free one',
            );
          }
          if (code === 'EADDRNOTAVAIL' || code === 'EACCES') {
            throw new UsageError(
              `cannot listen on ${opts.host}:${opts.port} (${code === 'EACCES' ? 'permission denied' : 'no such local address'})`,
              'use --host 127.0.0.1 and a port above 1023, or --port 0 for a free one',
            );
          }
          if (err instanceof Error && !code) throw new UsageError(err.message);
          throw err;
        }
      }),
    );
  // The sandbox checks the value itself (runSandbox); these are only offered to shell completion.
  completeOption(cmd, '--flavor', ['v6', 'v7']);
  examples(
    cmd,
    'shorty sandbox --port 8080',
    'shorty sandbox --flavor v6   # answer like an older (v6) server',
    'shorty sandbox > sandbox.env &   # then: export $(cat sandbox.env)',
    'shorty sandbox --rate-limit 5/1s --data ./sandbox.json',
  );
}
