// Campaigns, channels, pixels and QR codes named by name, domains by host name, against both
// sandbox flavours: one list read for all the names of a command, an exact match, a shared name
// refused (exit 2) before any write, an unknown one exit 1, digits always an id.
import { describe, expect, it } from 'vitest';
import { calls, json, useSandboxCli } from '../helpers/sandbox-cli.js';

describe.each(['v6', 'v7'] as const)('names for every resource (%s)', (flavor) => {
  const cli = useSandboxCli({ inProcess: true, flavor, resetData: true });
  const create = async (path: string, body: Record<string, unknown>): Promise<number> => {
    const res = await cli.sandbox.api('POST', path, body);
    expect(res.json.error).toBe(0);
    return Number(res.json.id);
  };

  it('campaigns assign "Spring sale" with links by id and alias: one list read, then the writes', async () => {
    const campaign = await create('/campaign/add', { name: 'Spring sale' });
    await create('/campaign/add', { name: 'Other' });
    const a = await create('/url/add', { url: 'https://example.com/a' });
    const b = await create('/url/add', { url: 'https://example.com/b', custom: 'spring-b' });
    const res = await cli.runLogged(['campaigns', 'assign', 'Spring sale', String(a), 'spring-b', '-o', 'table']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toBe(`✓ added ${a}\n✓ added ${b}\n`);
    expect(calls(res.requests)).toEqual([
      'GET /api/campaigns',
      'GET /api/urls',
      `POST /api/campaign/${campaign}/assign/${a}`,
      `POST /api/campaign/${campaign}/assign/${b}`,
    ]);
  });

  it('a name two pixels share: exit 2 listing their ids, nothing written; digits stay an id', async () => {
    const first = await create('/pixel/add', { type: 'bing', name: 'Twin', tag: 'B1' });
    const second = await create('/pixel/add', { type: 'bing', name: 'Twin', tag: 'B2' });
    const res = await cli.runLogged(['pixels', 'delete', 'Twin', '-y']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toBe(
      `shorty: pixel name "Twin" matches 2 pixels: ${first}, ${second}\n` +
        'hint: name the pixel by its id (`shorty pixels list` shows them)\n',
    );
    expect(calls(res.requests)).toEqual(['GET /api/pixels']);
    const byId = await cli.runLogged(['pixels', 'delete', String(first), '-y', '-q']);
    expect(calls(byId.requests)).toEqual([`DELETE /api/pixel/${first}/delete`]);
  });

  it('a name none has is exit 1; one that differs in case only is suggested', async () => {
    const id = await create('/campaign/add', { name: 'Summer' });
    const res = await cli.run(['campaigns', 'get', 'summer']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toBe(
      `shorty: no campaign with the name "summer"\nhint: names match exactly, case included; did you mean "Summer" (${id})?\n`,
    );
    const got = json(await cli.run(['campaigns', 'get', 'Summer', '--json']));
    expect(got).toMatchObject({ id, name: 'Summer' });
  });

  it('channels: update, items and assign by name; QR codes by name among the items', async () => {
    const channel = await create('/channel/add', { name: 'Newsletter' });
    const qr = await create('/qr/add', { type: 'text', data: 'Menu text', name: 'Menu' });
    const assign = await cli.runLogged(['channels', 'assign', 'Newsletter', 'qr', 'Menu', '-q']);
    expect(assign.exitCode, assign.stderr).toBe(0);
    expect(calls(assign.requests)).toEqual([
      'GET /api/channels',
      'GET /api/qr',
      `POST /api/channel/${channel}/assign/qr/${qr}`,
    ]);
    const items = await cli.runLogged(['channels', 'items', 'Newsletter', '-q']);
    expect(items.stdout).toBe(`${qr}\n`);
    const update = await cli.runLogged(['channels', 'update', 'Newsletter', '--starred', '-q']);
    expect(calls(update.requests)).toEqual(['GET /api/channels', `PUT /api/channel/${channel}/update`]);
  });

  it('pixels: update and delete by name, several names in one list read', async () => {
    const main = await create('/pixel/add', { type: 'fbpixel', name: 'FB main', tag: '111' });
    const ads = await create('/pixel/add', { type: 'tiktok', name: 'Ads', tag: 'T1' });
    const update = await cli.runLogged(['pixels', 'update', 'FB main', '--tag', '222', '--json']);
    expect(json(update)).toMatchObject({ id: main, name: 'FB main', tag: '222', type: 'fbpixel' });
    expect(calls(update.requests)).toEqual(['GET /api/pixels', `PUT /api/pixel/${main}/update`]);
    const del = await cli.runLogged(['pixels', 'delete', 'FB main', 'Ads', '-y', '-q']);
    expect(del.stdout).toBe(`${main}\n${ads}\n`);
    expect(calls(del.requests)).toEqual([
      'GET /api/pixels',
      `DELETE /api/pixel/${main}/delete`,
      `DELETE /api/pixel/${ads}/delete`,
    ]);
  });

  it('qr get, update and delete by name', async () => {
    const qr = await create('/qr/add', { type: 'link', data: 'https://example.com/menu', name: 'Menu' });
    const get = await cli.runLogged(['qr', 'get', 'Menu', '-q']);
    expect(get.stdout).toBe(`${qr}\n`);
    expect(calls(get.requests)).toEqual(['GET /api/qr', `GET /api/qr/${qr}`]);
    const update = await cli.runLogged(['qr', 'update', 'Menu', '--data', 'https://example.com/menu2']);
    expect(calls(update.requests)).toEqual(['GET /api/qr', `PUT /api/qr/${qr}/update`]);
    const del = await cli.runLogged(['qr', 'rm', 'Menu', '-y', '-q']);
    expect(calls(del.requests)).toEqual(['GET /api/qr', `DELETE /api/qr/${qr}/delete`]);
  });

  it('domains by host name, in any form of it', async () => {
    const id = await create('/domain/add', { domain: 'https://br.example' });
    const update = await cli.runLogged([
      'domains',
      'update',
      'BR.example',
      '--redirect-404',
      'https://example.com/404',
      '-q',
    ]);
    expect(update.exitCode, update.stderr).toBe(0);
    expect(calls(update.requests)).toEqual(['GET /api/domains', `PUT /api/domain/${id}/update`]);
    expect(json(await cli.run(['domains', 'get', 'https://br.example/', '--json']))).toMatchObject({ id });
    const del = await cli.runLogged(['domains', 'delete', 'br.example', '-y', '-q']);
    expect(calls(del.requests)).toEqual(['GET /api/domains', `DELETE /api/domain/${id}/delete`]);
  });

  it('urls add and update take --pixel and --channel by name: one list read each, after every other check', async () => {
    const pixel = await create('/pixel/add', { type: 'fbpixel', name: 'FB main', tag: '111' });
    const channel = await create('/channel/add', { name: 'Newsletter' });
    const add = await cli.runLogged([
      'urls',
      'add',
      'https://example.com/named',
      '--pixel',
      'FB main',
      '--pixel',
      String(pixel),
      '--channel',
      'Newsletter',
      '-q',
    ]);
    expect(add.exitCode, add.stderr).toBe(0);
    expect(calls(add.requests)).toEqual(['GET /api/pixels', 'GET /api/channels', 'POST /api/url/add']);
    expect(add.requests[2].body).toEqual({ url: 'https://example.com/named', pixels: [pixel, pixel], channel });
    const update = await cli.runLogged(['urls', 'update', add.stdout.trim(), '--channel', 'Newsletter', '-q']);
    expect(update.exitCode, update.stderr).toBe(0);
    expect(update.requests.at(-1)?.body).toMatchObject({ channel });
    const bad = await cli.runLogged(['urls', 'add', 'example.com/no-scheme', '--pixel', 'FB main']);
    expect(bad.exitCode).toBe(2);
    expect(bad.requests).toEqual([]);
    const unknown = await cli.runLogged(['urls', 'add', 'https://example.com/u', '--channel', 'Nope']);
    expect(unknown.exitCode).toBe(1);
    expect(calls(unknown.requests)).toEqual(['GET /api/channels']);
  });

  it('urls get br1: a link alias on a branded domain, without its short URL', async () => {
    await create('/domain/add', { domain: 'https://br.example' });
    const id = await create('/url/add', { url: 'https://example.com/br', custom: 'br1', domain: 'https://br.example' });
    const res = await cli.runLogged(['urls', 'get', 'br1', '-q']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toBe('https://br.example/br1\n');
    expect(calls(res.requests)).toEqual(['GET /api/urls', 'GET /api/domains', 'GET /api/urls']);
    const del = await cli.runLogged(['urls', 'delete', 'br1', '-y', '-q']);
    expect(del.stdout).toBe(`${id}\n`);
  });

  it('checks come before any request: a bad domain, an empty name, 0 as an id', async () => {
    for (const args of [
      ['domains', 'update', 'br.example/path', '--redirect-root', 'https://example.com'],
      ['pixels', 'update', ' ', '--tag', 'x'],
      ['campaigns', 'assign', '0', '1'],
      ['qr', 'update', 'Menu'],
    ]) {
      const res = await cli.runLogged(args);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.requests).toEqual([]);
    }
  });
});
