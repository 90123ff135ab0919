// server.json describes `shorty mcp` to the MCP registry: it must name the package and version
// package.json publishes, with the arguments that start the server (flags `shorty mcp` has).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { PROTOCOL_REVISION } from '../../src/mcp/server.js';
import { ROOT } from '../helpers/cli.js';

const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

describe('server.json', () => {
  it('is in step with package.json: name, version, npm package, stdio, `mcp` as its argument', () => {
    const server = read('server.json');
    const pkg = read('package.json');
    expect(server.$schema).toMatch(
      /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/[\d-]+\/server\.schema\.json$/,
    );
    expect(server.name).toBe(pkg.mcpName);
    expect(server.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(server.version).toBe(pkg.version);
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect(server.packages).toHaveLength(1);
    const [npm] = server.packages;
    expect(npm).toMatchObject({
      registryType: 'npm',
      identifier: pkg.name,
      version: pkg.version,
      transport: { type: 'stdio' },
    });
    expect(npm.packageArguments[0]).toMatchObject({ type: 'positional', value: 'mcp' });
    const help = readFileSync(join(ROOT, 'docs', 'commands', 'shorty-mcp.md'), 'utf8');
    for (const arg of npm.packageArguments.filter((a: { type: string }) => a.type === 'named'))
      expect(help, arg.name).toContain(arg.name);
  });

  it('the protocol revision served is the one the design notes name', () => {
    const design = readFileSync(join(ROOT, 'docs', 'design', 'mcp.md'), 'utf8');
    expect(design).toContain(`protocol revision ${PROTOCOL_REVISION}`);
    expect(LATEST_PROTOCOL_VERSION, 'the SDK serves a newer revision: test it, then update the notes').toBe(
      PROTOCOL_REVISION,
    );
  });
});
