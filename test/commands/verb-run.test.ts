// Every group's verbs export run(opts, ctx): called here directly, with parsed options and a
// context, against the sandbox. What the parser would have checked (a choice, a required flag)
// is the caller's; what the verb checks itself still stops it before any request.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as campaignAdd from '../../src/commands/campaigns/add.js';
import * as campaignAssign from '../../src/commands/campaigns/assign.js';
import { CAMPAIGN } from '../../src/commands/campaigns/resource.js';
import * as channelAdd from '../../src/commands/channels/add.js';
import * as channelItems from '../../src/commands/channels/items.js';
import * as configGet from '../../src/commands/config/get.js';
import * as configSet from '../../src/commands/config/set.js';
import * as domainAdd from '../../src/commands/domains/add.js';
import * as domainUpdate from '../../src/commands/domains/update.js';
import * as pixelAdd from '../../src/commands/pixels/add.js';
import { PIXEL } from '../../src/commands/pixels/resource.js';
import * as pixelUpdate from '../../src/commands/pixels/update.js';
import * as profileList from '../../src/commands/profiles/list.js';
import * as profileUse from '../../src/commands/profiles/use.js';
import * as qrAdd from '../../src/commands/qr/add.js';
import * as qrGet from '../../src/commands/qr/get.js';
import * as qrList from '../../src/commands/qr/list.js';
import * as qrUpdate from '../../src/commands/qr/update.js';
import * as deleteVerb from '../../src/commands/shared/verbs/delete.js';
import * as getVerb from '../../src/commands/shared/verbs/get.js';
import * as listVerb from '../../src/commands/shared/verbs/list.js';
import * as urlAdd from '../../src/commands/urls/add.js';
import * as urlGet from '../../src/commands/urls/get.js';
import * as urlImport from '../../src/commands/urls/import.js';
import * as urlSync from '../../src/commands/urls/sync.js';
import type { GlobalOptions } from '../../src/context.js';
import { configWith, tempDir } from '../helpers/cli.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { verbContext } from '../helpers/verb-context.js';

let sandbox: StartedSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** A context on the sandbox printing json, and what it printed once closed. */
async function onSandbox(globals: GlobalOptions = { output: 'json' }) {
  const { ctx, io } = await verbContext(
    { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey, NO_COLOR: '1' },
    globals,
  );
  return {
    ctx,
    printed: async () => {
      await ctx.close();
      return { out: io.out(), err: io.err() };
    },
  };
}

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

type VerbContext = Awaited<ReturnType<typeof onSandbox>>['ctx'];

/** The verb `call` runs is a usage error (exit 2), and the sandbox saw no request of it. */
async function refusedBeforeAnyRequest(call: (ctx: VerbContext) => Promise<unknown>): Promise<void> {
  const { ctx } = await onSandbox();
  await sandbox.admin.reset();
  await expect(call(ctx)).rejects.toMatchObject({ exitCode: 2 });
  await ctx.close();
  expect(await sandbox.admin.requests()).toEqual([]);
}

describe('urls', () => {
  it('add, then get by alias', async () => {
    const { ctx, printed } = await onSandbox();
    await urlAdd.run({ longurls: ['https://example.com/seam-link'], custom: 'seam-link' }, ctx);
    const link = json((await printed()).out);
    expect(link).toMatchObject({ alias: 'seam-link', longurl: 'https://example.com/seam-link' });

    const get = await onSandbox();
    await urlGet.run({ link: 'seam-link' }, get.ctx);
    expect(json((await get.printed()).out)).toMatchObject({ id: link.id, alias: 'seam-link' });
  });
});

describe('urls import and sync', () => {
  const dir = tempDir('shorty-verb-bulk-');
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('import: the rows created, one result each, and the exit code resolved', async () => {
    const links = file('import.csv', 'alias,url\nseam-import,https://example.com/seam-import\n');
    const { ctx, printed } = await onSandbox({ output: 'ndjson' });
    const code = await urlImport.run(
      { file: links, journal: join(dir, 'import.journal'), ifExists: 'fail', maxOutage: '1h' },
      ctx,
    );
    expect(code).toBe(0);
    const rows = (await printed()).out.trim().split('\n').map(json);
    expect(rows).toEqual([expect.objectContaining({ status: 'ok', alias: 'seam-import' })]);

    const get = await onSandbox();
    await urlGet.run({ link: 'seam-import' }, get.ctx);
    expect(json((await get.printed()).out)).toMatchObject({ longurl: 'https://example.com/seam-import' });
  });

  it('import checks what the parser leaves to it, before any request', async () => {
    const links = file('refused.csv', 'url\nhttps://example.com/refused\n');
    const { ctx } = await onSandbox();
    await sandbox.admin.reset();
    await expect(urlImport.run({ file: links, ifExists: 'maybe', maxOutage: '1h' }, ctx)).rejects.toMatchObject({
      exitCode: 2,
    });
    await ctx.close();
    expect(await sandbox.admin.requests()).toEqual([]);
  });

  it('sync --check: 0 when the account has the file, 1 when it differs, nothing written', async () => {
    await sandbox.api('POST', '/url/add', { url: 'https://example.com/seam-synced', custom: 'seam-synced' });
    const same = file('same.csv', 'alias,url\nseam-synced,https://example.com/seam-synced\n');
    const differs = file('differs.csv', 'alias,url\nseam-unsynced,https://example.com/seam-unsynced\n');
    await sandbox.admin.reset();
    const options = { key: 'alias', check: true, maxOutage: '1h' } as const;

    const matches = await onSandbox({});
    expect(await urlSync.run({ ...options, file: same }, matches.ctx)).toBe(0);
    await matches.printed();

    const drifted = await onSandbox({});
    expect(await urlSync.run({ ...options, file: differs }, drifted.ctx)).toBe(1);
    expect((await drifted.printed()).out).toContain('seam-unsynced');
    expect((await sandbox.admin.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe('qr', () => {
  it('add, list, get by name, update by name', async () => {
    const { ctx, printed } = await onSandbox();
    await qrAdd.run({ nameArgument: 'Seam QR', type: 'link', data: 'https://example.com/seam-qr' }, ctx);
    const created = json((await printed()).out);
    expect(created).toMatchObject({ id: expect.any(Number), link: expect.any(String) });

    const list = await onSandbox({ output: 'json', fields: 'id,name' });
    await qrList.run({ all: true }, list.ctx);
    expect(JSON.parse((await list.printed()).out)).toContainEqual({ id: created.id, name: 'Seam QR' });

    const get = await onSandbox();
    await qrGet.run({ qr: 'Seam QR' }, get.ctx);
    expect(json((await get.printed()).out)).toMatchObject({ id: created.id, name: 'Seam QR' });

    await sandbox.admin.reset();
    const update = await onSandbox();
    await qrUpdate.run({ qr: 'Seam QR', data: 'https://example.com/seam-qr-2' }, update.ctx);
    await update.printed();
    const puts = (await sandbox.admin.requests()).filter((r) => r.method === 'PUT');
    expect(puts).toEqual([
      expect.objectContaining({
        path: `/api/qr/${created.id}/update`,
        body: { data: 'https://example.com/seam-qr-2' },
      }),
    ]);
  });

  it('update checks --data itself, before any request', async () => {
    await refusedBeforeAnyRequest((ctx) => qrUpdate.run({ qr: '7' }, ctx));
  });
});

describe('campaigns', () => {
  it('add and assign, called with their options', async () => {
    const { ctx, printed } = await onSandbox();
    await campaignAdd.run({ nameArgument: 'Seam sale', slug: 'seam' }, ctx);
    const campaign = json((await printed()).out);
    expect(campaign).toMatchObject({ name: 'Seam sale' });

    const link = (await sandbox.api('POST', '/url/add', { url: 'https://example.com/seam' })).json.id as number;
    const assign = await onSandbox({ quiet: true });
    expect(await campaignAssign.run({ campaign: 'Seam sale', links: [String(link)] }, assign.ctx)).toBeUndefined();
    expect((await assign.printed()).out).toBe(`${link}\n`);
  });
});

describe('channels', () => {
  it('add, then items of the channel by name', async () => {
    const { ctx, printed } = await onSandbox();
    await channelAdd.run({ nameArgument: 'Seam news', color: '#1e90ff' }, ctx);
    expect(json((await printed()).out)).toMatchObject({ name: 'Seam news', color: '#1e90ff' });

    const items = await onSandbox();
    await channelItems.run({ channel: 'Seam news' }, items.ctx);
    expect(JSON.parse((await items.printed()).out)).toEqual([]);
  });

  it('refuses a name the service would, before any request', async () => {
    await refusedBeforeAnyRequest((ctx) => channelAdd.run({ nameArgument: 'x' }, ctx));
  });
});

describe('pixels', () => {
  it('add, then update by name: the record printed is the pixel as it now is', async () => {
    const { ctx, printed } = await onSandbox();
    await pixelAdd.run({ nameArgument: 'Seam tag', type: 'gtmpixel', tag: 'GTM-SEAM1' }, ctx);
    const pixel = json((await printed()).out);
    expect(pixel).toMatchObject({ type: 'gtmpixel', name: 'Seam tag', tag: 'GTM-SEAM1' });

    const update = await onSandbox();
    await pixelUpdate.run({ pixel: 'Seam tag', tag: 'GTM-SEAM2' }, update.ctx);
    expect(json((await update.printed()).out)).toMatchObject({ id: pixel.id, name: 'Seam tag', tag: 'GTM-SEAM2' });
  });

  it('checks the type the parser leaves to it, before any request', async () => {
    const { ctx } = await onSandbox();
    await sandbox.admin.reset();
    await expect(pixelAdd.run({ nameArgument: 'Seam', type: 'nope', tag: 'x' }, ctx)).rejects.toMatchObject({
      exitCode: 2,
    });
    await ctx.close();
    expect(await sandbox.admin.requests()).toEqual([]);
  });
});

describe('domains', () => {
  it('add, then update by host', async () => {
    const { ctx, printed } = await onSandbox();
    await domainAdd.run({ domain: 'seam.example.com' }, ctx);
    const domain = json((await printed()).out);
    expect(domain).toMatchObject({ domain: 'https://seam.example.com' });

    const update = await onSandbox();
    await domainUpdate.run({ domain: 'seam.example.com', redirect404: 'https://example.com/404' }, update.ctx);
    expect(json((await update.printed()).out)).toEqual({ id: domain.id, redirect404: 'https://example.com/404' });
  });
});

// The verbs every resource has in the same shape: one run each, given the resource it is bound to.
// Each case holds for two resources, so a run that ignored the one it was given would fail for one.
describe.each([
  {
    res: CAMPAIGN,
    add: (name: string) => sandbox.api('POST', '/campaign/add', { name }),
    fields: 'id,name,rotator',
    record: (id: number, name: string) => ({ id, name, public: false }),
  },
  {
    res: PIXEL,
    add: (name: string) => sandbox.api('POST', '/pixel/add', { type: 'gtmpixel', name, tag: 'GTM-VERB1' }),
    fields: 'id,name,tag',
    record: (id: number, name: string) => ({ id, type: 'gtmpixel', name, tag: 'GTM-VERB1' }),
  },
])('the generic verbs bound to $res.group', ({ res, add, fields, record }) => {
  const added = async (name: string) => ({ id: (await add(name)).json.id as number, name });

  it('list with --fields: every row has those fields and no other, the one added among them', async () => {
    const { id, name } = await added(`Listed ${res.noun}`);
    const { ctx, printed } = await onSandbox({ output: 'json', fields });
    await listVerb.run(res, { all: true }, ctx);
    const rows = JSON.parse((await printed()).out) as Record<string, unknown>[];
    for (const row of rows) expect(Object.keys(row)).toEqual(fields.split(','));
    expect(rows).toContainEqual(expect.objectContaining({ id, name }));
  });

  it('get by name and by id: the same record, in the fields of the resource', async () => {
    const { id, name } = await added(`Got ${res.noun}`);
    const byName = await onSandbox();
    await getVerb.run(res, { target: name }, byName.ctx);
    const got = json((await byName.printed()).out);
    expect(got).toMatchObject(record(id, name));
    expect(Object.keys(got).slice(0, res.view.fields.length)).toEqual(res.view.fields);

    const byId = await onSandbox();
    await getVerb.run(res, { target: String(id) }, byId.ctx);
    expect(json((await byId.printed()).out)).toEqual(got);
  });

  it('delete: refused without -y when not interactive, before any request; with -y, deleted', async () => {
    const { id, name } = await added(`Deleted ${res.noun}`);
    for (const target of [name, String(id)])
      await refusedBeforeAnyRequest((ctx) => deleteVerb.run(res, { targets: [target] }, ctx));

    const { ctx, printed } = await onSandbox({ output: 'json', yes: true });
    await deleteVerb.run(res, { targets: [name] }, ctx);
    await printed();
    const sent = (await sandbox.admin.requests()).filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(sent).toEqual([`/api${res.deletePath(id)}`]);
    const gone = await onSandbox();
    await expect(getVerb.run(res, { target: String(id) }, gone.ctx)).rejects.toMatchObject({ exitCode: 1 });
    await gone.ctx.close();
  });
});

/** A context on a config folder of its own, without a server: config and profiles read no API. */
async function onConfig(configDir: string, globals: GlobalOptions = {}) {
  const { ctx, io } = await verbContext({ SHORTY_CONFIG_DIR: configDir, NO_COLOR: '1' }, globals);
  return {
    ctx,
    printed: async () => {
      await ctx.close();
      return { out: io.out(), err: io.err() };
    },
  };
}

describe('config', () => {
  it('set, then get: the value saved in the profile, the key masked', async () => {
    const configDir = tempDir('shorty-config-');
    const set = await onConfig(configDir, { profile: 'work' });
    await configSet.run({ key: 'rate-limit', value: '20/60s' }, set.ctx);
    expect((await set.printed()).err).toContain('set rate-limit = 20/60s in profile "work"');

    const get = await onConfig(configDir, { profile: 'work' });
    await configGet.run({ key: 'rate-limit' }, get.ctx);
    expect((await get.printed()).out).toBe('20/60s\n');
  });
});

describe('profiles', () => {
  it('use, then list: the profile chosen is the current one', async () => {
    const configDir = configWith({ work: { 'base-url': 'https://work.example' }, home: {} });
    const use = await onConfig(configDir);
    await profileUse.run({ name: 'work' }, use.ctx);
    await use.printed();

    const list = await onConfig(configDir, { output: 'json' });
    await profileList.run({}, list.ctx);
    expect(JSON.parse((await list.printed()).out)).toEqual([
      { current: true, name: 'work', 'base-url': 'https://work.example', 'api-key': null },
      { current: false, name: 'home', 'base-url': null, 'api-key': null },
    ]);
  });
});
