// A link named by id, alias or short URL: an id costs nothing, the others one lookup
// (GET /urls?short=) whose answer serves the command; one that names no link is exit 1 after
// that lookup (and the list of branded domains, where an alias may be too). QR codes are named by
// id or name. And the rule of every QR drawing.
import { describe, expect, test } from 'vitest';
import { renderQr } from '../../src/commands/qr/terminal.js';
import { configWith } from '../helpers/cli.js';
import { startHostileServer } from '../helpers/hostile-server.js';
import { runInProcess } from '../helpers/in-process.js';
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
  ])('%s of an alias no link has: exit 1 after the lookup and the list of branded domains', async (_name, args) => {
    const res = await cli.runLogged(args);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe('shorty: no link with the alias "nosuch": Link does not exist.\n');
    expect(calls(res.requests)).toEqual(['GET /api/urls', 'GET /api/domains']);
  });

  test("an alias on a branded domain, without its short URL: the account's domains are tried after the usual places", async () => {
    await cli.sandbox.api('POST', '/domain/add', { domain: 'https://br.example' });
    await cli.sandbox.api('POST', '/domain/add', { domain: 'https://other.example' });
    const { id } = await seed('br1', { domain: 'https://br.example' });
    const res = await cli.runLogged(['urls', 'get', 'br1', '--fields', 'id,shorturl', '-o', 'csv', '--no-headers']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toBe(`${id},https://br.example/br1\n`);
    expect(calls(res.requests)).toEqual(['GET /api/urls', 'GET /api/domains', 'GET /api/urls', 'GET /api/urls']);
    const [own, ...branded] = await lookups();
    expect(own).toBe(`${cli.sandbox.baseUrl}/br1`);
    // Every branded domain is tried: the alias must be on one only.
    expect(branded.sort()).toEqual(['https://br.example/br1', 'https://other.example/br1']);
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
    // go.example.com, the account's only branded domain, was tried first: no third lookup.
    expect(calls(none.requests)).toEqual(['GET /api/urls', 'GET /api/urls', 'GET /api/domains']);
    expect(await lookups()).toEqual(['https://go.example.com/nosuch', `${cli.sandbox.baseUrl}/nosuch`]);
  });

  test('urls delete stops before deleting anything when one link is not found', async () => {
    const { id } = await seed('kept');
    const res = await cli.runLogged(['urls', 'delete', String(id), 'nosuch', '-y']);
    expect(res.exitCode).toBe(1);
    expect(calls(res.requests)).toEqual(['GET /api/urls', 'GET /api/domains']);
    expect((await cli.sandbox.api('GET', `/url/${id}`)).json.error).toBe(0);
  });

  test('urls delete by alias without -y and without a terminal: exit 2 before the lookup', async () => {
    await seed('consent');
    const res = await cli.runLogged(['urls', 'delete', 'consent']);
    expect(res.exitCode).toBe(2);
    expect(res.requests).toEqual([]);
  });
});

describe('an alias that two branded domains have', () => {
  test('is refused (exit 2) naming both short URLs, nothing written', async () => {
    const detail = (id: number, shorturl: string) => ({
      error: 0,
      id,
      details: { id, shorturl, longurl: 'https://example.com/x' },
      data: {},
    });
    const server = await startHostileServer((req) => {
      const url = new URL(req.url, 'http://stub');
      if (url.pathname === '/api/domains') {
        const domains = [1, 2].map((n) => ({
          id: n,
          domain: `https://d${n}.example`,
          redirectroot: '',
          redirect404: '',
        }));
        return {
          body: { error: 0, data: { result: 2, perpage: 500, currentpage: 1, nextpage: null, maxpage: 1, domains } },
        };
      }
      const short = url.searchParams.get('short') ?? '';
      const n = /^https:\/\/d(\d)\.example\/dup$/.exec(short)?.[1];
      return { body: n ? detail(Number(n), short) : { error: 1, message: 'Link does not exist.' } };
    });
    try {
      const res = await runInProcess(['urls', 'delete', 'dup', '-y'], {
        env: { SHORTY_BASE_URL: server.url, SHORTY_API_KEY: 'sk_stub_key_dup' },
      });
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toBe(
        'shorty: the alias "dup" names 2 links, on different domains: https://d1.example/dup, https://d2.example/dup\n' +
          'hint: name the link by its short URL or its id\n',
      );
      expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    } finally {
      await server.close();
    }
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
          // The code `qr get` draws: the service's tracking link of the QR code just made.
          async () => {
            const { qrs } = (await cli.sandbox.api('GET', '/qr')).json.data;
            return qrs[0].link as string;
          },
        ],
      ] as const;
      for (const [res, drawn] of runs) {
        expect(res.exitCode, res.stderr).toBe(0);
        expect(res.stdout).not.toContain('▄');
        if (format === 'json') expect(() => JSON.parse(res.stdout)).not.toThrow();
        expect(res.stderr).toBe(await renderQr(typeof drawn === 'string' ? drawn : await drawn()));
      }
    },
  );
});
