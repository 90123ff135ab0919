// A server that ignores `?short=` answers a lookup with the first page of the list. The link is
// then looked for in the whole list, in large pages, and the search stops at the page that has it.
import { beforeEach, describe, expect, test } from 'vitest';
import { configWith } from '../helpers/cli.js';
import { link, useHostileServer, type HostileRequest } from '../helpers/hostile-server.js';
import { runInProcess } from '../helpers/in-process.js';

const KEY = 'sk_test_unfiltered_lookup_01';
const LINKS = Array.from({ length: 1200 }, (_, i) => link(i + 1, `title ${i + 1}`));
const server = useHostileServer();

/** GET /urls as a server without the `short` filter answers it: pages of `limit` (default 15). */
function listPage(req: HostileRequest) {
  const query = new URL(req.url, 'http://x').searchParams;
  const limit = Number(query.get('limit') ?? 15);
  const page = Number(query.get('page') ?? 1);
  const maxpage = Math.ceil(LINKS.length / limit);
  const urls = LINKS.slice((page - 1) * limit, page * limit);
  return {
    body: {
      error: 0,
      data: {
        result: LINKS.length,
        perpage: limit,
        currentpage: page,
        nextpage: page < maxpage ? page + 1 : null,
        maxpage,
        urls,
      },
    },
  };
}

beforeEach(() => {
  server().answer((req) => {
    const detail = /^\/api\/url\/(\d+)$/.exec(req.url);
    if (detail) return { body: { error: 0, id: Number(detail[1]), details: LINKS[Number(detail[1]) - 1] } };
    return listPage(req);
  });
});

const env = () => ({ SHORTY_BASE_URL: server().url, SHORTY_API_KEY: KEY, SHORTY_RATE_LIMIT: '1000/60s' });
const paths = () => server().requests.map((r) => r.url.replace(/short=[^&]+/, 'short=…'));

describe('a server that ignores ?short=', () => {
  test('an alias on the third large page is found there; the pages after it are not read', async () => {
    const res = await runInProcess(['urls', 'get', 'a1100', '--fields', 'id,alias,title', '-o', 'csv', '--debug'], {
      env: env(),
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toBe('id,alias,title\n1100,a1100,title 1100\n');
    expect(paths()).toEqual([
      '/api/urls?short=…',
      '/api/urls?limit=500&page=1',
      '/api/urls?limit=500&page=2',
      '/api/urls?limit=500&page=3',
      '/api/url/1100',
    ]);
    expect(res.stderr).toMatch(
      /^\* the server answered GET \/urls\?short= with a page of the list, not the link: reading the list in pages of 500/m,
    );
  });

  test('an alias on the first page costs the lookup alone, and says nothing of pages', async () => {
    const res = await runInProcess(['urls', 'get', 'a3', '-q', '--debug'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(paths()).toEqual(['/api/urls?short=…', '/api/url/3']);
    expect(res.stderr).not.toMatch(/reading the list/);
  });

  test('an alias no link has: the list is read once, even with a default domain to try first', async () => {
    const configDir = configWith({ default: { domain: 'https://go.example.com' } }, 'default');
    const res = await runInProcess(['urls', 'delete', 'nosuch', '-y'], { env: env(), configDir });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^shorty: no link with the alias "nosuch"/m);
    expect(paths()).toEqual([
      '/api/urls?short=…',
      '/api/urls?limit=500&page=1',
      '/api/urls?limit=500&page=2',
      '/api/urls?limit=500&page=3',
    ]);
  });
});
