// One entry per command of the contract: the compiler refuses a command without one. Each entry
// is the command's smallest real use, run by main() in this process against a v7 sandbox and a
// v6 one: the two runs must print the same and exit the same, apart from what the server itself
// says (see sameAcrossVersions). Detailed tests live in test/commands. test/e2e/built-cli.test.ts
// runs the built CLI itself, one command per part it loads.
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import { tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { COMMAND_NAMES, type CommandName } from '../helpers/command-names.js';
import { calls, json, useSandboxCli, type SandboxCli } from '../helpers/sandbox-cli.js';
import { recording, sameAcrossVersions, type Recorded } from '../helpers/server-versions.js';

type Test = (cli: SandboxCli) => Promise<void>;

const v7 = useSandboxCli({ inProcess: true, flavor: 'v7' });
const v6 = useSandboxCli({ inProcess: true, flavor: 'v6' });

/** Placeholder for commands whose own tests live elsewhere: a help page with examples. */
const helpOnly =
  (name: string): Test =>
  async () => {
    const res = await runInProcess([...name.split(' '), '--help']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toContain('Examples:');
  };

/** Runs a command, expecting success and exactly these requests. */
async function expectCalls(c: SandboxCli, args: string[], expected: string[], input?: string) {
  const res = await c.runLogged(args, { input });
  expect(res.exitCode, res.stderr).toBe(0);
  expect(calls(res.requests)).toEqual(expected);
  return res;
}

// v6 answers the url/add id as a string
const post = async (c: SandboxCli, path: string, body: unknown) =>
  Number((await c.sandbox.api('POST', path, body)).json.id);
const shortUrl = async (c: SandboxCli, custom: string) =>
  (await c.sandbox.api('POST', '/url/add', { url: `https://example.com/${custom}`, custom })).json.shorturl as string;
/** A legacy path segment: base64 of the UTF-8 text, percent-encoded. */
const b64 = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'));

const tests: Record<CommandName, Test> = {
  'urls list': async (c) => {
    const short = await shortUrl(c, 'tul');
    const res = await expectCalls(c, ['urls', 'list', '--order', 'click', '-q'], ['GET /api/urls']);
    expect(res.stdout.split('\n')).toContain(short);
  },
  'urls lookup': async (c) => {
    const short = await shortUrl(c, 'tuk');
    const res = await expectCalls(c, ['urls', 'lookup', short, '-q'], ['GET /api/urls']);
    expect(res.stdout).toBe(`${short}\n`);
  },
  'urls get': async (c) => {
    const id = await post(c, '/url/add', { url: 'https://example.com/tug', custom: 'tug' });
    const res = await expectCalls(c, ['urls', 'get', String(id), '--json'], [`GET /api/url/${id}`]);
    expect(json(res)).toMatchObject({ id, longurl: 'https://example.com/tug', clicks: 0 });
  },
  'urls add': async (c) => {
    const res = await expectCalls(
      c,
      ['urls', 'add', 'https://example.com/tua', '--custom', 'tua', '-q'],
      ['POST /api/url/add'],
    );
    expect(res.stdout).toBe(`${c.sandbox.baseUrl}/tua\n`);
  },
  'urls update': async (c) => {
    const id = await post(c, '/url/add', { url: 'https://example.com/tuu', custom: 'tuu' });
    await expectCalls(
      c,
      ['urls', 'update', String(id), '--meta-title', 'T'],
      [`GET /api/url/${id}`, `PUT /api/url/${id}/update`],
    );
  },
  'urls delete': async (c) => {
    const id = await post(c, '/url/add', { url: 'https://example.com/tud' });
    await expectCalls(c, ['urls', 'delete', String(id), '-y'], [`DELETE /api/url/${id}/delete`]);
  },
  'urls import': helpOnly('urls import'),
  'urls export': helpOnly('urls export'),
  'urls sync': async (c) => {
    const id = await post(c, '/url/add', { url: 'https://example.com/tsy', custom: 'tsy', metatitle: 'Old' });
    // -q: the summary's elapsed time would differ between the two runs.
    const res = await expectCalls(
      c,
      ['urls', 'sync', '-', '-y', '-q'],
      ['GET /api/urls', `PUT /api/url/${id}/update`],
      'alias,url,title\ntsy,https://example.com/tsy,New\n',
    );
    expect(res.stdout + res.stderr).toBe('');
    expect((await c.sandbox.api('GET', `/url/${id}`)).json.details.title).toBe('New');
  },
  'domains list': async (c) => void (await expectCalls(c, ['domains', 'list'], ['GET /api/domains'])),
  'domains get': async (c) => {
    const id = await post(c, '/domain/add', { domain: 'https://t-get.example.com' });
    const res = await expectCalls(c, ['domains', 'get', String(id), '--json'], ['GET /api/domains']);
    expect(json(res)).toMatchObject({ id, domain: 'https://t-get.example.com' });
  },
  'domains add': async (c) => {
    const res = await expectCalls(c, ['domains', 'add', 'table.example.com', '-q'], ['POST /api/domain/add']);
    expect(res.stdout).toMatch(/^\d+\n$/);
  },
  'domains update': async (c) => {
    const id = await post(c, '/domain/add', { domain: 'https://t-upd.example.com' });
    await expectCalls(
      c,
      ['domains', 'update', String(id), '--redirect-root', 'https://e.com'],
      [`PUT /api/domain/${id}/update`],
    );
  },
  'domains delete': async (c) => {
    const id = await post(c, '/domain/add', { domain: 'https://t-del.example.com' });
    await expectCalls(c, ['domains', 'delete', String(id), '-y'], [`DELETE /api/domain/${id}/delete`]);
  },
  'overlays list': async (c) => {
    const res = await expectCalls(c, ['overlays', 'list', '--json'], ['GET /api/overlay']);
    expect(Array.isArray(json(res))).toBe(true);
  },
  'overlays get': async (c) => {
    const [first] = json<{ id: number }[]>(await c.run(['overlays', 'list', '--json']));
    const res = await expectCalls(c, ['overlays', 'get', String(first.id), '-q'], ['GET /api/overlay']);
    expect(res.stdout).toBe(`${first.id}\n`);
  },
  'splash list': async (c) => void (await expectCalls(c, ['splash', 'list'], ['GET /api/splash'])),
  'splash get': async (c) => {
    const [first] = json<{ id: number }[]>(await c.run(['splash', 'list', '--json']));
    const res = await expectCalls(c, ['splash', 'get', String(first.id), '--json'], ['GET /api/splash']);
    expect(json(res)).toEqual(first);
  },
  'campaigns list': async (c) => void (await expectCalls(c, ['campaigns', 'list'], ['GET /api/campaigns'])),
  // Names of 2 characters or more, each once, and a slug: what a v6 server requires or adds.
  'campaigns get': async (c) => {
    const id = await post(c, '/campaign/add', { name: 'Tg', slug: 'tcg' });
    const res = await expectCalls(c, ['campaigns', 'get', String(id), '--json'], ['GET /api/campaigns']);
    expect(json(res)).toMatchObject({ id, name: 'Tg' });
  },
  'campaigns add': async (c) =>
    void (await expectCalls(c, ['campaigns', 'add', 'Ta', '--slug', 'tca'], ['POST /api/campaign/add'])),
  'campaigns update': async (c) => {
    const id = await post(c, '/campaign/add', { name: 'T1', slug: 'tc1' });
    await expectCalls(c, ['campaigns', 'update', String(id), '--name', 'T2'], [`PUT /api/campaign/${id}/update`]);
    await expectCalls(
      c,
      ['campaigns', 'update', String(id), '--public'],
      ['GET /api/campaigns', `PUT /api/campaign/${id}/update`],
    );
  },
  'campaigns delete': async (c) => {
    const id = await post(c, '/campaign/add', { name: 'T3', slug: 'tc3' });
    await expectCalls(c, ['campaigns', 'delete', String(id), '-y'], [`DELETE /api/campaign/${id}/delete`]);
  },
  'campaigns assign': async (c) => {
    const id = await post(c, '/campaign/add', { name: 'T4', slug: 'tc4' });
    const link = await post(c, '/url/add', { url: 'https://example.com/t4' });
    await expectCalls(
      c,
      ['campaigns', 'assign', String(id), String(link)],
      [`POST /api/campaign/${id}/assign/${link}`],
    );
  },
  'channels list': async (c) => void (await expectCalls(c, ['channels', 'list'], ['GET /api/channels'])),
  'channels get': async (c) => {
    const id = await post(c, '/channel/add', { name: 'Tg' });
    const res = await expectCalls(c, ['channels', 'get', String(id), '--json'], ['GET /api/channels']);
    expect(json(res)).toMatchObject({ id, name: 'Tg' });
  },
  'channels items': async (c) => {
    const id = await post(c, '/channel/add', { name: 'Ti' });
    await expectCalls(c, ['channels', 'items', String(id)], [`GET /api/channel/${id}`]);
  },
  'channels add': async (c) => void (await expectCalls(c, ['channels', 'add', 'Ta'], ['POST /api/channel/add'])),
  'channels update': async (c) => {
    const id = await post(c, '/channel/add', { name: 'Tu' });
    await expectCalls(c, ['channels', 'update', String(id), '--starred'], [`PUT /api/channel/${id}/update`]);
  },
  'channels delete': async (c) => {
    const id = await post(c, '/channel/add', { name: 'Td' });
    await expectCalls(c, ['channels', 'delete', String(id), '-y'], [`DELETE /api/channel/${id}/delete`]);
  },
  'channels assign': async (c) => {
    const id = await post(c, '/channel/add', { name: 'Ts' });
    const link = await post(c, '/url/add', { url: 'https://example.com/ts' });
    await expectCalls(
      c,
      ['channels', 'assign', String(id), 'link', String(link)],
      [`POST /api/channel/${id}/assign/links/${link}`],
    );
  },
  'pixels list': async (c) => void (await expectCalls(c, ['pixels', 'list'], ['GET /api/pixels'])),
  'pixels get': async (c) => {
    const id = await post(c, '/pixel/add', { type: 'bing', name: 'Pg', tag: 'T' });
    const res = await expectCalls(c, ['pixels', 'get', String(id), '-q'], ['GET /api/pixels']);
    expect(res.stdout).toBe(`${id}\n`);
  },
  'pixels types': async (c) => {
    const res = await expectCalls(c, ['pixels', 'types', '-q'], []);
    expect(res.stdout.trimEnd().split('\n')).toHaveLength(13);
  },
  'pixels add': async (c) =>
    void (await expectCalls(c, ['pixels', 'add', 'P', '--type', 'bing', '--tag', 'T'], ['POST /api/pixel/add'])),
  'pixels update': async (c) => {
    const id = await post(c, '/pixel/add', { type: 'bing', name: 'P', tag: 'T' });
    await expectCalls(
      c,
      ['pixels', 'update', String(id), '--tag', 'T2'],
      ['GET /api/pixels', `PUT /api/pixel/${id}/update`],
    );
    await expectCalls(c, ['pixels', 'update', String(id), '--tag', 'T3', '-q'], [`PUT /api/pixel/${id}/update`]);
  },
  'pixels delete': async (c) => {
    const id = await post(c, '/pixel/add', { type: 'bing', name: 'P', tag: 'T' });
    await expectCalls(c, ['pixels', 'delete', String(id), '-y'], [`DELETE /api/pixel/${id}/delete`]);
  },
  'qr list': async (c) => void (await expectCalls(c, ['qr', 'list'], ['GET /api/qr'])),
  'qr get': async (c) => {
    const id = await post(c, '/qr/add', { type: 'text', data: 'Tqg' });
    const res = await expectCalls(c, ['qr', 'get', String(id), '-q'], [`GET /api/qr/${id}`]);
    expect(res.stdout).toBe(`${id}\n`);
  },
  'qr add': async (c) => {
    const res = await expectCalls(
      c,
      ['qr', 'add', '--type', 'link', '--data', 'https://example.com/tqa', '-q'],
      ['POST /api/qr/add'],
    );
    expect(res.stdout).toMatch(/^\d+\n$/);
  },
  'qr update': async (c) => {
    const id = await post(c, '/qr/add', { type: 'text', data: 'Tqu' });
    await expectCalls(c, ['qr', 'update', String(id), '--data', 'Tqu2'], [`PUT /api/qr/${id}/update`]);
  },
  'qr delete': async (c) => {
    const id = await post(c, '/qr/add', { type: 'text', data: 'Tqd' });
    await expectCalls(c, ['qr', 'delete', String(id), '-y'], [`DELETE /api/qr/${id}/delete`]);
  },
  'account get': async (c) => void (await expectCalls(c, ['account', 'get'], ['GET /api/account'])),
  'account update': async (c) =>
    void (await expectCalls(
      c,
      ['account', 'update', '--password-stdin'],
      ['PUT /api/account/update'],
      'pw-from-table\n',
    )),
  'legacy create': async (c) => {
    const res = await expectCalls(
      c,
      ['legacy', 'create', 'https://example.com/lc', '--custom', 'tlc', '-q'],
      [`GET /api/v1/***/shorturl/create/custom_url/tlc/url/${b64('https://example.com/lc')}.json`],
    );
    expect(res.stdout).toBe(`${c.sandbox.baseUrl}/tlc\n`);
  },
  'legacy disable': async (c) => {
    const short = await shortUrl(c, 'tld');
    const res = await expectCalls(
      c,
      ['legacy', 'disable', short, '--json'],
      [`GET /api/v1/***/shorturl/disable/short_url/${b64(short)}.json`],
    );
    expect(json(res).status).toBe('disabled');
  },
  'legacy enable': async (c) => {
    const short = await shortUrl(c, 'tle');
    const res = await expectCalls(
      c,
      ['legacy', 'enable', short, '--json'],
      [`GET /api/v1/***/shorturl/enable/short_url/${b64(short)}.json`],
    );
    expect(json(res).status).toBe('active');
  },
  'legacy info': async (c) => {
    const short = await shortUrl(c, 'tli');
    const res = await expectCalls(
      c,
      ['legacy', 'info', short, '--json'],
      [`GET /api/v1/***/shorturl/info/short_url/${b64(short)}.json`],
    );
    expect(json(res)).toMatchObject({ shorturl: short, id: expect.any(Number), clicks: 0 });
  },
  'legacy list': async (c) => {
    const short = await shortUrl(c, 'tll');
    const res = await expectCalls(c, ['legacy', 'list', '-q'], ['GET /api/v1/***/shorturl/list_active_urls.json']);
    expect(res.stdout.split('\n')).toContain(short);
  },
  api: async (c) => {
    const res = await expectCalls(
      c,
      ['api', 'POST', '/channel/add', '-f', 'name=Tapi', '-f', 'starred=true'],
      ['POST /api/channel/add'],
    );
    expect(json(res)).toMatchObject({ error: 0, name: 'Tapi', starred: true });
  },
  'cache refresh': async (c) => {
    const id = await post(c, '/campaign/add', { name: 'Tcache' });
    const res = await expectCalls(
      c,
      ['cache', 'refresh', 'campaigns', 'domains', '-y', '--json'],
      ['GET /api/campaigns', 'GET /api/domains'],
    );
    expect(json(res)[0]).toMatchObject({ resource: 'campaigns', requests: 1 });
    expect(id).toBeGreaterThan(0);
  },
  'cache clear': async (c) => {
    const res = await expectCalls(c, ['cache', 'clear'], []);
    expect(res.stderr).toMatch(/nothing to clear/);
  },
  completion: helpOnly('completion'),
  limits: helpOnly('limits'),
  // Its tools are tested with the SDK's client: test/commands/mcp.test.ts and test/e2e/mcp-stdio.test.ts.
  mcp: helpOnly('mcp'),
  version: async (c) => {
    const res = await c.runLogged(['version', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res)).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    });
    expect(res.requests).toEqual([]);
    const line = await runInProcess(['version'], { terminalColumns: 80 });
    expect(line.stdout).toBe(
      `shorty ${json(res).version} (Node.js ${process.version}, ${process.platform}-${process.arch})\n`,
    );
    const typo = await runInProcess(['-v']);
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toBe('shorty: unknown option "-v"\nhint: did you mean "--version" or "shorty version"?\n');
  },
  sandbox: helpOnly('sandbox'),
  login: async (c) => {
    const res = await runInProcess(['login', '--base-url', c.sandbox.baseUrl, '--with-key'], {
      input: c.sandbox.apiKey,
    });
    expect(res.exitCode, res.stderr).toBe(0);
  },
  logout: async () => {
    const res = await runInProcess(['logout']);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain('no saved API key');
  },
  status: async (c) => {
    const res = await expectCalls(
      c,
      ['status', '--json', '--fields', 'profile,base_url,base_url_source,key_check'],
      ['GET /api/account'],
    );
    expect(json(res)).toMatchObject({ base_url: c.sandbox.baseUrl, base_url_source: 'environment', key_check: 'ok' });
  },
  'config list': async () => {
    const res = await runInProcess(['config', 'list', '--json']);
    expect(json(res)).toHaveLength(7);
  },
  'config get': async () => {
    const configDir = tempDir();
    await runInProcess(['config', 'set', 'timeout', '4'], { configDir });
    expect((await runInProcess(['config', 'get', 'timeout'], { configDir })).stdout).toBe('4\n');
  },
  'config set': async () => expect((await runInProcess(['config', 'set', 'output', 'csv'])).exitCode).toBe(0),
  'config unset': async () => expect((await runInProcess(['config', 'unset', 'output'])).exitCode).toBe(0),
  'config path': async () => {
    const configDir = tempDir();
    expect((await runInProcess(['config', 'path'], { configDir })).stdout).toBe(`${configDir}/config.json\n`);
  },
  'profiles list': async () => expect((await runInProcess(['profiles', 'list'])).exitCode).toBe(0),
  'profiles use': async () => {
    const configDir = tempDir();
    await runInProcess(['config', 'set', 'timeout', '4', '--profile', 'p2'], { configDir });
    expect((await runInProcess(['profiles', 'use', 'p2'], { configDir })).exitCode).toBe(0);
  },
  'profiles delete': async () => {
    const configDir = tempDir();
    await runInProcess(['config', 'set', 'timeout', '4', '--profile', 'p3'], { configDir });
    expect((await runInProcess(['profiles', 'delete', 'p3', '-y'], { configDir })).exitCode).toBe(0);
  },
};

describe('every command of the contract', () => {
  it.each(COMMAND_NAMES.map((name) => [name]))('%s', async (name) => {
    const runs: Record<'v6' | 'v7', Recorded[]> = { v6: [], v7: [] };
    await tests[name as CommandName](recording(v7, runs.v7));
    await tests[name as CommandName](recording(v6, runs.v6));
    sameAcrossVersions(runs, { v6: v6.sandbox.baseUrl, v7: v7.sandbox.baseUrl });
  });

  it('matches the commands the program registers', async () => {
    const io = await createTestIO();
    const ctx = createContext({
      io,
      env: {},
      now: () => 0,
      sleep: async () => {},
      signal: new AbortController().signal,
    });
    // `help` (at the root and in each group) prints help pages: test/commands/help-pages.test.ts.
    const commands = (cmd: Command) => cmd.commands.filter((sub) => sub.name() !== 'help');
    const leaves = (cmd: Command, prefix: string[]): string[] =>
      commands(cmd).length === 0
        ? [prefix.join(' ')]
        : commands(cmd).flatMap((sub) => leaves(sub, [...prefix, sub.name()]));
    const registered = commands(buildProgram(ctx)).flatMap((cmd) => leaves(cmd, [cmd.name()]));
    expect([...registered].sort()).toEqual([...COMMAND_NAMES].sort());
  });
});
