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

  it('the rate budget: limits and the limits tool read the same shared state into the same record', async () => {
    // A server of the CLI's settings and folder: both doors read one state, which a request has filled.
    const own = await startMcp({ baseUrl: cli.sandbox.baseUrl, apiKey: cli.sandbox.apiKey, rateLimit: '1000/60s' });
    try {
      data(await own.call('links_list', { limit: 1 }));
      const answered = data(await own.call('limits'));
      const res = await cli.run(['limits', '-o', 'json'], { env: { SHORTY_CONFIG_DIR: own.configDir } });
      expect(res.exitCode, res.stderr).toBe(0);
      const { base_url, configured_by, ...printed } = JSON.parse(res.stdout);
      expect(base_url).toBe(cli.sandbox.baseUrl);
      expect(configured_by).toBe('SHORTY_RATE_LIMIT');
      const times = ({ next_in_ms, resets_in_ms, ...rest }: Record<string, unknown>) => rest;
      expect(times(answered)).toEqual(times(printed));
      expect(answered.used).toBe(1);
      expect(Object.keys(answered)).toEqual(Object.keys(printed));
      expect(answered.resets_in_ms).toBeGreaterThanOrEqual(printed.resets_in_ms);
    } finally {
      await own.close();
    }
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

describe('the same write through both doors', () => {
  // Each door writes its own item (named after the door) in the one sandbox; the records are
  // compared without what tells the two items apart.
  type Door = 'cli' | 'mcp';
  const name = (door: Door) => `Parity ${door}`;
  const host = (door: Door) => `${door}.parity.example`;
  const without =
    (...keys: string[]) =>
    (record: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
  const writes: [
    string,
    (door: Door) => string[],
    string,
    (door: Door) => Record<string, unknown>,
    (record: Record<string, unknown>) => Record<string, unknown>,
  ][] = [
    [
      'campaign add',
      (d) => ['campaigns', 'add', name(d), '--slug', `parity-${d}`, '--public'],
      'campaigns_add',
      (d) => ({ name: name(d), slug: `parity-${d}`, public: true }),
      without('id', 'name', 'slug', 'rotator', 'list'),
    ],
    [
      'campaign update',
      (d) => ['campaigns', 'update', name(d), '--private'],
      'campaigns_update',
      (d) => ({ target: name(d), public: false }),
      without('id', 'name', 'slug', 'rotator', 'list'),
    ],
    [
      'channel add',
      (d) => ['channels', 'add', name(d), '--color', '#112233', '--starred'],
      'channels_add',
      (d) => ({ name: name(d), color: '#112233', starred: true }),
      without('id', 'name'),
    ],
    [
      'channel update',
      (d) => ['channels', 'update', name(d), '--description', 'changed', '--no-starred'],
      'channels_update',
      (d) => ({ target: name(d), description: 'changed', starred: false }),
      without('id', 'name'),
    ],
    [
      'pixel add',
      (d) => ['pixels', 'add', name(d), '--type', 'gtmpixel', '--tag', 'GTM-PARITY'],
      'pixels_add',
      (d) => ({ name: name(d), type: 'gtmpixel', tag: 'GTM-PARITY' }),
      without('id', 'name', 'date'),
    ],
    [
      'pixel update',
      (d) => ['pixels', 'update', name(d), '--tag', 'GTM-CHANGED'],
      'pixels_update',
      (d) => ({ target: name(d), tag: 'GTM-CHANGED' }),
      without('id', 'name', 'date'),
    ],
    [
      'qr add',
      (d) => ['qr', 'add', name(d), '--type', 'link', '--data', 'https://example.com/parity'],
      'qr_add',
      (d) => ({ name: name(d), type: 'link', data: 'https://example.com/parity' }),
      without('id', 'link'),
    ],
    [
      'domain add',
      (d) => ['domains', 'add', host(d), '--redirect-root', 'https://example.com/'],
      'domains_add',
      (d) => ({ domain: host(d), redirectRoot: 'https://example.com/' }),
      without('id', 'domain'),
    ],
    [
      'domain update',
      (d) => ['domains', 'update', host(d), '--redirect-404', 'https://example.com/404'],
      'domains_update',
      // Changing where visitors go is confirmed as a delete is (this client has no elicitation).
      (d) => ({ target: host(d), redirect404: 'https://example.com/404', confirm: true }),
      without('id', 'domain'),
    ],
  ];

  it.each(writes)('%s', async (_what, args, tool, input, comparable) => {
    const { value } = await cliJson(args('cli'));
    const record = data(await mcp.call(tool, input('mcp'))).record;
    expect(Object.keys(record)).toEqual(Object.keys(value));
    expect(comparable(record)).toEqual(comparable(value));
  });

  it('qr update: the QR code each door changed reads the same', async () => {
    const changed = 'https://example.com/parity-changed';
    await cliJson(['qr', 'update', name('cli'), '--data', changed, '--background', 'rgb(1,2,3)']);
    const answered = data(
      await mcp.call('qr_update', { target: name('mcp'), data: changed, background: 'rgb(1,2,3)', confirm: true }),
    ).record;
    expect(answered).toMatchObject({ id: expect.any(Number), data: changed, background: 'rgb(1,2,3)' });
    const read = async (door: Door) =>
      without('id', 'name', 'link', 'date')((await cliJson(['qr', 'get', name(door)])).value);
    expect(await read('mcp')).toEqual(await read('cli'));
  });

  it('campaign and channel assign: the same outcome for each item, and the links land in the same place', async () => {
    await link('parity-assign-cli');
    await link('parity-assign-mcp');
    for (const [group, tool, extra] of [
      ['campaigns', 'campaigns_assign', {}],
      ['channels', 'channels_assign', { type: 'link' }],
    ] as const) {
      const cliArgs = group === 'channels' ? ['link', 'parity-assign-cli'] : ['parity-assign-cli'];
      const { value } = await cliJson([group, 'assign', name('cli'), ...cliArgs]);
      const answered = data(
        await mcp.call(tool, {
          target: name('mcp'),
          ...extra,
          [group === 'channels' ? 'items' : 'links']: ['parity-assign-mcp'],
          confirm: true,
        }),
      );
      expect(answered).toMatchObject({ done: 1, failed: 0 });
      expect(value).toHaveLength(1);
      expect(answered.results[0].message).toBe(value[0].message);
      const ids = await Promise.all(
        ['parity-assign-cli', 'parity-assign-mcp'].map(
          async (alias) => (await cliJson(['urls', 'lookup', alias])).value.id,
        ),
      );
      expect([value[0].id, answered.results[0].item]).toEqual(ids);
    }
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
    [
      'a channel colour that is no colour',
      ['channels', 'update', '1', '--color', 'blue'],
      'channels_update',
      { target: '1', color: 'blue' },
      'color',
    ],
    [
      "a domain's redirect that is no web address",
      ['domains', 'add', 'bad.parity.example', '--redirect-root', 'ftp://x'],
      'domains_add',
      { domain: 'bad.parity.example', redirectRoot: 'ftp://x' },
      'redirectRoot',
    ],
    [
      'a campaign name no campaign has',
      ['campaigns', 'update', 'No such campaign', '--private'],
      'campaigns_update',
      { target: 'No such campaign', public: false },
      undefined,
    ],
    [
      'a pixel id no pixel has',
      ['pixels', 'update', '99999', '--name', 'x'],
      'pixels_update',
      { target: '99999', name: 'x' },
      undefined,
    ],
    [
      'a QR code name no QR code has',
      ['qr', 'update', 'No such code', '--data', 'https://example.com/x'],
      'qr_update',
      { target: 'No such code', data: 'https://example.com/x', confirm: true },
      undefined,
    ],
    [
      'a channel name no channel has, to assign to',
      ['channels', 'assign', 'No such channel', 'bio', '3'],
      'channels_assign',
      { target: 'No such channel', type: 'bio', items: ['3'], confirm: true },
      undefined,
    ],
    [
      'a link no link is, to assign',
      ['campaigns', 'assign', '1', 'no-such-alias-here'],
      'campaigns_assign',
      { target: '1', links: ['no-such-alias-here'], confirm: true },
      undefined,
    ],
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
