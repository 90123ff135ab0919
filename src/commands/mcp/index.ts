import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { parseTimeoutSeconds } from '../../settings/keys.js';
import { action, examples, notes } from '../shared/action.js';

/** Most MCP clients give a tool call 60 s: a call answers "rate limited" before that rather than time out. */
const DEFAULT_MAX_WAIT_SECONDS = '50';

interface McpFlags {
  readOnly?: boolean;
  maxWait: string;
  files?: string;
  tools?: string;
  excludeTools?: string;
}

/** `shorty mcp`: the server and the SDK load only when it runs (src/mcp/). */
export function register(mcp: Command, ctx: Context): void {
  mcp
    .option('--read-only', 'offer only the tools that change nothing (list, get, stats, limits, import_plan)')
    .option('--tools <names>', 'offer only these tools (comma-separated names, as tools/list gives them)')
    .option('--exclude-tools <names>', 'offer every tool but these (comma-separated names)')
    .option(
      '--files <dir>',
      'let import_plan and import_run read files inside this folder (nothing else); without it no tool takes a path',
    )
    .option(
      '--max-wait <seconds>',
      'longest a tool call may take waiting, all its waits together; past it the call answers "rate limited, try again in N s"',
      DEFAULT_MAX_WAIT_SECONDS,
    )
    .action(
      action(ctx, async (flags: McpFlags) => {
        ctx.globals.maxWaitMs = Math.round(1000 * parseTimeoutSeconds(flags.maxWait, '--max-wait'));
        const { serveStdio, serverOptions } = await import('../../mcp/server.js');
        await serveStdio(ctx, await serverOptions(ctx, flags));
      }),
    );
  notes(
    mcp,
    'Speaks the Model Context Protocol on stdin and stdout, for AI assistants (Claude Desktop, editors, agents): ' +
      'tools for links, campaigns, channels, pixels, QR codes, domains, the account, the rate budget and bulk ' +
      'import, with the profile in force (or --profile). Logs go to stderr. Every call is paced by the same ' +
      'limiter as the other commands. Deleting, importing and changing where a link leads are confirmed by you ' +
      'in the assistant where it can ask (elicitation), else need confirm: true in the call. ' +
      'Setup for each assistant: docs/mcp.md.',
  );
  examples(
    mcp,
    'shorty mcp',
    'shorty mcp --read-only',
    'shorty mcp --tools links_list,links_get,links_stats',
    'shorty mcp --files ~/imports',
    'shorty --profile work mcp --max-wait 20',
  );
}
