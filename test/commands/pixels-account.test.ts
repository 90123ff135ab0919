import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';
import { calls, json, useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });

describe('pixels', () => {
  it('lists the 13 types offline, with no base URL or key', async () => {
    const res = await runInProcess(['pixels', 'types']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout.trimEnd().split('\n')).toEqual([
      'type',
      'gtmpixel',
      'gapixel',
      'fbpixel',
      'adwordspixel',
      'linkedinpixel',
      'twitterpixel',
      'adrollpixel',
      'quorapixel',
      'pinterest',
      'bing',
      'snapchat',
      'reddit',
      'tiktok',
    ]);
    expect(json(await runInProcess(['pixel', 'types', '--json']))).toHaveLength(13);
  });

  it('adds, updates, lists and deletes a pixel', async () => {
    const add = await cli.runLogged(['pixels', 'add', '--type', 'tiktok', '--name', 'Ads', '--tag', 'C4AB', '-q']);
    expect(add.exitCode).toBe(0);
    const id = Number(add.stdout.trim());
    expect(add.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/pixel/add',
      body: { type: 'tiktok', name: 'Ads', tag: 'C4AB' },
    });

    // The answer is only a message: the pixel is read first, so the whole record is printed, as `get` prints it.
    const upd = await cli.runLogged(['pixels', 'update', String(id), '--tag', 'C4CD', '--json']);
    expect(calls(upd.requests)).toEqual(['GET /api/pixels', `PUT /api/pixel/${id}/update`]);
    expect(upd.requests[1].body).toEqual({ tag: 'C4CD' });
    expect(json(upd)).toEqual({ id, type: 'tiktok', name: 'Ads', tag: 'C4CD', date: expect.any(String) });
    expect(json(upd)).toEqual(json(await cli.run(['pixels', 'get', String(id), '--json'])));

    // -q prints the id alone: with --tag nothing needs reading.
    const quiet = await cli.runLogged(['pixels', 'update', String(id), '--tag', 'C4CD', '-q']);
    expect(quiet).toMatchObject({ exitCode: 0, stdout: `${id}\n` });
    expect(calls(quiet.requests)).toEqual([`PUT /api/pixel/${id}/update`]);

    // The service needs the tag on every update: --name alone reads the current one first.
    const renamed = await cli.runLogged(['pixels', 'update', String(id), '--name', 'Ads 2', '--json']);
    expect(calls(renamed.requests)).toEqual(['GET /api/pixels', `PUT /api/pixel/${id}/update`]);
    expect(renamed.requests[0].query).toEqual({ limit: '500' });
    expect(renamed.requests[1].body).toEqual({ tag: 'C4CD', name: 'Ads 2' });
    expect(json(renamed)).toEqual({ id, type: 'tiktok', name: 'Ads 2', tag: 'C4CD', date: expect.any(String) });

    const got = await cli.runLogged(['pixels', 'get', String(id), '--json']);
    expect(json(got)).toEqual(json(renamed));
    expect(calls(got.requests)).toEqual(['GET /api/pixels']);

    const list = json<{ id: number }[]>(await cli.run(['pixels', 'list', '--json']));
    expect(list.find((p) => p.id === id)).toMatchObject({ type: 'tiktok', name: 'Ads 2', tag: 'C4CD' });

    const del = await cli.runLogged(['pixels', 'delete', String(id), '--yes']);
    expect(calls(del.requests)).toEqual([`DELETE /api/pixel/${id}/delete`]);
  });

  it('takes the name as the argument or with --name, printing the record', async () => {
    const res = await cli.runLogged(['pixels', 'add', 'Main site', '--type', 'gtmpixel', '--tag', 'GTM-1', '--json']);
    expect(res.exitCode).toBe(0);
    expect(res.requests[0].body).toEqual({ type: 'gtmpixel', name: 'Main site', tag: 'GTM-1' });
    expect(json(res)).toEqual({ id: expect.any(Number), type: 'gtmpixel', name: 'Main site', tag: 'GTM-1' });
    const same = await cli.run(['pixels', 'add', 'X', '--name', 'X', '--type', 'bing', '--tag', 'B', '-q']);
    expect(same.exitCode).toBe(0);
  });

  it.each([
    [['pixels', 'add', 'A', '--name', 'B', '--type', 'bing', '--tag', 'T']],
    [['pixels', 'add', '--type', 'bing', '--tag', 'T']],
    [['pixels', 'update', '3', '--tag', '']],
    [['pixels', 'get', ' ']],
    [['pixels', 'add', '--type', 'myspace', '--name', 'N', '--tag', 'T']],
    [['pixels', 'add', '--type', 'gapixel', '--name', 'N']],
    [['pixels', 'update', '3']],
    [['pixels', 'update', '00', '--tag', 'T']],
  ])('refuses %j with exit 2 before sending anything', async (args) => {
    const res = await cli.runLogged(args);
    expect(res.exitCode).toBe(2);
    expect(res.requests).toEqual([]);
  });
});

describe('account', () => {
  it('prints the data object for `account get` and bare `account`', async () => {
    const res = await cli.runLogged(['account', 'get', '--json']);
    expect(res.exitCode).toBe(0);
    const data = json(res);
    expect(data).toMatchObject({ id: expect.any(Number), email: expect.any(String), username: expect.any(String) });
    expect(data).not.toHaveProperty('data');
    expect(calls(res.requests)).toEqual(['GET /api/account']);
    expect(json(await cli.run(['account', '--json']))).toEqual(data);
    expect((await cli.run(['account', '-q'])).stdout).toBe(`${data.id}\n`);
    const fields = await cli.run(['account', '--fields', 'email', '-o', 'tsv']);
    expect(fields.stdout).toBe(`email\n${data.email}\n`);
  });

  it('updates the email and the password from stdin', async () => {
    const res = await cli.runLogged(['account', 'update', '--email', 'new@example.com']);
    expect(res.exitCode).toBe(0);
    expect(res.requests[0]).toMatchObject({
      method: 'PUT',
      path: '/api/account/update',
      body: { email: 'new@example.com' },
    });
    expect(res.stderr).toBe('✓ Account has been successfully updated.\n');
    expect(json(await cli.run(['account', '--json'])).email).toBe('new@example.com');

    const pw = await cli.runLogged(['account', 'update', '--password-stdin'], { input: 's3cret-pass\n' });
    expect(pw.exitCode).toBe(0);
    expect(pw.requests[0].body).toEqual({ password: 's3cret-pass' });
  });

  it.each([
    [['account', 'update'], undefined],
    [['account', 'update', '--email', 'nope'], undefined],
    [['account', 'update', '--password-stdin'], ''],
  ])('refuses %j with exit 2 before sending anything', async (args, input) => {
    const res = await cli.runLogged(args, { input });
    expect(res.exitCode).toBe(2);
    expect(res.requests).toEqual([]);
  });

  it('exits 3 with a wrong key, and with no key at all', async () => {
    expect((await cli.run(['account'], { env: { SHORTY_API_KEY: 'sk_not_the_key' } })).exitCode).toBe(3);
    const none = await runInProcess(['account'], { env: { SHORTY_BASE_URL: cli.sandbox.baseUrl } });
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toContain('hint: run `shorty login`');
  });
});
