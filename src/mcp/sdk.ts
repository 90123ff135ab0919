// The parts of the MCP SDK and zod the server uses, in one module: the build makes it a file of
// its own (dist/mcp-sdk.cjs, the SDK and zod bundled), which only `shorty mcp` loads. One file
// instead of ~240 halves the CPU time of loading them (bench/results/mcp.md).
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export { z } from 'zod';
