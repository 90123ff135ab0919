// What deployed servers do that the sandbox does not: string page numbers, the `overlay`
// collection key, campaign names under `domain`, errors with HTTP 200 and `error: "1"`, HTML
// pages for unknown routes. A tiny real HTTP server plays such a server for main().
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';
import { json } from '../helpers/sandbox-cli.js';

const KEY = 'sk_quirky_server_key_0001';
const seen: string[] = [];
let server: Server;
let env: Record<string, string>;

const overlayPage = (page: number) => ({
  error: '0',
  data:
    page === 1
      ? {
          result: '3',
          perpage: '2',
          currentpage: '1',
          nextpage: '2',
          maxpage: '2',
          overlay: [
            { id: 3, type: 'message', name: 'c', date: 'd' },
            { id: 2, type: 'contact', name: 'b', date: 'd' },
          ],
        }
      : {
          result: '3',
          perpage: '2',
          currentpage: '2',
          maxpage: '2',
          overlay: [{ id: 1, type: 'message', name: 'a', date: 'd' }],
        },
});

function answer(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push(`${req.method} ${url.pathname}${url.search}`);
  const send = (status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  if (req.headers.authorization !== `Bearer ${KEY}`) {
    send(403, { error: 1, message: 'A valid API key is required to use this service.' });
    return;
  }
  const route = `${req.method} ${url.pathname}`;
  if (route === 'GET /api/overlay') {
    send(200, overlayPage(Number(url.searchParams.get('page') ?? 1)));
    return;
  }
  if (route === 'GET /api/campaigns') {
    send(200, {
      error: '0',
      data: {
        result: 1,
        perpage: 15,
        currentpage: '1',
        nextpage: null,
        maxpage: 1,
        campaigns: [{ id: 5, domain: 'Spring', public: true, rotator: false, list: 'https://s/u/5' }],
      },
    });
    return;
  }
  if (route === 'DELETE /api/domain/7/delete') send(200, { error: '1', message: 'Domain does not exist.' });
  else if (route === 'GET /api/splash') send(200, { error: true, message: 'Something failed.' });
  else send(404, '<html><body><h1>404 Not Found</h1></body></html>', 'text/html');
}

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  env = { SHORTY_BASE_URL: `http://127.0.0.1:${port}`, SHORTY_API_KEY: KEY, SHORTY_RATE_LIMIT: '1000/60s' };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a server with the quirks of deployed versions', () => {
  it('reads the overlay list under `overlay` with page numbers as strings, following nextpage', async () => {
    seen.length = 0;
    const res = await runInProcess(['overlays', 'list', '--all', '--json'], { env });
    expect(res.exitCode).toBe(0);
    expect(json<{ id: number }[]>(res).map((o) => o.id)).toEqual([3, 2, 1]);
    // asked for 500 a page, granted fewer: every page is still followed
    expect(seen).toEqual(['GET /api/overlay?limit=500', 'GET /api/overlay?limit=500&page=2']);
    const table = await runInProcess(['overlays', 'list', '-o', 'table'], { env });
    expect(table.stderr).toBe('page 1/2 · 3 results\n');
  });

  it('shows a campaign name sent under `domain`', async () => {
    const res = await runInProcess(['campaigns', 'list', '--fields', 'id,name'], { env });
    expect(res.stdout).toBe('id\tname\n5\tSpring\n');
  });

  it('treats HTTP 200 with error "1" or true as a failure (exit 1)', async () => {
    const del = await runInProcess(['domains', 'delete', '7', '-y'], { env });
    expect(del.exitCode).toBe(1);
    expect(del.stderr).toBe('shorty: could not delete domain 7: Domain does not exist.\n');
    const list = await runInProcess(['splash', 'list'], { env });
    expect(list.exitCode).toBe(1);
    expect(list.stderr).toBe('shorty: Something failed.\n');
  });

  it('names the missing endpoint instead of printing an HTML page', async () => {
    const res = await runInProcess(['pixels', 'list'], { env });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('/api/pixels');
    expect(res.stderr).not.toContain('<html>');
    expect(res.stdout).toBe('');
  });

  it('exits 3 on HTTP 403 for a wrong key', async () => {
    const res = await runInProcess(['channels', 'list'], { env: { ...env, SHORTY_API_KEY: 'sk_other_key_0002' } });
    expect(res.exitCode).toBe(3);
  });
});
