// One declaration per tool, and the one place that turns it into an MCP tool: its annotations
// from what it does, the confirmation a call that deletes, retargets or moves needs, which tools
// are offered, and the rule that a call ends in a result, never in a thrown error.
import type {
  CallToolResult,
  Infer,
  McpServer,
  RequestHandlerExtra,
  ServerNotification,
  ServerRequest,
  Tool,
  ZodObject,
  ZodRawShape,
} from './sdk.js';
import { ListToolsRequestSchema, z } from './sdk.js';
import type { Context } from '../context.js';
import { inCall, type ToolCall } from './call-scope.js';
import { type Ask, confirmed } from './confirm.js';
import type { FileGate } from './files.js';
import { type Offer, offered } from './offer.js';
import { type Data, dataResult, failureOf, failureResult } from './result.js';

export type { ToolCall } from './call-scope.js';

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
  /** Inputs that name a file on this machine: offered only when the user started the server with --files. */
  paths?: readonly (keyof S & string)[];
  run(args: Args<S>, ctx: Context, call: ToolCall): Promise<Data>;
  /** What a destructive call would do, for the user to confirm: `delete 2 links: spring, 42`. */
  plan?(args: Args<S>): string;
  /**
   * A write that may change where visitors go (a long URL, targets, a redirect): what this call
   * changes of it, or undefined when it changes none of it. It is destructive, and confirmed as a delete is.
   */
  retargets?(args: Args<S>): string | undefined;
  /** A write that may move items from where they are (an assign): what moves, for the user to confirm where the client can ask. */
  moves?(args: Args<S>): string;
}

/** A spec with its arguments' type checked against its input, then erased for the table. */
export function tool<S extends Shape>(spec: ToolSpec<S>): ToolSpec {
  return spec as unknown as ToolSpec;
}

const CONFIRM = z
  .boolean()
  .optional()
  .describe(
    'must be true for the call to do anything: without it nothing is sent and the reply says what would be done. ' +
      'A client that can ask the user (elicitation) asks them instead, whatever this says',
  );

export interface RegisterOptions extends Offer {
  /** The folder the user let tools read (`--files`); without it no tool takes a path. */
  files?: FileGate;
}

/** Destructive as a client sees it: deletes and imports, and writes that may retarget links. */
const destructive = (spec: ToolSpec) => spec.effect === 'destructive' || spec.retargets !== undefined;

export function registerTools(
  server: McpServer,
  ctx: Context,
  specs: readonly ToolSpec[],
  opts: RegisterOptions,
): void {
  for (const spec of specs) {
    if (!offered(spec.name, spec.effect === 'read', opts)) continue;
    const guarded = destructive(spec);
    const input = opts.files
      ? spec.input
      : Object.fromEntries(Object.entries(spec.input).filter(([key]) => !spec.paths?.includes(key)));
    server.registerTool(
      spec.name,
      {
        title: spec.title,
        description: guarded ? `${spec.description} ${guardNote(spec)}` : spec.description,
        inputSchema: guarded ? { ...input, confirm: CONFIRM } : input,
        outputSchema: spec.output,
        annotations: {
          title: spec.title,
          readOnlyHint: spec.effect === 'read',
          destructiveHint: guarded,
          idempotentHint: spec.idempotent,
          openWorldHint: true,
        },
      },
      (args: Record<string, unknown>, extra: Extra) => call(server, spec, args, ctx, opts.files, extra),
    );
  }
}

function guardNote(spec: ToolSpec): string {
  return spec.effect === 'destructive'
    ? 'Destructive: does nothing unless confirm is true.'
    : 'Changing where visitors go (see confirm) is destructive: it does nothing unless confirm is true.';
}

/**
 * tools/list answered from `listed` (src/mcp/tool-list.json): what the SDK's own handler answers
 * for these tools, written by `npm run mcp-tools` (a test fails when it is stale). The SDK would
 * convert every tool's two zod schemas to JSON Schema at the first tools/list, in code that runs
 * for the first time (~35 ms of CPU on Node 24, measured side by side). The schemas stay
 * registered: a tool call is checked against them as before. The file lists the path inputs
 * (written with --files): without it they are left out here, as registerTools leaves them out.
 */
export function answerToolsList(
  server: McpServer,
  specs: readonly ToolSpec[],
  listed: readonly Tool[],
  opts: RegisterOptions,
): void {
  const paths = new Map(specs.map((spec) => [spec.name, spec.paths ?? []]));
  const tools = listed
    .filter((tool) => offered(tool.name, tool.annotations?.readOnlyHint === true, opts))
    .map((tool) => (opts.files ? tool : withoutInputs(tool, paths.get(tool.name) ?? [])));
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...tools] }));
}

function withoutInputs(tool: Tool, keys: readonly string[]): Tool {
  if (keys.length === 0) return tool;
  const { properties = {}, required, ...schema } = tool.inputSchema;
  const kept = Object.fromEntries(Object.entries(properties).filter(([key]) => !keys.includes(key)));
  const stillRequired = required?.filter((key) => !keys.includes(key));
  return {
    ...tool,
    inputSchema: { ...schema, properties: kept, ...(stillRequired ? { required: stillRequired } : {}) },
  };
}

/** What the call asks the user before it sends anything, if anything. */
function askOf(spec: ToolSpec, args: Record<string, unknown>): Ask | undefined {
  if (spec.effect === 'destructive') return { what: spec.plan?.(args) ?? spec.title.toLowerCase(), who: 'always' };
  const retarget = spec.retargets?.(args);
  if (retarget !== undefined) return { what: retarget, who: 'always' };
  if (spec.moves) return { what: spec.moves(args), who: 'user' };
  return undefined;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

async function call(
  server: McpServer,
  spec: ToolSpec,
  args: Record<string, unknown>,
  ctx: Context,
  files: FileGate | undefined,
  extra: Extra,
): Promise<CallToolResult> {
  try {
    const ask = askOf(spec, args);
    if (ask) {
      const refused = await confirmed(server.server, ask, {
        confirm: args.confirm === true,
        signal: extra.signal,
        requestId: extra.requestId,
        tool: spec.name,
      });
      if (refused) return failureResult(refused, ctx.secrets);
    }
    const { confirm: _, ...given } = args;
    return dataResult(
      await inCall(ctx, extra, { tool: spec.name, files }, (callCtx, scope) => spec.run(given, callCtx, scope)),
      ctx.secrets,
    );
  } catch (err) {
    return failureResult(failureOf(err), ctx.secrets);
  }
}
