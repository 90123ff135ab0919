// One declaration per tool, and the one place that turns it into an MCP tool: its annotations
// from what it does, the confirmation a destructive one needs, the read-only filter, and the
// rule that a call ends in a result, never in a thrown error.
import type { CallToolResult, Infer, McpServer, Tool, ZodObject, ZodRawShape } from './sdk.js';
import { ListToolsRequestSchema, z } from './sdk.js';
import type { Context } from '../context.js';
import { type Data, dataResult, failureOf, failureResult } from './result.js';

/** read: sends no change; write: creates or changes; destructive: deletes, or many changes at once. */
type Effect = 'read' | 'write' | 'destructive';

type Shape = ZodRawShape;
type Args<S extends Shape> = Infer<ZodObject<S>>;

export interface ToolSpec<S extends Shape = Shape> {
  name: string;
  title: string;
  /** For a model choosing among tools: what it does, what it takes, what it costs. */
  description: string;
  effect: Effect;
  /** The same call twice leaves the account as once (an update to given values, a delete). */
  idempotent: boolean;
  input: S;
  output: Shape;
  run(args: Args<S>, ctx: Context): Promise<Data>;
  /** What a destructive call would do, in its refusal without `confirm: true`. */
  plan?(args: Args<S>): string;
}

/** A spec with its arguments' type checked against its input, then erased for the table. */
export function tool<S extends Shape>(spec: ToolSpec<S>): ToolSpec {
  return spec as unknown as ToolSpec;
}

const CONFIRM = z
  .boolean()
  .optional()
  .describe(
    'must be true for the call to do anything: without it nothing is sent and the reply says what would be done',
  );

export interface RegisterOptions {
  /** Only the tools that change nothing. */
  readOnly: boolean;
}

export function registerTools(
  server: McpServer,
  ctx: Context,
  specs: readonly ToolSpec[],
  opts: RegisterOptions,
): void {
  for (const spec of specs) {
    if (opts.readOnly && spec.effect !== 'read') continue;
    const destructive = spec.effect === 'destructive';
    server.registerTool(
      spec.name,
      {
        title: spec.title,
        description: destructive
          ? `${spec.description} Destructive: does nothing unless confirm is true.`
          : spec.description,
        inputSchema: destructive ? { ...spec.input, confirm: CONFIRM } : spec.input,
        outputSchema: spec.output,
        annotations: {
          title: spec.title,
          readOnlyHint: spec.effect === 'read',
          destructiveHint: destructive,
          idempotentHint: spec.idempotent,
          openWorldHint: true,
        },
      },
      (args: Record<string, unknown>) => call(spec, args, ctx),
    );
  }
}

/**
 * tools/list answered from `listed` (src/mcp/tool-list.json): what the SDK's own handler answers
 * for these tools, written by `npm run mcp-tools` (a test fails when it is stale). The SDK would
 * convert every tool's two zod schemas to JSON Schema at the first tools/list, in code that runs
 * for the first time (~35 ms of CPU on Node 24, measured side by side). The schemas stay
 * registered: a tool call is checked against them as before.
 */
export function answerToolsList(server: McpServer, listed: readonly Tool[], opts: RegisterOptions): void {
  const tools = opts.readOnly ? listed.filter((tool) => tool.annotations?.readOnlyHint === true) : listed;
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...tools] }));
}

async function call(spec: ToolSpec, args: Record<string, unknown>, ctx: Context): Promise<CallToolResult> {
  if (spec.effect === 'destructive' && args.confirm !== true) {
    const what = spec.plan ? spec.plan(args) : spec.title.toLowerCase();
    return failureResult(
      {
        error: 'not_confirmed',
        message: `nothing was done: ${spec.name} would ${what}`,
        hint: 'ask the user, then call again with confirm: true',
      },
      ctx.secrets,
    );
  }
  try {
    return dataResult(await spec.run(args, ctx), ctx.secrets);
  } catch (err) {
    return failureResult(failureOf(err), ctx.secrets);
  }
}
