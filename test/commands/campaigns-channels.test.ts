import { describe, expect, it } from 'vitest';
import { calls, json, useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });

async function addLink(url = 'https://example.com/page'): Promise<number> {
  return (await cli.sandbox.api('POST', '/url/add', { url })).json.id as number;
}

describe('campaigns', () => {
  it('adds a campaign and shows its name (answered under `domain`) under `name`', async () => {
    const res = await cli.runLogged(['campaigns', 'add', '--name', 'Spring', '--slug', 'spring', '--public', '--json']);
    expect(res.exitCode).toBe(0);
    expect(res.requests[0]).toMatchObject({ method: 'POST', path: '/api/campaign/add', body: { name: 'Spring', slug: 'spring', public: true } });
    const body = json(res);
    expect(body).toEqual({ id: expect.any(Number), name: 'Spring', public: true, rotator: `${cli.sandbox.baseUrl}/r/spring`, list: expect.any(String) });
  });

  it('updates, lists, assigns and deletes', async () => {
    const id = json(await cli.run(['campaign', 'create', '--name', 'Old', '--json'])).id as number;
    const upd = await cli.runLogged(['campaigns', 'update', String(id), '--name', 'New', '--private', '-q']);
    expect(upd.exitCode).toBe(0);
    expect(upd.stdout).toBe(`${id}\n`);
    expect(upd.requests[0]).toMatchObject({ method: 'PUT', path: `/api/campaign/${id}/update`, body: { name: 'New', public: false } });

    const list = json<{ id: number; name: string }[]>(await cli.run(['campaigns', 'ls', '--all', '--json']));
    expect(list.find((c) => c.id === id)).toMatchObject({ name: 'New', public: false });

    const link = await addLink();
    const assign = await cli.runLogged(['campaigns', 'assign', String(id), String(link)]);
    expect(assign.exitCode).toBe(0);
    expect(calls(assign.requests)).toEqual([`POST /api/campaign/${id}/assign/${link}`]);
    expect(assign.stderr).toMatch(/^✓ /);

    const del = await cli.runLogged(['campaigns', 'delete', String(id), '-y']);
    expect(calls(del.requests)).toEqual([`DELETE /api/campaign/${id}/delete`]);
    const again = await cli.run(['campaigns', 'delete', String(id), '-y']);
    expect(again.exitCode).toBe(1);
  });

  it.each([
    [['campaigns', 'add', '--public', '--private']],
    [['campaigns', 'update', '1']],
    [['campaigns', 'update', 'x', '--name', 'N']],
    [['campaigns', 'assign', '1', '-5']],
  ])('refuses %j with exit 2 before sending anything', async (args) => {
    const res = await cli.runLogged(args);
    expect(res.exitCode).toBe(2);
    expect(res.requests).toEqual([]);
  });
});

describe('channels', () => {
  it('adds a channel with colour and star, and prints the response', async () => {
    const res = await cli.runLogged(['channels', 'add', 'News', '--description', 'Weekly', '--color', '#1e90ff', '--starred', '--json']);
    expect(res.exitCode).toBe(0);
    expect(res.requests[0]).toMatchObject({ path: '/api/channel/add', body: { name: 'News', description: 'Weekly', color: '#1e90ff', starred: true } });
    expect(json(res)).toEqual({ id: expect.any(Number), name: 'News', description: 'Weekly', color: '#1e90ff', starred: true });
  });

  it('updates with --no-starred, lists, assigns a link and lists the channel items', async () => {
    const id = json(await cli.run(['channel', 'add', 'Team', '--starred', '--json'])).id as number;
    const upd = await cli.runLogged(['channels', 'update', String(id), '--name', 'Team 2', '--no-starred']);
    expect(upd.exitCode).toBe(0);
    expect(upd.requests[0]).toMatchObject({ method: 'PUT', path: `/api/channel/${id}/update`, body: { name: 'Team 2', starred: false } });

    const list = json<{ id: number }[]>(await cli.run(['channels', 'list', '--json']));
    expect(list.find((c) => c.id === id)).toMatchObject({ name: 'Team 2', starred: false });

    const link = await addLink('https://example.com/in-channel');
    const assign = await cli.runLogged(['channels', 'assign', String(id), 'links', String(link)]);
    expect(assign.exitCode).toBe(0);
    expect(calls(assign.requests)).toEqual([`POST /api/channel/${id}/assign/links/${link}`]);

    const items = json<{ type: string; id: number }[]>(await cli.run(['channels', 'get', String(id), '--json']));
    expect(items).toEqual([expect.objectContaining({ type: 'links', id: link })]);
    const quiet = await cli.run(['channels', 'show', String(id), '-q']);
    expect(quiet.stdout).toBe(`${link}\n`);

    const del = await cli.runLogged(['channels', 'rm', String(id), '-y']);
    expect(calls(del.requests)).toEqual([`DELETE /api/channel/${id}/delete`]);
    expect((await cli.run(['channels', 'get', String(id)])).exitCode).toBe(1);
  });

  it.each([
    [['channels', 'add', 'X', '--color', 'blue']],
    [['channels', 'add', 'X', '--color', '#12345']],
    [['channels', 'update', '1']],
    [['channels', 'assign', '1', 'pages', '2']],
    [['channels', 'assign', '1', 'links', 'two']],
    [['channels', 'get', '0']],
  ])('refuses %j with exit 2 before sending anything', async (args) => {
    const res = await cli.runLogged(args);
    expect(res.exitCode).toBe(2);
    expect(res.requests).toEqual([]);
  });
});

describe('overlays and splash pages', () => {
  it('lists overlays (also as `cta`) and splash pages', async () => {
    const overlays = json<unknown[]>(await cli.run(['overlays', 'list', '--json']));
    expect(overlays.length).toBeGreaterThan(0);
    expect(overlays[0]).toEqual({ id: expect.any(Number), type: expect.any(String), name: expect.any(String), date: expect.any(String) });
    const cta = await cli.runLogged(['cta', 'ls', '-q']);
    expect(cta.stdout.trimEnd().split('\n')).toHaveLength(overlays.length);
    expect(calls(cta.requests)).toEqual(['GET /api/overlay']);

    const splash = await cli.runLogged(['splash', 'list', '--limit', '1', '-o', 'ndjson']);
    expect(splash.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(splash.requests[0].query).toEqual({ limit: '1' });
  });
});
