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
    expect(res.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/campaign/add',
      body: { name: 'Spring', slug: 'spring', public: true },
    });
    const body = json(res);
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Spring',
      public: true,
      rotator: `${cli.sandbox.baseUrl}/r/spring`,
      list: expect.any(String),
    });
  });

  it('updates, lists, assigns and deletes', async () => {
    const id = json(await cli.run(['campaign', 'create', '--name', 'Old', '--json'])).id as number;
    const upd = await cli.runLogged(['campaigns', 'update', String(id), '--name', 'New', '--private', '-q']);
    expect(upd.exitCode).toBe(0);
    expect(upd.stdout).toBe(`${id}\n`);
    expect(upd.requests[0]).toMatchObject({
      method: 'PUT',
      path: `/api/campaign/${id}/update`,
      body: { name: 'New', public: false },
    });

    const list = json<{ id: number; name: string }[]>(await cli.run(['campaigns', 'ls', '--all', '--json']));
    expect(list.find((c) => c.id === id)).toMatchObject({ name: 'New', public: false });

    const link = await addLink();
    const assign = await cli.runLogged(['campaigns', 'assign', String(id), String(link)]);
    expect(assign.exitCode).toBe(0);
    expect(calls(assign.requests)).toEqual([`POST /api/campaign/${id}/assign/${link}`]);
    expect(assign.stdout).toBe(
      `${link}\tadded\tLink has been successfully added to the campaign.\n`.replace(/^/, 'id\tstatus\tmessage\n'),
    );

    const del = await cli.runLogged(['campaigns', 'delete', String(id), '-y']);
    expect(calls(del.requests)).toEqual([`DELETE /api/campaign/${id}/delete`]);
    const again = await cli.run(['campaigns', 'delete', String(id), '-y']);
    expect(again.exitCode).toBe(1);
  });

  it('takes the name as the argument (the old --name works too) and gets one campaign from the list', async () => {
    const res = await cli.runLogged(['campaigns', 'add', 'Summer', '--json']);
    expect(res.exitCode).toBe(0);
    expect(res.requests[0].body).toEqual({ name: 'Summer' });
    const created = json(res);
    expect(created).toMatchObject({ id: expect.any(Number), name: 'Summer', public: false });
    expect(Object.keys(created)).toEqual(['id', 'name', 'public', 'rotator', 'list']);
    const got = await cli.runLogged(['campaigns', 'get', String(created.id), '--json']);
    expect(json(got)).toEqual(created);
    expect(got.requests.map((r) => [r.path, r.query])).toEqual([['/api/campaigns', { limit: '500' }]]);
    expect((await cli.run(['campaigns', 'add', 'Same', '--name', 'Same', '-q'])).exitCode).toBe(0);
  });

  it('update with one flag: the name the endpoint needs is read first', async () => {
    const id = json(await cli.run(['campaigns', 'add', 'Keep me', '--public', '--json'])).id as number;
    const res = await cli.runLogged(['campaigns', 'update', String(id), '--private', '--json']);
    expect(res.exitCode).toBe(0);
    expect(calls(res.requests)).toEqual(['GET /api/campaigns', `PUT /api/campaign/${id}/update`]);
    expect(res.requests[1].body).toEqual({ name: 'Keep me', public: false });
    expect(json(res)).toMatchObject({ id, name: 'Keep me', public: false });
    const named = await cli.runLogged(['campaigns', 'update', String(id), '--name', 'Renamed', '-q']);
    expect(calls(named.requests)).toEqual([`PUT /api/campaign/${id}/update`]);
    const missing = await cli.runLogged(['campaigns', 'update', '9999', '--slug', 'x']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^shorty: campaign 9999 not found/);
    expect(calls(missing.requests)).toEqual(['GET /api/campaigns']);
  });

  it.each([
    [['campaigns', 'add', 'Summer', '--name', 'Winter']],
    [['campaigns', 'update', '1', '--public', '--private']],
    [['campaigns', 'get', ' ']],
    [['campaigns', 'add', '--public', '--private']],
    [['campaigns', 'update', '1']],
    [['campaigns', 'update', '00', '--name', 'N']],
    [['campaigns', 'assign', '1', '-5']],
  ])('refuses %j with exit 2 before sending anything', async (args) => {
    const res = await cli.runLogged(args);
    expect(res.exitCode).toBe(2);
    expect(res.requests).toEqual([]);
  });
});

describe('channels', () => {
  it('adds a channel with colour and star, and prints the response', async () => {
    const res = await cli.runLogged([
      'channels',
      'add',
      'News',
      '--description',
      'Weekly',
      '--color',
      '#1e90ff',
      '--starred',
      '--json',
    ]);
    expect(res.exitCode).toBe(0);
    expect(res.requests[0]).toMatchObject({
      path: '/api/channel/add',
      body: { name: 'News', description: 'Weekly', color: '#1e90ff', starred: true },
    });
    expect(json(res)).toEqual({
      id: expect.any(Number),
      name: 'News',
      description: 'Weekly',
      color: '#1e90ff',
      starred: true,
    });
  });

  it('updates with --no-starred, lists, assigns a link and lists the channel items', async () => {
    const id = json(await cli.run(['channel', 'add', 'Team', '--starred', '--json'])).id as number;
    const upd = await cli.runLogged(['channels', 'update', String(id), '--name', 'Team 2', '--no-starred']);
    expect(upd.exitCode).toBe(0);
    expect(upd.requests[0]).toMatchObject({
      method: 'PUT',
      path: `/api/channel/${id}/update`,
      body: { name: 'Team 2', starred: false },
    });

    const list = json<{ id: number }[]>(await cli.run(['channels', 'list', '--json']));
    expect(list.find((c) => c.id === id)).toMatchObject({ name: 'Team 2', starred: false });

    const link = await addLink('https://example.com/in-channel');
    const assign = await cli.runLogged(['channels', 'assign', String(id), 'links', String(link)]);
    expect(assign.exitCode).toBe(0);
    expect(calls(assign.requests)).toEqual([`POST /api/channel/${id}/assign/links/${link}`]);

    const items = json<{ type: string; id: number }[]>(await cli.run(['channels', 'items', String(id), '--json']));
    expect(items).toEqual([expect.objectContaining({ type: 'links', id: link })]);
    const quiet = await cli.run(['channels', 'items', String(id), '-q']);
    expect(quiet.stdout).toBe(`${link}\n`);
    const channel = await cli.runLogged(['channels', 'show', String(id), '--json']);
    expect(json(channel)).toEqual({ id, name: 'Team 2', description: '', color: expect.any(String), starred: false });
    expect(calls(channel.requests)).toEqual(['GET /api/channels']);

    const del = await cli.runLogged(['channels', 'rm', String(id), '-y']);
    expect(calls(del.requests)).toEqual([`DELETE /api/channel/${id}/delete`]);
    expect((await cli.run(['channels', 'get', String(id)])).exitCode).toBe(1);
    expect((await cli.run(['channels', 'items', String(id)])).exitCode).toBe(1);
  });

  it.each([
    [['channels', 'add', 'X', '--color', 'blue']],
    [['channels', 'add', 'X', '--color', '#12345']],
    [['channels', 'update', '1']],
    [['channels', 'assign', '1', 'pages', '2']],
    [['channels', 'assign', '1', 'links', 'a b']],
    [['channels', 'get', '0']],
    [['channels', 'items', ' ']],
    [['channels', 'add']],
    [['channels', 'add', 'A', '--name', 'B']],
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
    expect(overlays[0]).toEqual({
      id: expect.any(Number),
      type: expect.any(String),
      name: expect.any(String),
      date: expect.any(String),
    });
    const cta = await cli.runLogged(['cta', 'ls', '-q']);
    expect(cta.stdout.trimEnd().split('\n')).toHaveLength(overlays.length);
    expect(calls(cta.requests)).toEqual(['GET /api/overlay']);

    const splash = await cli.runLogged(['splash', 'list', '--limit', '1', '-o', 'ndjson']);
    expect(splash.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(splash.requests[0].query).toEqual({ limit: '1' });
  });
});
