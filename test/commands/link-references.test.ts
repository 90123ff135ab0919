// A link named by id, alias or short URL: an id costs nothing, the others one lookup
// (GET /urls?short=) whose answer serves the command; one that names no link is exit 1 after
// exactly that lookup. QR codes are named by id only. And the rule of every QR drawing.
import { describe, expect, test } from 'vitest';
import { renderQr } from '../../src/commands/qr/terminal.js';
import { configWith } from '../helpers/cli.js';
import { calls, json, useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ resetData: true, inProcess: true });

async function seed(custom: string, extra: Record<string, unknown> = {}): Promise<{ id: number; shorturl: string }> {
  const res = await cli.sandbox.api('POST', '/url/add', { url: `https://example.com/${custom}`, custom, ...extra });
  expect(res.json.error).toBe(0);
  return { id: res.json.id, shorturl: res.json.shorturl };
}

async function lookups(): Promise<string[]> {
  return (await cli.sandbox.admin.requests()).filter((r) => r.path === '/api/urls').map((r) => String(r.query.short));
}

describe('links by alias or short URL', () => {
  test('urls get by alias: the lookup answers, no second request', async () => {
    const { id, shorturl } = await seed('spring');
    const res = await cli.runLogged(['urls', 'get', 'spring', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(calls(res.requests)).toEqual(['GET /api/urls']);
    expect(await lookups()).toEqual([shorturl]);
    expect(json(res)).toMatchObject({ id, alias: 'spring', shorturl, longurl: 'https://example.com/spring' });
  });

  test('a link on a branded domain by its short URL', async () => {
    await cli.sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
    const { id } = await seed('branded', { domain: 'https://go.example.com' });
    const res = await cli.runLogged([
      'urls',
      'get',
      'https://go.example.com/branded',
      '--fields',
      'id,domain',
      '-o',
      'csv',
    ]);
    expect(res.stdout).toBe(`id,domain\n${id},https://go.example.com\n`);
    expect(calls(res.requests)).toEqual(['GET /api/urls']);
  });

  test('urls update by alias: the lookup also gives the current long URL', async () => {
    const { id } = await seed('upd');
    const res = await cli.runLogged([
      'urls',
      'update',
      'upd',
      '--meta-title',
      'New',
      '--fields',
      'alias,longurl,title',
      '-o',
      'json',
    ]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(calls(res.requests)).toEqual(['GET /api/urls', `PUT /api/url/${id}/update`]);
    expect(res.requests[1].body).toEqual({ url: 'https://example.com/upd', metatitle: 'New' });
    expect(json(res)).toEqual({ alias: 'upd', longurl: 'https://example.com/upd', title: 'New' });
  });

  test('urls delete by alias, short URL and id: every one found first, then deleted', async () => {
    const a = await seed('del-a');
    const b = await seed('del-b');
    const c = await seed('del-c');
    const res = await cli.runLogged(['urls', 'delete', 'del-a', b.shorturl, String(c.id), '-y']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(calls(res.requests)).toEqual([
      'GET /api/urls',
      'GET /api/urls',
      `DELETE /api/url/${a.id}/delete`,
      `DELETE /api/url/${b.id}/delete`,
      `DELETE /api/url/${c.id}/delete`,
    ]);
  });

  test('urls lookup takes an alias too, and prints what get prints', async () => {
    const { id } = await seed('looked');
    const viaGet = await cli.run(['urls', 'get', String(id), '--json']);
    const res = await cli.run(['urls', 'lookup', 'looked', '--json']);
    expect(res.stdout).toBe(viaGet.stdout);
  });

  test.each([
    ['urls get', ['urls', 'get', 'nosuch']],
    ['urls update', ['urls', 'update', 'nosuch', '--meta-title', 'T']],
    ['urls delete', ['urls', 'delete', 'nosuch', '-y']],
    ['urls lookup', ['urls', 'lookup', 'nosuch']],
  ])('%s of an alias no link has: exit 1 after exactly the one lookup', async (_name, args) => {
    const res = await cli.runLogged(args);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(
      'shorty: no link with the alias "nosuch": Link does not exist.\nhint: a link on another branded domain is named by its short URL\n',
    );
    expect(calls(res.requests)).toEqual(['GET /api/urls']);
  });

  test("with a default domain in the profile, an alias is looked for there first, then on the service's own", async () => {
    await cli.sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
    const branded = await seed('onbrand', { domain: 'https://go.example.com' });
    const own = await seed('onown');
    const configDir = configWith({ default: { domain: 'go.example.com' } });
    const first = await cli.runLogged(['urls', 'get', 'onbrand', '--fields', 'id', '-o', 'csv', '--no-headers'], {
      configDir,
    });
    expect(first.stdout, first.stderr).toBe(`${branded.id}\n`);
    expect(calls(first.requests)).toEqual(['GET /api/urls']);
    const second = await cli.runLogged(['urls', 'get', 'onown', '--fields', 'id', '-o', 'csv', '--no-headers'], {
      configDir,
    });
    expect(second.stdout, second.stderr).toBe(`${own.id}\n`);
    expect(calls(second.requests)).toEqual(['GET /api/urls', 'GET /api/urls']);
    expect(await lookups()).toEqual(['https://go.example.com/onown', `${cli.sandbox.baseUrl}/onown`]);
    const none = await cli.runLogged(['urls', 'delete', 'nosuch', '-y'], { configDir });
    expect(none.exitCode).toBe(1);
    expect(calls(none.requests)).toEqual(['GET /api/urls', 'GET /api/urls']);
    expect(await lookups()).toEqual(['https://go.example.com/nosuch', `${cli.sandbox.baseUrl}/nosuch`]);
  });

  test('urls delete stops before deleting anything when one link is not found', async () => {
    const { id } = await seed('kept');
    const res = await cli.runLogged(['urls', 'delete', String(id), 'nosuch', '-y']);
    expect(res.exitCode).toBe(1);
    expect(calls(res.requests)).toEqual(['GET /api/urls']);
    expect((await cli.sandbox.api('GET', `/url/${id}`)).json.error).toBe(0);
  });

  test('urls delete by alias without -y and without a terminal: exit 2 before the lookup', async () => {
    await seed('consent');
    const res = await cli.runLogged(['urls', 'delete', 'consent']);
    expect(res.exitCode).toBe(2);
    expect(res.requests).toEqual([]);
  });
});

describe('QR codes are named by id or name, not by a link alias', () => {
  test.each([['get'], ['update'], ['delete']])(
    'qr %s spring: a name no QR code has is exit 1, nothing written',
    async (verb) => {
      const extra = verb === 'update' ? ['--data', 'x'] : verb === 'delete' ? ['-y'] : [];
      const res = await cli.runLogged(['qr', verb, 'spring', ...extra]);
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toBe('shorty: no QR code with the name "spring"\nhint: `shorty qr list` shows the names\n');
      expect(res.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/qr']);
    },
  );
});

describe('a QR drawing never mixes with data on stdout', () => {
  test.each([['json'], ['ndjson'], ['csv'], ['tsv']])(
    'urls add --qr, urls get --qr and qr add --show with -o %s',
    async (format) => {
      const { shorturl } = await seed('drawn');
      const runs = [
        [
          await cli.run(['urls', 'add', 'https://example.com/d2', '--custom', `d2${format}`, '--qr', '-o', format]),
          `${cli.sandbox.baseUrl}/d2${format}`,
        ],
        [await cli.run(['urls', 'get', 'drawn', '--qr', '-o', format]), shorturl],
        [
          await cli.run(['qr', 'add', '--type', 'link', '--data', 'https://example.com/q', '--show', '-o', format]),
          'https://example.com/q',
        ],
      ] as const;
      for (const [res, drawn] of runs) {
        expect(res.exitCode, res.stderr).toBe(0);
        expect(res.stdout).not.toContain('▄');
        if (format === 'json') expect(() => JSON.parse(res.stdout)).not.toThrow();
        expect(res.stderr).toBe(await renderQr(drawn));
      }
    },
  );
});
