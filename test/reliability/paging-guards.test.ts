// A server that pages wrongly must not loop the client or end a read early as if it were whole:
// a page other than the one asked for, a page of items all seen before, and a list that ends
// short of the total it announced stop every paged read (export, list --all, sync, api
// --paginate) with exit 1: one rule, src/api/page-guard.ts.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';
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

test('a server that ignores page: export, list --all, sync and api --paginate stop after the second request, exit 1', async () => {
  server().answer(pages(1000, () => ({ page: 1, next: 2 })));
  const file = join(tempDir('shorty-paging-'), 'links.csv');
  writeFileSync(file, 'alias,url\na1,https://example.com/1\n');
  for (const args of [
    ['urls', 'export', '--page-size', '2'],
    ['urls', 'list', '--all', '--limit', '2'],
    ['urls', 'sync', file, '--dry-run'],
    ['api', 'GET', '/urls', '--paginate'],
  ]) {
    server().requests.length = 0;
    const res = await runInProcess(args, { env: env() });
    expect(res.exitCode, args.join(' ')).toBe(1);
    expect(res.stderr).toMatch(
      /^shorty: the server answered page 1 of GET \/urls when asked for page 2: the list was not read to its end$/m,
    );
    expect(server().requests.length).toBeLessThanOrEqual(2);
    // Page 1 is not printed twice as if it were the list.
    expect(res.stdout.match(/"id": 1,/g)?.length ?? 0, args.join(' ')).toBeLessThanOrEqual(1);
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
    /^shorty: GET \/urls ended after 2 of the 50 links it announced: the list was not read to its end$/m,
  );
});

test('list --all and api --paginate: a list whose nextpage ends before its total is exit 1, never a whole list', async () => {
  // 520 links announced, pages of 100, and "last page" after the second: 200 read.
  server().answer((req) => {
    const asked = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1);
    const urls = Array.from({ length: 100 }, (_, i) => link((asked - 1) * 100 + i + 1, 't'));
    const data = {
      result: 520,
      perpage: 100,
      currentpage: asked,
      nextpage: asked < 2 ? asked + 1 : null,
      maxpage: 6,
      urls,
    };
    return { body: { error: 0, data } };
  });
  for (const args of [
    ['urls', 'list', '--all', '--limit', '100', '-q'],
    ['api', 'GET', '/urls?limit=100', '--paginate'],
  ]) {
    const res = await runInProcess(args, { env: env() });
    expect(res.exitCode, args.join(' ')).toBe(1);
    expect(res.stderr).toMatch(
      /^shorty: GET \/urls ended after 200 of the 520 items it announced: the list was not read to its end$/m,
    );
  }
});

/** The collection key of a list path, as the API names it. */
function keyOf(url: string): string {
  const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
  const keys: Record<string, string> = { '/urls': 'urls', '/campaigns': 'campaigns', '/channels': 'channels' };
  return keys[path] ?? 'items';
}

const EVERY_PAGED_READ = [
  ['urls', 'export', '--page-size', '2'],
  ['urls', 'list', '--all', '--limit', '2'],
  ['campaigns', 'list', '--all', '--limit', '2'],
  ['api', 'GET', '/urls', '--paginate'],
  ['api', 'GET', '/campaigns', '--paginate', '-o', 'ndjson'],
  ['cache', 'refresh', 'links', '-y'],
];

test('a server that ignores page and sends items without id: every paged read stops at the second page, exit 1', async () => {
  // No currentpage to betray it, no id to compare: the same two items, and "next page" forever.
  server().answer((req) => {
    const items = [
      { name: 'same', alias: 'same', title: 'same' },
      { name: 'again', alias: 'again', title: 'again' },
    ];
    return { body: { error: '0', data: { nextpage: 99_999, [keyOf(req.url)]: items } } };
  });
  for (const args of EVERY_PAGED_READ) {
    server().requests.length = 0;
    const res = await runInProcess(args, { env: env() });
    expect(res.exitCode, args.join(' ')).toBe(1);
    expect(res.stderr, args.join(' ')).toMatch(/^shorty: page \d+ of GET \/\w+ repeats items of earlier pages/m);
    expect(server().requests.length, args.join(' ')).toBe(2);
  }
});

test('new ids on every page past the announced total: every paged read stops once it passes the total, exit 1', async () => {
  // 6 announced in pages of 2, yet 4 pages (a maxpage that grows with each page): page 4 brings the 7th and 8th.
  server().answer((req) => {
    const asked = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1);
    const items = [link(asked * 2 - 1, 't'), link(asked * 2, 't')].map((item) => ({ ...item, name: `n${item.id}` }));
    const data = { result: 6, perpage: 2, currentpage: asked, nextpage: asked + 1, maxpage: asked + 3 };
    return { body: { error: '0', data: { ...data, [keyOf(req.url)]: items } } };
  });
  for (const args of EVERY_PAGED_READ) {
    server().requests.length = 0;
    const res = await runInProcess(args, { env: env() });
    expect(res.exitCode, args.join(' ')).toBe(1);
    expect(res.stderr, args.join(' ')).toMatch(
      /^shorty: GET \/\w+ sent more than the 6 \w+ it announced: the list was not read to its end$/m,
    );
    expect(server().requests.length, args.join(' ')).toBe(4);
  }
});

test('a maxpage that keeps growing: the read stops before asking past the maxpage first announced, exit 1', async () => {
  // No total; the first page says 3 pages, each later one a page more.
  server().answer((req) => {
    const asked = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1);
    const urls = [link(asked * 2 - 1, 't'), link(asked * 2, 't')];
    return { body: { error: '0', data: { currentpage: asked, nextpage: asked + 1, maxpage: asked + 2, urls } } };
  });
  for (const args of [
    ['urls', 'list', '--all', '--limit', '2'],
    ['api', 'GET', '/urls', '--paginate'],
  ]) {
    server().requests.length = 0;
    const res = await runInProcess(args, { env: env() });
    expect(res.exitCode, args.join(' ')).toBe(1);
    expect(res.stderr).toMatch(
      /^shorty: GET \/urls asks for page 4 after announcing 3: the list was not read to its end$/m,
    );
    expect(server().requests.length).toBe(3);
  }
});

test('api --paginate writes each page before asking for the next, and leaves a failed list unclosed', async () => {
  let printed = '';
  const printedWhenAsked: string[] = [];
  server().answer((req) => {
    printedWhenAsked.push(printed);
    const asked = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1);
    const urls = [link(asked * 2 - 1, 't'), link(asked * 2, 't')];
    const data = { result: 8, perpage: 2, currentpage: asked, nextpage: asked < 3 ? asked + 1 : null, maxpage: 4 };
    return { body: { error: '0', data: { ...data, urls } } };
  });
  const res = await runInProcess(['api', 'GET', '/urls', '--paginate'], {
    env: env(),
    onStdout: (chunk) => (printed += chunk.toString()),
  });
  // Page 3 says "last page" with 6 of the 8 read: an error, after the six were printed.
  expect(res.exitCode).toBe(1);
  expect(printedWhenAsked[2].match(/"id": \d+/g)).toEqual(['"id": 1', '"id": 2', '"id": 3', '"id": 4']);
  expect(res.stdout).toMatch(/^\[\n {2}\{\n {4}"id": 1,/);
  expect(res.stdout.trimEnd()).toMatch(/\}$/);
  expect(() => JSON.parse(res.stdout)).toThrow();
});

// A process: its stdout is a pipe whose reader leaves (`| head`).
test('list --all | head: the reader leaving ends the read quietly, exit 0, with no page asked for after the next', async () => {
  server().answer((req) => {
    const asked = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1);
    const urls = Array.from({ length: 100 }, (_, i) => link((asked - 1) * 100 + i + 1, 'x'.repeat(200)));
    const data = { result: 100_000, perpage: 100, currentpage: asked, nextpage: asked + 1, maxpage: 1000 };
    return { body: { error: '0', data: { ...data, urls } } };
  });
  const home = tempDir('shorty-head-');
  const child = spawn(process.execPath, [BIN, 'urls', 'list', '--all', '--limit', '100', '-o', 'json'], {
    env: { PATH: process.env.PATH, HOME: home, SHORTY_CONFIG_DIR: join(home, 'config'), ...env() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  await once(child.stdout, 'data');
  const askedBeforeClose = server().requests.length;
  child.stdout.destroy();
  const [code] = await once(child, 'exit');
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(server().requests.length - askedBeforeClose).toBeLessThanOrEqual(2);
});
