// `shorty mcp` driven by the SDK's client, in-process, against the sandbox: every tool, the
// confirmation of destructive calls, --read-only, errors and redaction. Pacing: mcp-pacing.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, failure, type McpSession, startMcp } from '../helpers/mcp.js';
import { type StartedSandbox, startSandbox } from '../helpers/sandbox.js';

const KEY = 'sk_mcp_recognisable_5f1e2d3c4b5a69788796a5b4';

let sandbox: StartedSandbox;
let mcp: McpSession;

beforeAll(async () => {
  sandbox = await startSandbox({ apiKey: KEY });
  mcp = await startMcp({ baseUrl: sandbox.baseUrl, apiKey: KEY });
});
afterAll(async () => {
  await mcp?.close();
  await sandbox?.close();
});

const EVERY_TOOL = [
  'links_list',
  'links_get',
  'links_stats',
  'links_add',
  'links_update',
  'links_delete',
  ...['campaigns', 'channels', 'pixels', 'qr', 'domains'].flatMap((r) =>
    ['list', 'get', 'add', 'update', 'delete'].map((verb) => `${r}_${verb}`),
  ),
  'campaigns_assign',
  'channels_assign',
  'overlays_list',
  'overlays_get',
  'splash_list',
  'splash_get',
  'account_get',
  'limits',
  'import_plan',
  'import_run',
];

describe('tools/list', () => {
  it('offers every tool, each with an input and an output schema and annotations', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...EVERY_TOOL].sort());
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.description?.length, t.name).toBeGreaterThan(20);
      expect(typeof t.annotations?.readOnlyHint, t.name).toBe('boolean');
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.links_list.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.links_add.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(byName.links_delete.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(byName.links_delete.inputSchema.properties).toHaveProperty('confirm');
    expect(byName.import_run.annotations).toMatchObject({ destructiveHint: true });
  });

  it('--read-only offers the tools that change nothing, only', async () => {
    const readOnly = await startMcp({ baseUrl: sandbox.baseUrl, apiKey: KEY, readOnly: true });
    try {
      const { tools } = await readOnly.client.listTools();
      expect(tools.length).toBeGreaterThan(10);
      for (const t of tools) expect(t.annotations?.readOnlyHint, t.name).toBe(true);
      expect(tools.map((t) => t.name)).not.toContain('links_delete');
      const refused = await readOnly.call('links_add', { urls: ['https://example.com/ro'] });
      expect(refused.isError).toBe(true);
      expect((await sandbox.api('GET', '/urls')).json.data.urls).toHaveLength(0);
    } finally {
      await readOnly.close();
    }
  });
});

describe('links', () => {
  it('add, list, get, stats, update and delete, named by alias and short URL', async () => {
    const added = data(await mcp.call('links_add', { urls: ['https://example.com/spring'], custom: 'spring' }));
    expect(added).toMatchObject({ done: 1, failed: 0 });
    const link = added.results[0].record;
    expect(link).toMatchObject({ alias: 'spring', longurl: 'https://example.com/spring' });

    const two = data(await mcp.call('links_add', { urls: ['https://example.com/a', 'https://example.com/b'] }));
    expect(two).toMatchObject({ done: 2, failed: 0 });
    expect(two.results.map((r: any) => r.record.longurl)).toEqual(['https://example.com/a', 'https://example.com/b']);

    const listed = data(await mcp.call('links_list', { order: 'date', limit: 10 }));
    expect(listed.items.map((i: any) => i.alias)).toContain('spring');
    expect(listed).toMatchObject({ page: 1, nextpage: null });

    const got = data(await mcp.call('links_get', { link: 'spring' }));
    expect(got.record).toMatchObject({ id: link.id, shorturl: link.shorturl });
    const stats = data(await mcp.call('links_stats', { link: link.shorturl }));
    expect(stats.stats).toMatchObject({ id: link.id, clicks: expect.any(Number) });

    const updated = data(await mcp.call('links_update', { link: 'spring', metaTitle: 'Sale' }));
    expect(updated.record).toMatchObject({ id: link.id, longurl: 'https://example.com/spring' });

    const deleted = data(await mcp.call('links_delete', { links: ['spring'], confirm: true }));
    expect(deleted).toEqual({
      results: [{ item: link.id, ok: true, message: expect.stringMatching(/deleted/) }],
      done: 1,
      failed: 0,
    });
    expect(failure(await mcp.call('links_get', { link: String(link.id) })).error).toBe('failed');
  });

  it('several URLs, the first answer lost after the send: that link may exist (how to look), the others are made', async () => {
    await sandbox.admin.fault('lost', { count: 1 });
    const urls = ['https://example.com/lost/1', 'https://example.com/lost/2', 'https://example.com/lost/3'];
    const outcome = data(await mcp.call('links_add', { urls }));
    expect(outcome).toMatchObject({ done: 2, failed: 1 });
    expect(outcome.results[0]).toMatchObject({ item: urls[0], ok: false });
    expect(outcome.results[0].message).toMatch(
      /the link may have been created all the same: links_list \(limit 5\) shows the newest links; look before adding it again/,
    );
    expect(outcome.results.slice(1).map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    // The server did make all three: the one whose answer was lost too.
    const made = (await sandbox.api('GET', '/urls?limit=10&order=date')).json.data.urls as { longurl: string }[];
    for (const url of urls) expect(made.map((u) => u.longurl)).toContain(url);
  });

  it('several URLs with one alias are refused before any request', async () => {
    const before = (await sandbox.admin.stats()).requests;
    const f = failure(
      await mcp.call('links_add', { urls: ['https://example.com/1', 'https://example.com/2'], custom: 'x1x' }),
    );
    expect(f).toMatchObject({ error: 'usage', exitCode: 2 });
    expect((await sandbox.admin.stats()).requests).toBe(before);
  });
});

describe('resources with names', () => {
  it('campaigns: add, get and update by name, assign links, delete', async () => {
    const link = data(await mcp.call('links_add', { urls: ['https://example.com/c'], custom: 'camp' })).results[0]
      .record;
    const c = data(await mcp.call('campaigns_add', { name: 'Spring sale', slug: 'spring-rot' })).record;
    expect(c).toMatchObject({ id: expect.any(Number), name: 'Spring sale' });
    expect(data(await mcp.call('campaigns_get', { target: 'Spring sale' })).record.id).toBe(c.id);
    expect(data(await mcp.call('campaigns_list', {})).items).toHaveLength(1);
    const u = data(await mcp.call('campaigns_update', { target: 'Spring sale', public: true })).record;
    expect(u).toMatchObject({ id: c.id, name: 'Spring sale', public: true });
    const a = data(await mcp.call('campaigns_assign', { target: 'Spring sale', links: ['camp'] }));
    expect(a).toMatchObject({ done: 1, failed: 0, results: [{ item: link.id, ok: true }] });
    expect(data(await mcp.call('campaigns_delete', { targets: ['Spring sale'], confirm: true })).done).toBe(1);
  });

  it('channels, pixels, QR codes and domains: add, list, get, update, delete', async () => {
    const ch = data(await mcp.call('channels_add', { name: 'Newsletter', color: '#1e90ff' })).record;
    expect(data(await mcp.call('channels_update', { target: 'Newsletter', starred: true })).record).toMatchObject({
      id: ch.id,
      starred: true,
    });
    const qr = data(await mcp.call('qr_add', { name: 'Menu', type: 'link', data: 'https://example.com/menu' })).record;
    expect(data(await mcp.call('channels_assign', { target: 'Newsletter', type: 'qr', items: ['Menu'] })).done).toBe(1);
    expect(data(await mcp.call('qr_get', { target: 'Menu' })).record.id).toBe(qr.id);
    expect(
      data(await mcp.call('qr_update', { target: 'Menu', data: 'https://example.com/menu-2', confirm: true })).record
        .id,
    ).toBe(qr.id);
    const px = data(await mcp.call('pixels_add', { name: 'FB main', type: 'fbpixel', tag: '1234567' })).record;
    expect(data(await mcp.call('pixels_update', { target: 'FB main', name: 'FB new' })).record).toMatchObject({
      id: px.id,
      tag: '1234567',
    });
    const dom = data(await mcp.call('domains_add', { domain: 'go.example.com' })).record;
    expect(data(await mcp.call('domains_get', { target: 'go.example.com' })).record.id).toBe(dom.id);
    expect(
      data(
        await mcp.call('domains_update', {
          target: 'go.example.com',
          redirect404: 'https://example.com/404',
          confirm: true,
        }),
      ).record.id,
    ).toBe(dom.id);
    for (const [tool, list] of [
      ['channels_list', 1],
      ['qr_list', 1],
      ['pixels_list', 1],
      ['domains_list', 1],
    ] as const)
      expect(data(await mcp.call(tool, {})).items, tool).toHaveLength(list);
    expect(data(await mcp.call('channels_get', { target: String(ch.id) })).record.name).toBe('Newsletter');
    expect(data(await mcp.call('pixels_get', { target: 'FB new' })).record.id).toBe(px.id);
    for (const [tool, target] of [
      ['channels_delete', 'Newsletter'],
      ['qr_delete', 'Menu'],
      ['pixels_delete', 'FB new'],
      ['domains_delete', 'go.example.com'],
    ])
      expect(data(await mcp.call(tool, { targets: [target], confirm: true })), tool).toMatchObject({
        done: 1,
        failed: 0,
      });
  });
});

describe('account and rate budget', () => {
  it('account_get shows the account; limits the budget without a request', async () => {
    expect(data(await mcp.call('account_get')).account).toMatchObject({ email: 'sandbox@example.com' });
    const before = (await sandbox.admin.stats()).requests;
    const limits = data(await mcp.call('limits'));
    expect(limits).toMatchObject({
      used: expect.any(Number),
      remaining: expect.any(Number),
      rate_limit: expect.any(String),
    });
    expect((await sandbox.admin.stats()).requests).toBe(before);
  });
});

describe('safety and errors', () => {
  it('a destructive call without confirm: true sends nothing and says what it would do', async () => {
    const link = data(await mcp.call('links_add', { urls: ['https://example.com/keep'] })).results[0].record;
    await sandbox.admin.reset();
    for (const [tool, args] of [
      ['links_delete', { links: [String(link.id)] }],
      ['links_delete', { links: [String(link.id)], confirm: false }],
      ['campaigns_delete', { targets: ['x'] }],
      ['import_run', { rows: [{ url: 'https://example.com/i' }] }],
    ] as const) {
      const f = failure(await mcp.call(tool, args));
      expect(f.error, tool).toBe('not_confirmed');
      expect(f.text).toMatch(/^shorty: nothing was done: /);
    }
    expect((await sandbox.admin.stats()).requests).toBe(0);
  });

  it('bad arguments are schema errors; a failed call carries the message and hint; the server goes on', async () => {
    const bad = await mcp.call('links_list', { limit: 'ten' });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/Input validation error/);
    const missing = failure(await mcp.call('campaigns_get', { target: 'No such campaign' }));
    expect(missing).toMatchObject({
      error: 'failed',
      exitCode: 1,
      message: 'no campaign with the name "No such campaign"',
    });
    expect(missing.hint).toBe('campaigns_list shows the names');
    expect(missing.text).toMatch(/^shorty: no campaign .*\nhint: /);
    expect(data(await mcp.call('account_get')).account.id).toBe(1);
  });

  it('the key appears in no result, error or log', async () => {
    const results = [
      await mcp.call('links_add', { urls: [`https://example.com/?token=${KEY}`] }),
      await mcp.call('campaigns_get', { target: KEY }),
      await mcp.call('links_get', { link: KEY }),
      await mcp.call('links_list', {}),
    ];
    const text = JSON.stringify(results);
    expect(text).toContain('***');
    expect(text).not.toContain(KEY);
    expect(mcp.io.err()).not.toContain(KEY);
  });
});

describe('import', () => {
  it('import_plan sends nothing that changes the account; import_run creates, then resumes from its journal', async () => {
    await sandbox.admin.reset({ data: true });
    const rows = [{ url: 'https://example.com/i1', custom: 'imp1' }, { url: 'https://example.com/i2' }, { url: 'bad' }];
    const plan = data(await mcp.call('import_plan', { rows }));
    expect(plan.rows.map((r: any) => r.status)).toEqual(['valid', 'valid', 'invalid']);
    expect((await sandbox.admin.stats()).links).toBe(0);

    const run = data(await mcp.call('import_run', { rows, confirm: true }));
    expect(run.rows.map((r: any) => r.status)).toEqual(['ok', 'ok', 'invalid']);
    expect(run.exitCode).toBe(1);
    expect(run.journal.startsWith(mcp.configDir)).toBe(true);
    expect((await sandbox.admin.stats()).links).toBe(2);

    const again = data(await mcp.call('import_run', { rows, confirm: true }));
    expect((await sandbox.admin.stats()).links).toBe(2);
    expect(again.journal).toBe(run.journal);
  });
});
