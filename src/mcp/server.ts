// shorty's MCP server: every tool of the table on one McpServer, for one run's context (its
// profile, client, limiter and secrets). Loaded only by `shorty mcp`, with the SDK.
import { AjvJsonSchemaValidator, type JsonSchemaValidator, McpServer, StdioServerTransport, type Tool } from './sdk.js';
import type { Context } from '../context.js';
import { VERSION } from '../version.js';
import { ACCOUNT_TOOLS } from './account.js';
import { IMPORT_TOOLS } from './import.js';
import { LINK_TOOLS } from './links.js';
import { RESOURCE_TOOLS } from './resources.js';
import { answerToolsList, registerTools, type ToolSpec } from './tool.js';
import TOOL_LIST from './tool-list.json' with { type: 'json' };

export const TOOLS: readonly ToolSpec[] = [...LINK_TOOLS, ...RESOURCE_TOOLS, ...ACCOUNT_TOOLS, ...IMPORT_TOOLS];

export interface ServerOptions {
  /** Offer the tools that change nothing, only. */
  readOnly: boolean;
}

const INSTRUCTIONS =
  'Manage the short links of one account of a link-shortening service. Links, campaigns, channels, pixels, QR codes ' +
  'and domains are named by id or by name (links by id, alias or short URL). Every call is paced to the ' +
  "account's rate limit, shared with the user's other shorty processes; a call that would wait too long answers " +
  '"rate limited" with the seconds to wait. Deleting and bulk import need confirm: true: ask the user first.';

/**
 * The SDK's JSON Schema validator, made when first asked for: the server uses it only to check
 * what a client answers to an elicitation, which shorty never asks for, and making its Ajv
 * instance was ~6-9 ms of CPU at every start (Node 24).
 */
function lazyValidator(): JsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return { getValidator: (schema) => (ajv ??= new AjvJsonSchemaValidator()).getValidator(schema) };
}

export function createServer(ctx: Context, opts: ServerOptions): McpServer {
  const server = new McpServer(
    { name: 'shorty', version: VERSION },
    { instructions: INSTRUCTIONS, jsonSchemaValidator: lazyValidator() },
  );
  registerTools(server, ctx, TOOLS, opts);
  answerToolsList(server, TOOL_LIST as unknown as Tool[], opts);
  return server;
}

/** Serves over `io`'s stdin and stdout until the client closes the stream or the run is stopped. */
export async function serveStdio(ctx: Context, opts: ServerOptions): Promise<void> {
  const server = createServer(ctx, opts);
  const transport = new StdioServerTransport(ctx.io.stdin, ctx.io.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    ctx.io.stdin.once('end', resolve);
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
