// Every group's verbs export run(opts, ctx): called here directly, with parsed options and a
// context, against the sandbox. What the parser would have checked (a choice, a required flag)
// is the caller's; what the verb checks itself still stops it before any request.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register as account } from '../../src/commands/account/index.js';
import * as accountGet from '../../src/commands/account/get.js';
import * as accountUpdate from '../../src/commands/account/update.js';
import * as login from '../../src/commands/auth/login.js';
import * as logout from '../../src/commands/auth/logout.js';
import * as cacheClear from '../../src/commands/cache/clear.js';
import * as cacheRefresh from '../../src/commands/cache/refresh.js';
import * as campaignAdd from '../../src/commands/campaigns/add.js';
import * as campaignAssign from '../../src/commands/campaigns/assign.js';
import { CAMPAIGN } from '../../src/commands/campaigns/resource.js';
import * as channelAdd from '../../src/commands/channels/add.js';
import * as channelItems from '../../src/commands/channels/items.js';
import * as configGet from '../../src/commands/config/get.js';
import * as configSet from '../../src/commands/config/set.js';
import * as domainAdd from '../../src/commands/domains/add.js';
import * as domainUpdate from '../../src/commands/domains/update.js';
import { register as legacy } from '../../src/commands/legacy/index.js';
import * as legacyCreate from '../../src/commands/legacy/create.js';
import * as legacyDisable from '../../src/commands/legacy/disable.js';
import * as legacyEnable from '../../src/commands/legacy/enable.js';
import * as legacyInfo from '../../src/commands/legacy/info.js';
import * as legacyList from '../../src/commands/legacy/list.js';
import * as limits from '../../src/commands/limits/index.js';
import * as pixelAdd from '../../src/commands/pixels/add.js';
import { PIXEL } from '../../src/commands/pixels/resource.js';
import * as pixelUpdate from '../../src/commands/pixels/update.js';
import * as profileList from '../../src/commands/profiles/list.js';
import * as profileUse from '../../src/commands/profiles/use.js';
import * as qrAdd from '../../src/commands/qr/add.js';
import * as qrGet from '../../src/commands/qr/get.js';
import * as qrList from '../../src/commands/qr/list.js';
import * as qrUpdate from '../../src/commands/qr/update.js';
import * as status from '../../src/commands/status/index.js';
import type { RunF } from '../../src/commands/shared/action.js';
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
async function onSandbox(globals: GlobalOptions = { output: 'json' }, env: Record<string, string> = {}) {
  const { ctx, io } = await verbContext(
    { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey, NO_COLOR: '1', ...env },
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

describe('legacy', () => {
  it('create, info, disable, enable, list: each run on its own', async () => {
    const { ctx, printed } = await onSandbox();
    await legacyCreate.run({ longurl: 'https://example.com/seam-legacy', custom: 'seam-legacy' }, ctx);
    const created = json((await printed()).out);
    expect(created).toMatchObject({ alias: 'seam-legacy', longurl: 'https://example.com/seam-legacy' });
    const shorturl = created.shorturl as string;

    const info = await onSandbox();
    await legacyInfo.run({ shorturl }, info.ctx);
    expect(json((await info.printed()).out)).toMatchObject({ shorturl, id: created.id, clicks: 0 });

    const disable = await onSandbox();
    await legacyDisable.run({ shorturl }, disable.ctx);
    expect(json((await disable.printed()).out)).toMatchObject({ shorturl, status: 'disabled' });

    const enable = await onSandbox();
    await legacyEnable.run({ shorturl }, enable.ctx);
    expect(json((await enable.printed()).out)).toMatchObject({ shorturl, status: 'active' });

    const list = await onSandbox({ quiet: true });
    await legacyList.run({}, list.ctx);
    expect((await list.printed()).out.split('\n')).toContain(shorturl);
  });

  it('create checks its flags itself, before any request', async () => {
    await refusedBeforeAnyRequest((ctx) => legacyCreate.run({ longurl: 'https://example.com', custom: ' ' }, ctx));
    await refusedBeforeAnyRequest((ctx) => legacyInfo.run({ shorturl: 'not a short url' }, ctx));
  });
});

describe('account', () => {
  it('update --email, then get: the account as it now is', async () => {
    const update = await onSandbox();
    await accountUpdate.run({ email: 'seam@example.com' }, update.ctx);
    await update.printed();

    const get = await onSandbox();
    await accountGet.run({}, get.ctx);
    expect(json((await get.printed()).out)).toMatchObject({ email: 'seam@example.com' });
  });

  it('update with nothing to change and no terminal: refused before any request', async () => {
    await refusedBeforeAnyRequest((ctx) => accountUpdate.run({}, ctx));
  });
});

describe('cache', () => {
  it('refresh reads the lists asked for, clear forgets their names', async () => {
    await sandbox.api('POST', '/campaign/add', { name: 'Seam cached' });
    const env = { SHORTY_CONFIG_DIR: tempDir('shorty-config-') };
    const refresh = await onSandbox({ output: 'json', yes: true }, env);
    await cacheRefresh.run({ resources: ['campaigns'] }, refresh.ctx);
    const [read] = JSON.parse((await refresh.printed()).out) as Record<string, unknown>[];
    expect(read).toMatchObject({ resource: 'campaigns', requests: 1 });
    expect(read.names).toBeGreaterThan(0);

    const clear = await onSandbox({ output: 'json' }, env);
    await cacheClear.run({}, clear.ctx);
    expect(json((await clear.printed()).out)).toMatchObject({ profile: 'default', cleared: read.names });
  });
});

describe('login, status, limits and logout', () => {
  it('login --with-key saves the profile; status uses it; logout forgets the key', async () => {
    const configDir = tempDir('shorty-config-');
    const globals: GlobalOptions = { output: 'json', profile: 'seam', baseUrl: sandbox.baseUrl };
    const { ctx, io } = await verbContext({ SHORTY_CONFIG_DIR: configDir }, globals, sandbox.apiKey);
    await login.run({ withKey: true }, ctx);
    await ctx.close();
    expect(json(io.out())).toMatchObject({ profile: 'seam', base_url: sandbox.baseUrl });
    // The values tried are the command's own: the run's flags stay as parsed.
    expect(ctx.globals).toEqual({ output: 'json', profile: 'seam', baseUrl: sandbox.baseUrl });

    const check = await onConfig(configDir, { output: 'json', profile: 'seam' });
    await status.run({}, check.ctx);
    expect(json((await check.printed()).out)).toMatchObject({
      profile: 'seam',
      base_url: sandbox.baseUrl,
      api_key_source: 'profile',
      key_check: 'ok',
    });

    const out = await onConfig(configDir, { profile: 'seam' });
    await logout.run({}, out.ctx);
    expect((await out.printed()).err).toContain('removed the API key of profile "seam"');
    const offline = await onConfig(configDir, { output: 'json', profile: 'seam' });
    await expect(status.run({ offline: true }, offline.ctx)).rejects.toMatchObject({ exitCode: 3 });
    expect(json((await offline.printed()).out)).toMatchObject({ api_key: null, key_check: 'skipped' });
  });

  it('limits shows the budget of the base URL and key; --reset forgets it', async () => {
    const env = { SHORTY_CONFIG_DIR: tempDir('shorty-config-') };
    const account = await onSandbox({}, env);
    await accountGet.run({}, account.ctx);
    await account.printed();

    const shown = await onSandbox({ output: 'json' }, env);
    await limits.run({}, shown.ctx);
    expect(json((await shown.printed()).out)).toMatchObject({ base_url: sandbox.baseUrl, used: 1 });

    const reset = await onSandbox({ output: 'json' }, env);
    await limits.run({ reset: true }, reset.ctx);
    expect(json((await reset.printed()).out).cleared).toContain('1 recorded request');
  });
});

type Register<O> = (cmd: Command, ctx: VerbContext, runF: RunF<O>) => void;

/**
 * What the parser hands a verb's run for `argv`, through the seam its register takes: the verb
 * registered on a command of its own with a run that only records, so nothing is done. Undefined
 * when the parser refused (the run was never called).
 */
async function parsed<O>(register: Register<O>, argv: string[]): Promise<O | undefined> {
  const { ctx } = await onConfig(tempDir('shorty-config-'));
  const root = new Command('shorty').exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  let got: O | undefined;
  register(root.command('cmd'), ctx, async (opts) => {
    got = opts;
  });
  await root.parseAsync(['cmd', ...argv], { from: 'user' }).catch(() => undefined);
  await ctx.close();
  return got;
}

describe('parsing, through the seam: the options each run gets, and nothing done', () => {
  it('legacy verbs: arguments by name, flags, aliases', async () => {
    const create = legacyCreate.register;
    expect(await parsed(create, ['create', 'https://example.com/x', '--custom', 'spring', '--xml'])).toEqual({
      longurl: 'https://example.com/x',
      custom: 'spring',
      xml: true,
    });
    expect(await parsed(legacyEnable.register, ['activate', 'https://sho.rt/abc'])).toEqual({
      shorturl: 'https://sho.rt/abc',
    });
    for (const verb of [legacyDisable, legacyInfo])
      expect(await parsed(verb.register, [verb === legacyInfo ? 'info' : 'disable', 'sho.rt/abc', '--xml'])).toEqual({
        shorturl: 'sho.rt/abc',
        xml: true,
      });
    expect(await parsed(legacyList.register, ['ls', '--xml'])).toEqual({ xml: true });
    expect(await parsed(create, ['create'])).toBeUndefined();
  });

  it('the groups list their verbs: every legacy verb, and account get by default', async () => {
    const { ctx } = await onConfig(tempDir('shorty-config-'));
    const group = new Command('legacy');
    legacy(group, ctx);
    expect(group.commands.map((c) => c.name())).toEqual(['create', 'disable', 'enable', 'info', 'list']);
    const accountGroup = new Command('account');
    account(accountGroup, ctx);
    expect(accountGroup.commands.map((c) => c.name())).toEqual(['get', 'update']);
    await ctx.close();
    expect(await parsed(accountGet.register, [])).toEqual({});
  });

  it('account update, cache refresh and clear', async () => {
    expect(await parsed(accountUpdate.register, ['edit', '--email', 'a@example.com', '--password-stdin'])).toEqual({
      email: 'a@example.com',
      passwordStdin: true,
    });
    expect(await parsed(cacheRefresh.register, ['refresh', 'links', 'campaigns'])).toEqual({
      resources: ['links', 'campaigns'],
    });
    expect(await parsed(cacheRefresh.register, ['refresh'])).toEqual({ resources: [] });
    // A resource the cache does not keep is the parser's to refuse.
    expect(await parsed(cacheRefresh.register, ['refresh', 'nope'])).toBeUndefined();
    expect(await parsed(cacheClear.register, ['clear'])).toEqual({});
  });

  it('login, logout, status and limits: commands without verbs, registered on the command itself', async () => {
    expect(await parsed(login.register, ['--with-key'])).toEqual({ withKey: true });
    expect(await parsed(logout.register, [])).toEqual({});
    expect(await parsed(status.register, ['--offline'])).toEqual({ offline: true });
    expect(await parsed(limits.register, ['--reset'])).toEqual({ reset: true });
    expect(await parsed(limits.register, ['--nope'])).toBeUndefined();
  });
});
