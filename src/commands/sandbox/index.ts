import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { action, examples } from '../shared/action.js';

export function register(cmd: Command, ctx: Context): void {
  cmd
    .option('--port <n>', 'port to listen on (0 = a free one)', '0')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <file>', 'load data from FILE at start and save it there on every change')
    // --api-key and --rate-limit are the global flags, read here as the server's key and cap.
    .addHelpText('after', '\n  --api-key <key> and --rate-limit <n/ws> set the key the server accepts (default:\n  a random one) and its cap (default 30/60s).')
    .action(action(ctx, async (opts: { port: string; host: string; data?: string }) => {
      const { runSandbox } = await import('../../sandbox/command.js');
      try {
        return await runSandbox(
          { port: opts.port, host: opts.host, data: opts.data, apiKey: ctx.globals.apiKey, rateLimit: ctx.globals.rateLimit },
          ctx.io,
          ctx.signal,
        );
      } catch (err) {
        if (err instanceof Error && !(err as NodeJS.ErrnoException).code) throw new UsageError(err.message);
        throw err;
      }
    }));
  examples(cmd,
    'shorty sandbox --port 8080',
    'eval "$(shorty sandbox --port 0 &)"   # prints SHORTY_BASE_URL=... and SHORTY_API_KEY=...',
    'shorty sandbox --rate-limit 5/1s --data ./sandbox.json');
}
