// One table, both doors: each operation run through the command line (main() in-process) and
// through the MCP tool (the SDK's client in-process) against the same sandbox, and what each
// reports compared: the records, the warnings, and the errors by the input they are about.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, failure, type McpSession, startMcp } from '../helpers/mcp.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });
let mcp: McpSession;

beforeAll(async () => {
  mcp = await startMcp({ baseUrl: cli.sandbox.baseUrl, apiKey: cli.sandbox.apiKey });
});
afterAll(async () => {
  await mcp?.close();
});

async function cliJson(args: string[]): Promise<{ value: any; stderr: string }> {
  const res = await cli.run([...args, '-o', 'json']);
  expect(res.exitCode, res.stderr).toBe(0);
  return { value: JSON.parse(res.stdout), stderr: res.stderr };
}

async function link(alias: string, extra: string[] = []): Promise<void> {
  const res = await cli.run(['urls', 'add', `https://example.com/${alias}`, '--custom', alias, ...extra, '-q']);
  expect(res.exitCode, res.stderr).toBe(0);
}

/** A record without what tells two links apart. */
const shape = ({ id, alias, shorturl, date, ...rest }: Record<string, unknown>) => rest;

describe('the same record through both doors', () => {
  const reads: [string, string[], string, Record<string, unknown>][] = [
    ['a link by alias', ['urls', 'lookup', 'parity-read'], 'links_get', { link: 'parity-read' }],
    ['an overlay by name', ['overlays', 'get', 'Contact us form'], 'overlays_get', { target: 'Contact us form' }],
    ['a splash page by name', ['splash', 'get', 'Holiday promo'], 'splash_get', { target: 'Holiday promo' }],
    ['an overlay by id', ['overlays', 'get', '2'], 'overlays_get', { target: '2' }],
  ];
  beforeAll(() => link('parity-read', ['--geo', 'Canada=https://example.ca']));

  it.each(reads)('%s', async (_what, args, tool, input) => {
    const { value } = await cliJson(args);
    expect(data(await mcp.call(tool, input)).record).toEqual(value);
  });

  it('the account', async () => {
    const { value } = await cliJson(['account', 'get']);
    expect(data(await mcp.call('account_get')).account).toEqual(value);
  });

  it('a page of links, and of overlays and splash pages', async () => {
    const links = await cliJson(['urls', 'list', '--limit', '3']);
    expect(data(await mcp.call('links_list', { limit: 3 })).items).toEqual(links.value);
    for (const [group, tool] of [
      ['overlays', 'overlays_list'],
      ['splash', 'splash_list'],
    ]) {
      const listed = await cliJson([group, 'list']);
      expect(data(await mcp.call(tool, {})).items).toEqual(listed.value);
    }
  });

  it('links_update with a geo target answers the targets the server stored, as urls update prints them', async () => {
    await link('parity-geo-cli');
    await link('parity-geo-mcp');
    const geo = 'Germany=https://example.de';
    const printed = await cliJson([
      'urls',
      'update',
      'parity-geo-cli',
      '--geo',
      geo,
      '--device',
      'iPhone=https://example.com/ios',
    ]);
    const answered = data(
      await mcp.call('links_update', {
        link: 'parity-geo-mcp',
        geo: [geo],
        device: ['iPhone=https://example.com/ios'],
        // Retargeting is confirmed as a delete is (this client has no elicitation).
        confirm: true,
      }),
    ).record;
    expect(Object.keys(answered.geotarget)).toEqual(['Germany']);
    expect(answered.geotarget).toEqual(printed.value.geotarget);
    expect(answered.devicetarget).toEqual(printed.value.devicetarget);
    expect(shape(answered)).toEqual({ ...shape(printed.value), longurl: 'https://example.com/parity-geo-mcp' });
    const stored = data(await mcp.call('links_get', { link: 'parity-geo-mcp' })).record;
    expect(stored.geotarget).toEqual(answered.geotarget);
  });
});

describe('the same warning through both doors', () => {
  it('a long URL with a user name and password: the CLI warns on stderr, links_add in warnings, about url', async () => {
    const url = 'https://user:secret@example.com/parity-credentials';
    const added = await cliJson(['urls', 'add', url]);
    const message = /^warning: (.+)$/m.exec(added.stderr)?.[1];
    expect(message).toContain('carries a user name or password before its host');
    const result = data(await mcp.call('links_add', { urls: [url] }));
    expect(result.warnings).toEqual([{ field: 'url', message }]);
    expect(result.done).toBe(1);
  });
});

describe('the same error through both doors, each in its own words', () => {
  const errors: [string, string[], string, Record<string, unknown>, string | undefined][] = [
    [
      'a bad expiry',
      ['urls', 'add', 'https://example.com/x', '--expiry', 'soonish'],
      'links_add',
      { urls: ['https://example.com/x'], expiry: 'soonish' },
      'expiry',
    ],
    [
      'a bad meta image',
      ['urls', 'update', '1', '--meta-image', 'ftp://x'],
      'links_update',
      { link: '1', metaImage: 'ftp://x' },
      'metaImage',
    ],
    [
      'an alias for several URLs',
      ['urls', 'add', 'https://example.com/a', 'https://example.com/b', '--custom', 'two'],
      'links_add',
      { urls: ['https://example.com/a', 'https://example.com/b'], custom: 'two' },
      undefined,
    ],
    [
      'a channel name no channel has',
      ['urls', 'add', 'https://example.com/c', '--channel', 'No such channel'],
      'links_add',
      { urls: ['https://example.com/c'], channel: 'No such channel' },
      undefined,
    ],
    ['a short channel name', ['channels', 'add', 'x'], 'channels_add', { name: 'x' }, 'name'],
  ];

  it.each(errors)('%s', async (_what, args, tool, input, field) => {
    const res = await cli.run(args);
    expect(res.exitCode).toBeGreaterThan(0);
    const [line, hint] = res.stderr.trim().split('\n');
    const failed = failure(await mcp.call(tool, input));
    expect(failed.exitCode).toBe(res.exitCode);
    expect(failed.field).toBe(field);
    // The tool names the input by its key and points to tools, never to a command line.
    const inToolWords = (text: string) =>
      text
        .replace(/--([a-z-]+)/g, (_m, flag: string) => flag.replace(/-([a-z\d])/g, (_n, c: string) => c.toUpperCase()))
        .replace(
          /`shorty (\w+) (\w+)`/g,
          (_m, group: string, verb: string) => `${group === 'urls' ? 'links' : group}_${verb}`,
        )
        .replace(/^hint: run /, 'hint: call ');
    expect(`shorty: ${failed.message}`).toBe(inToolWords(line));
    if (hint) expect(`hint: ${failed.hint}`).toBe(inToolWords(hint));
    for (const text of [failed.message, failed.hint ?? '']) {
      expect(text).not.toMatch(/--[a-z]|`shorty /);
    }
  });
});

describe('counts read as sentences', () => {
  it('import_run of one row, not confirmed: "would create up to 1 link"', async () => {
    const refused = failure(await mcp.call('import_run', { rows: [{ url: 'https://example.com/one' }] }));
    expect(refused.message).toBe('nothing was done: import_run would create up to 1 link');
  });
});
