// Request economy of list commands: every request costs a slot of the rate limit (30 a minute),
// so --all asks for large pages; without --all, --limit and --page mean what they say.
import { beforeAll, describe, expect, it } from 'vitest';
import { json, useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ rateLimit: '100000/60s', clientRateLimit: '100000/60s', inProcess: true });
const LINKS = 1001;

/** Creates the links straight through the API, a few at a time (not what is measured). */
beforeAll(async () => {
  let next = 0;
  const worker = async () => {
    while (next < LINKS) {
      const res = await cli.sandbox.api('POST', '/url/add', { url: `https://example.com/paging/${next++}` });
      expect(res.json.error).toBe(0);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
});

const pages = (requests: { path: string; query: Record<string, string> }[]) => requests.map((r) => [r.path, r.query]);

describe('list --all', () => {
  it('costs ceil(N / 500) requests for N items', async () => {
    const res = await cli.runLogged(['urls', 'list', '--all', '-q']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(new Set(res.stdout.trimEnd().split('\n')).size).toBe(LINKS);
    expect(pages(res.requests)).toEqual([
      ['/api/urls', { limit: '500' }],
      ['/api/urls', { limit: '500', page: '2' }],
      ['/api/urls', { limit: '500', page: '3' }],
    ]);
  });

  it.each([
    [['domains', 'list'], '/api/domains'],
    [['overlays', 'list'], '/api/overlay'],
    [['splash', 'list'], '/api/splash'],
    [['campaigns', 'list'], '/api/campaigns'],
    [['channels', 'list'], '/api/channels'],
    [['pixels', 'list'], '/api/pixels'],
    [['qr', 'list'], '/api/qr'],
  ])('%j asks for pages of 500 too', async (command, path) => {
    const res = await cli.runLogged([...command, '--all', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(pages(res.requests)).toEqual([[path, { limit: '500' }]]);
  });

  it('keeps the page size --limit asks for', async () => {
    const res = await cli.runLogged(['urls', 'list', '--all', '--limit', '400', '-q']);
    expect(res.stdout.trimEnd().split('\n')).toHaveLength(LINKS);
    expect(pages(res.requests).map(([, query]) => query)).toEqual([
      { limit: '400' },
      { limit: '400', page: '2' },
      { limit: '400', page: '3' },
    ]);
  });

  it("starts from --page counted in the server's pages when no --limit is given", async () => {
    const res = await cli.runLogged(['urls', 'list', '--all', '--page', '67', '--json']);
    // 1001 links at 15 a page: page 67 is the last, with 11
    expect(json<unknown[]>(res)).toHaveLength(11);
    expect(pages(res.requests)).toEqual([['/api/urls', { page: '67' }]]);
  });
});

describe('list without --all', () => {
  it('sends one request, with --limit and --page as given', async () => {
    const plain = await cli.runLogged(['urls', 'list', '--json']);
    expect(json<unknown[]>(plain)).toHaveLength(15);
    expect(pages(plain.requests)).toEqual([['/api/urls', {}]]);
    const paged = await cli.runLogged(['urls', 'list', '--limit', '10', '--page', '3', '--json']);
    expect(json<unknown[]>(paged)).toHaveLength(10);
    expect(pages(paged.requests)).toEqual([['/api/urls', { limit: '10', page: '3' }]]);
  });
});
