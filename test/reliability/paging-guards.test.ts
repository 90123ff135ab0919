// A server that pages wrongly must not loop the client or end a read early as if it were whole:
// a page other than the one asked for, a page of items all seen before, and a list that ends
// short of the total it announced stop export, list --all and sync with exit 1.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { link, useHostileServer, type HostileRequest } from '../helpers/hostile-server.js';

const server = useHostileServer();
const env = () => ({
  SHORTY_BASE_URL: server().url,
  SHORTY_API_KEY: 'sk_test_paging_0001',
  SHORTY_RATE_LIMIT: '1000/1s',
});

/** A list of `total` links in pages of `perpage`, `shape` deciding which page is answered and what it says. */
function pages(
  total: number,
  shape: (asked: number) => { page: number; next: number | null; items?: number },
): (req: HostileRequest) => { body: unknown } {
  return (req) => {
    const asked = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1);
    const { page, next, items = 2 } = shape(asked);
    const urls = Array.from({ length: items }, (_, i) => link((page - 1) * 2 + i + 1, 't'));
    return {
      body: {
        error: 0,
        data: { result: total, perpage: 2, currentpage: page, nextpage: next, maxpage: total / 2, urls },
      },
    };
  };
}

test('a server that ignores page: export, list --all and sync stop after the second request, exit 1', async () => {
  server().answer(pages(1000, () => ({ page: 1, next: 2 })));
  const file = join(tempDir('shorty-paging-'), 'links.csv');
  writeFileSync(file, 'alias,url\na1,https://example.com/1\n');
  for (const args of [
    ['urls', 'export', '--page-size', '2'],
    ['urls', 'list', '--all', '--limit', '2'],
    ['urls', 'sync', file, '--dry-run'],
  ]) {
    server().requests.length = 0;
    const res = await runInProcess(args, { env: env() });
    expect(res.exitCode, args.join(' ')).toBe(1);
    expect(res.stderr).toMatch(
      /^shorty: the server answered page 1 of GET \/urls when asked for page 2: the list was not read to its end$/m,
    );
    expect(server().requests.length).toBeLessThanOrEqual(2);
  }
});

test('pages whose items were all seen already stop the read', async () => {
  // Each page says it is the page asked for, and holds the first page's links.
  server().answer((req) => {
    const asked = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1);
    const body = pages(1000, () => ({ page: 1, next: asked + 1 }))(req).body as { data: { currentpage: number } };
    body.data.currentpage = asked;
    return { body };
  });
  const res = await runInProcess(['urls', 'export', '--page-size', '2'], { env: env() });
  expect(res.exitCode).toBe(1);
  expect(res.stderr).toMatch(/^shorty: page 2 of GET \/urls repeats items of earlier pages/m);
  expect(server().requests).toHaveLength(2);
});

test('export: a list that says "last page" before the total it announced is exit 1', async () => {
  server().answer(pages(50, (asked) => ({ page: asked, next: asked })));
  const res = await runInProcess(['urls', 'export', '--page-size', '2', '-o', 'csv'], { env: env() });
  expect(res.exitCode).toBe(1);
  expect(res.stdout.trim().split('\n')).toHaveLength(3);
  expect(res.stderr).toMatch(
    /^shorty: the link list ended after 2 of the 50 links it announced: the export is incomplete$/m,
  );
});
