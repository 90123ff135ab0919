import { describe, expect, it } from 'vitest';
import { calls, json, useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });

async function addDomain(name: string): Promise<number> {
  const res = await cli.sandbox.api('POST', '/domain/add', { domain: `https://${name}.example.com` });
  return res.json.id as number;
}

describe('domains', () => {
  it('adds a domain with its redirects and prints the record in the domain vocabulary', async () => {
    const res = await cli.runLogged([
      'domains',
      'add',
      'https://go.example.com',
      '--redirect-root',
      'https://example.com',
      '--redirect-404',
      'https://example.com/404',
      '--json',
    ]);
    expect(res.exitCode).toBe(0);
    const body = json(res);
    expect(body).toEqual({
      id: expect.any(Number),
      domain: 'https://go.example.com',
      redirectroot: 'https://example.com/',
      redirect404: 'https://example.com/404',
    });
    expect(res.requests).toHaveLength(1);
    expect(res.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/domain/add',
      body: {
        domain: 'https://go.example.com',
        redirectroot: 'https://example.com/',
        redirect404: 'https://example.com/404',
      },
    });
    const list = json(await cli.run(['domains', 'list', '--json', '--limit', '100']));
    expect(list).toContainEqual({
      id: body.id,
      domain: 'https://go.example.com',
      redirectroot: 'https://example.com/',
      redirect404: 'https://example.com/404',
    });
  });

  it('prints only the id with -q (alias `domain create`)', async () => {
    const res = await cli.run(['domain', 'create', 'https://q.example.com', '-q']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toMatch(/^\d+\n$/);
    expect(res.stderr).toBe('');
  });

  it.each([
    ['go.example.com', 'https://go.example.com'],
    ['https://go.example.com/', 'https://go.example.com'],
    ['http://Go.Example.com', 'http://go.example.com'],
  ])('add %s sends the domain as %s', async (given, sent) => {
    await cli.sandbox.admin.reset({ data: true });
    const res = await cli.runLogged(['domains', 'add', given, '--json']);
    expect(res.exitCode).toBe(0);
    expect(res.requests[0].body).toEqual({ domain: sent });
    expect(json(res)).toEqual({ id: expect.any(Number), domain: sent });
  });

  it("gets one domain from the list, in the list's fields, in one request of 500", async () => {
    await cli.sandbox.admin.reset({ data: true });
    const id = await addDomain('one');
    await addDomain('two');
    const res = await cli.runLogged(['domains', 'get', String(id), '--json']);
    expect(res.exitCode).toBe(0);
    expect(json(res)).toEqual({ id, domain: 'https://one.example.com', redirectroot: '', redirect404: '' });
    expect(res.requests.map((r) => [r.path, r.query])).toEqual([['/api/domains', { limit: '500' }]]);
    const fields = await cli.run(['domain', 'show', String(id), '-o', 'csv', '--fields', 'domain,id']);
    expect(fields.stdout).toBe(`domain,id\nhttps://one.example.com,${id}\n`);
    const missing = await cli.run(['domains', 'get', '999']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^shorty: domain 999 not found\nhint: `shorty domains list` shows the ids\n$/);
  });

  it('updates the redirects and prints the id and what changed', async () => {
    const id = await addDomain('upd');
    const res = await cli.runLogged([
      'domains',
      'update',
      String(id),
      '--redirect-404',
      'https://example.com/missing',
      '--json',
    ]);
    expect(res.exitCode).toBe(0);
    expect(json(res)).toEqual({ id, redirect404: 'https://example.com/missing' });
    expect(res.requests[0]).toMatchObject({
      method: 'PUT',
      path: `/api/domain/${id}/update`,
      body: { redirect404: 'https://example.com/missing' },
    });
    const quiet = await cli.run(['domains', 'update', String(id), '--redirect-root', 'https://example.org', '-q']);
    expect(quiet.stdout).toBe(`${id}\n`);
    const fields = await cli.run([
      'domains',
      'edit',
      String(id),
      '--redirect-root',
      'https://example.org',
      '--fields',
      'id,redirectroot',
      '-o',
      'tsv',
    ]);
    expect(fields.stdout).toBe(`id\tredirectroot\n${id}\thttps://example.org/\n`);
  });

  it.each([
    [['domains', 'add', 'go.example.com/path']],
    [['domains', 'add', 'ftp://go.example.com']],
    [['domains', 'get', '0']],
    [['domains', 'get', 'go.example.com/path']],
    [['domains', 'add', 'https://go.example.com', '--redirect-root', 'nope']],
    [['domains', 'update', 'a b', '--redirect-root', 'https://e.com']],
    [['domains', 'update', '3']],
    [['domains', 'delete', '3', '0', '-y']],
    [['domains', 'list', '--limit', '0']],
    [['domains', 'list', '--page', 'x']],
  ])('refuses %j with exit 2 before sending anything', async (args) => {
    const res = await cli.runLogged(args);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: /);
    expect(res.requests).toEqual([]);
  });

  it('lists every page with --all, streaming rows and stopping at the last page', async () => {
    await cli.sandbox.admin.reset({ data: true });
    for (let i = 0; i < 40; i++) await addDomain(`d${i}`);
    const res = await cli.runLogged(['domains', 'list', '--all', '--limit', '15', '--json']);
    expect(res.exitCode).toBe(0);
    const rows = json<{ id: number }[]>(res);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.id)).size).toBe(40);
    expect(res.requests.map((r) => [r.path, r.query])).toEqual([
      ['/api/domains', { limit: '15' }],
      ['/api/domains', { limit: '15', page: '2' }],
      ['/api/domains', { limit: '15', page: '3' }],
    ]);

    const tsv = await cli.run(['domains', 'ls', '--all', '--limit', '15']);
    expect(tsv.stdout.trimEnd().split('\n')).toHaveLength(41);
    expect(tsv.stdout.split('\n')[0]).toBe('id\tdomain\tredirectroot\tredirect404');
  });

  it('shows one page by default, with the footer on stderr in table mode', async () => {
    const res = await cli.runLogged(['domains', 'list', '--limit', '15', '--page', '2', '-o', 'table']);
    expect(res.exitCode).toBe(0);
    expect(res.requests).toHaveLength(1);
    expect(res.stdout).toMatch(/[│|] id/); // box characters or ASCII, by the locale
    expect(res.stderr).toBe('page 2/3 · 40 results\n');
    const ids = await cli.run(['domains', 'list', '-q']);
    expect(ids.stdout.trimEnd().split('\n')).toHaveLength(15);
  });

  it('keeps --fields in order in csv', async () => {
    const res = await cli.run(['domains', 'list', '--limit', '2', '-o', 'csv', '--fields', 'domain,id']);
    expect(res.stdout).toMatch(/^domain,id\nhttps:\/\/\S+,\d+\nhttps:\/\/\S+,\d+\n$/);
    const bad = await cli.run(['domains', 'list', '--fields', 'id,nope']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('valid fields: id, domain, redirectroot, redirect404');
  });

  it('refuses to delete without -y when not interactive, sending nothing', async () => {
    const id = await addDomain('keep');
    const res = await cli.runLogged(['domains', 'delete', String(id)]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(
      'refusing to delete without confirmation: pass -y/--yes when not running interactively',
    );
    expect(res.requests).toEqual([]);
  });

  it('deletes several domains with -y, one request each', async () => {
    const a = await addDomain('del-a');
    const b = await addDomain('del-b');
    const res = await cli.runLogged(['domains', 'rm', String(a), String(b), '-y']);
    expect(res.exitCode).toBe(0);
    expect(calls(res.requests)).toEqual([`DELETE /api/domain/${a}/delete`, `DELETE /api/domain/${b}/delete`]);
    expect(res.stdout).toBe(
      `id\tstatus\tmessage\n${a}\tdeleted\tDomain has been deleted successfully.\n${b}\tdeleted\tDomain has been deleted successfully.\n`,
    );
    expect(res.stderr).toBe('deleted 2 of 2 domains\n');
    const left = json<{ id: number }[]>(await cli.run(['domains', 'list', '--all', '--limit', '100', '--json']));
    expect(left.map((d) => d.id)).not.toContain(a);
  });

  it('prints one JSON array of results, for one deletion or several', async () => {
    const a = await addDomain('j-a');
    const b = await addDomain('j-b');
    const many = json(await cli.run(['domains', 'delete', String(a), String(b), '-y', '--json']));
    const message = 'Domain has been deleted successfully.';
    expect(many).toEqual([
      { id: a, status: 'deleted', message },
      { id: b, status: 'deleted', message },
    ]);
    const c = await addDomain('j-c');
    expect(json(await cli.run(['domains', 'delete', String(c), '-y', '--json']))).toEqual([
      { id: c, status: 'deleted', message },
    ]);
  });

  it('exits 1 naming the id the server does not know, after deleting the others', async () => {
    const a = await addDomain('nf');
    const res = await cli.runLogged(['domains', 'delete', '999999', String(a), '-y']);
    expect(res.exitCode).toBe(1);
    expect(res.requests).toHaveLength(2);
    expect(res.stdout).toBe(
      `id\tstatus\tmessage\n999999\tfailed\tDomain does not exist.\n${a}\tdeleted\tDomain has been deleted successfully.\n`,
    );
    expect(res.stderr).toBe('shorty: deleted 1 of 2 domains; failed: 999999 (Domain does not exist.)\n');
  });

  it('exits 3 with a wrong key', async () => {
    const res = await cli.run(['domains', 'list'], { env: { SHORTY_API_KEY: 'sk_wrong_key_000' } });
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toMatch(/^shorty: authentication failed/);
  });
});
