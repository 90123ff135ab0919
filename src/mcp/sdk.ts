// The parts of the MCP SDK and zod the server uses, in one module: the build makes it a file of
// its own (dist/mcp-sdk.cjs, the SDK and zod bundled), which only `shorty mcp` loads. One file
// instead of ~240 halves the CPU time of loading them (bench/results/mcp.md).
// `z` holds only the builders the tools use (add one here to use it), not zod's namespace: a
// namespace exported as a value keeps all of zod in the bundle, its ~40 locales alone 300 KB, and
// the file is read and compiled at every start of the server (982 KB with it, 549 KB without).
import { array, boolean, enum as enumOf, number, object, record, string, union, unknown } from 'zod';

export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
export { JSONRPCMessageSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
export type { CallToolResult, JSONRPCMessage, Tool } from '@modelcontextprotocol/sdk/types.js';
export type { Server } from '@modelcontextprotocol/sdk/server/index.js';
export type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
export type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
export type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
export type { jsonSchemaValidator as JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
export type { infer as Infer, ZodObject, ZodRawShape } from 'zod';

export const z = { array, boolean, enum: enumOf, number, object, record, string, union, unknown };
