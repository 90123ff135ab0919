// What the SDK's own tools/list handler answers for shorty's tools, converting every tool's zod
// schemas to JSON Schema as it would at run time: `npm run mcp-tools` writes it to
// src/mcp/tool-list.json, which the server answers instead, and a test fails when that is stale.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../../src/context.js';
import { TOOLS } from '../../src/mcp/server.js';
import type { FileGate } from '../../src/mcp/files.js';
import { type RegisterOptions, registerTools } from '../../src/mcp/tool.js';

export const TOOL_LIST_FILE = 'src/mcp/tool-list.json';

/** A folder for the listing: the file lists the inputs that --files adds (the server leaves them out without it). */
export const LISTING_FILES: FileGate = { dir: '', read: () => Promise.reject(new Error('listing only')) };

/** The tools as the SDK's own handler lists them, for these options (default: every tool, with --files). */
export function liveToolList(opts: RegisterOptions = { readOnly: false, files: LISTING_FILES }): Promise<Tool[]> {
  const server = new McpServer({ name: 'shorty', version: '0.0.0' });
  // The context is used by tool calls only: none is made here.
  registerTools(server, {} as Context, TOOLS, opts);
  return toolsListedBy(server);
}

/** What `server` answers to tools/list after an initialize, as JSON (what goes on the wire). */
export async function toolsListedBy(server: McpServer): Promise<Tool[]> {
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const answers = new Map<unknown, JSONRPCMessage>();
  let answered: () => void = () => {};
  const listed = new Promise<void>((resolve) => (answered = resolve));
  client.onmessage = (message) => {
    if ('id' in message) answers.set(message.id, message);
    if (answers.has(2)) answered();
  };
  await client.start();
  await client.send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'tool-list', version: '1' } },
  });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  await listed;
  await server.close();
  const answer = answers.get(2) as { result?: { tools: Tool[] }; error?: unknown };
  if (!answer.result) throw new Error(`tools/list failed: ${JSON.stringify(answer.error)}`);
  return JSON.parse(JSON.stringify(answer.result.tools));
}

/** The file's text: one tool a line, so that a change to one tool is a change to one line. */
export function toolListText(tools: readonly Tool[]): string {
  return `[\n${tools.map((tool) => JSON.stringify(tool)).join(',\n')}\n]\n`;
}
