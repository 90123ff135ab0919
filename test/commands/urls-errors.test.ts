import { describe, expect, test } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, run } = useSandboxCli({ resetData: true, inProcess: true });

const shorty = (args: string[]) => run(args);

async function seedLink(url: string): Promise<number> {
  const res = await sandbox.api('POST', '/url/add', { url });
  await sandbox.admin.reset();
  return res.json.id;
}

describe('invalid input: exit 2, one error line, nothing sent', () => {
  const cases: [string, string[], RegExp][] = [
    ['add without a scheme', ['urls', 'add', 'example.com/x'], /invalid long URL "example\.com\/x"/],
    ['add an ftp URL', ['urls', 'add', 'ftp://example.com/f'], /only http and https/],
    ['add a javascript: URL', ['urls', 'add', 'javascript:alert(1)'], /invalid long URL/],
    ['add with a short alias', ['urls', 'add', 'https://e.com', '--custom', 'ab'], /--custom.*at least 3/],
    ['add with an unknown type', ['urls', 'add', 'https://e.com', '--type', 'popup'], /--type "popup"/],
    [
      'add with a bad expiry date',
      ['urls', 'add', 'https://e.com', '--expiry', '2026-02-30 10:00:00'],
      /--expiry.*not a real date/,
    ],
    ['add with an expiry in the past', ['urls', 'add', 'https://e.com', '--expiry', '2026-02-03'], /in the past/],
    [
      'add with an expiry read two ways',
      ['urls', 'add', 'https://e.com', '--expiry', '03/02/2030'],
      /ambiguous: 2030-03-02 or 2030-02-03\?/,
    ],
    ['add with pixel 0', ['urls', 'add', 'https://e.com', '--pixel', '0'], /--pixel id "0"/],
    ['add with pixel -1', ['urls', 'add', 'https://e.com', '--pixel', '-1'], /--pixel id "-1"/],
    ['add with channel 0', ['urls', 'add', 'https://e.com', '--channel', '0'], /--channel id "0"/],
    ['add with an empty channel', ['urls', 'add', 'https://e.com', '--channel', ' '], /invalid --channel " "/],
    [
      'add with an empty pixel name',
      ['urls', 'add', 'https://e.com', '--pixel', '1', '--pixel', ''],
      /invalid --pixel ""/,
    ],
    ['add with a bad geo pair', ['urls', 'add', 'https://e.com', '--geo', 'Canada'], /--geo "Canada".*LOCATION=URL/],
    ['add with a bad geo URL', ['urls', 'add', 'https://e.com', '--geo', 'Canada=file:///etc'], /--geo URL for Canada/],
    [
      'add with a bad device URL',
      ['urls', 'add', 'https://e.com', '--device', 'iPhone=nope'],
      /--device URL for iPhone/,
    ],
    ['add with a bad meta image', ['urls', 'add', 'https://e.com', '--meta-image', 'x.png'], /--meta-image/],
    ['add with a bad deep link', ['urls', 'add', 'https://e.com', '--deeplink-apple', 'itms://x'], /--deeplink-apple/],
    ['add with a bad param', ['urls', 'add', 'https://e.com', '--param', 'novalue'], /--param "novalue"/],
    ['get 0', ['urls', 'get', '0'], /invalid link id "0"/],
    ['get -1', ['urls', 'get', '-1'], /invalid link id "-1"/],
    ['get a link with a space', ['urls', 'get', 'a b'], /invalid link "a b": it contains a space/],
    [
      'get a short URL without a scheme',
      ['urls', 'get', 'sho.rt/abc'],
      /invalid link "sho\.rt\/abc": a short URL starts with http/,
    ],
    [
      'get a short URL without an alias',
      ['urls', 'get', 'https://sho.rt/'],
      /invalid short URL "https:\/\/sho\.rt\/": it has no alias/,
    ],
    ['update a link with a space', ['urls', 'update', 'a b', '--url', 'https://e.com'], /invalid link "a b"/],
    ['update with a bad URL', ['urls', 'update', '3', '--url', 'mailto:a@b.c'], /invalid --url/],
    ['update with a splash id type', ['urls', 'update', '3', '--type', '2'], /--type.*update takes only/],
    ['update with nothing to change', ['urls', 'update', '3'], /nothing to update/],
    ['lookup of an ftp URL', ['urls', 'lookup', 'ftp://sho.rt/abc'], /invalid short URL "ftp:\/\/sho\.rt\/abc"/],
    ['list with an unknown order', ['urls', 'list', '--order', 'name'], /--order/],
    ['list with limit 0', ['urls', 'list', '--limit', '0'], /--limit/],
    ['delete 0', ['urls', 'delete', '0', '-y'], /invalid link id "0"/],
    [
      'delete with one bad reference among good ones',
      ['urls', 'delete', '1', 'spring', 'x?y', '-y'],
      /invalid link "x\?y"/,
    ],
  ];
  test.each(cases)('%s', async (_name, args, message) => {
    const res = await shorty(args);
    expect(res.exitCode).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(message);
    expect(res.stderr.split('\n')[0]).toMatch(/^shorty: /);
    expect((await sandbox.admin.stats()).requests).toBe(0);
  });
});

describe('delete needs consent', () => {
  test('without -y and without a TTY: exit 2, nothing sent, the link is kept', async () => {
    const id = await seedLink('https://example.com/keep');
    const res = await shorty(['urls', 'delete', String(id)]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/-y/);
    expect((await sandbox.admin.stats()).requests).toBe(0);
    expect((await sandbox.admin.stats()).links).toBe(1);
  });
});

describe('not found: exit 1 with the server message', () => {
  test.each([
    ['get', ['urls', 'get', '999'], ['GET /api/url/999']],
    ['update with --url', ['urls', 'update', '999', '--url', 'https://example.com'], ['PUT /api/url/999/update']],
    [
      'update without --url: the GET fails, no PUT',
      ['urls', 'update', '999', '--meta-title', 'x'],
      ['GET /api/url/999'],
    ],
    ['lookup', ['urls', 'lookup', 'http://127.0.0.1:9/nothing-here'], ['GET /api/urls']],
    // A delete prints one result per id, the failed one included (see test/commands/per-item.test.ts).
    ['delete, -q', ['urls', 'delete', '999', '-y', '-q'], ['DELETE /api/url/999/delete']],
  ])('%s', async (_name, args, requests) => {
    const res = await shorty(args);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^shorty: .*(Link does not exist|999)/);
    expect((await sandbox.admin.requests()).map((r) => `${r.method} ${r.path}`)).toEqual(requests);
  });

  test('delete of several ids where one is missing deletes the others and exits 1 naming it', async () => {
    const id = await seedLink('https://example.com/x');
    const res = await shorty(['urls', 'rm', '999', String(id), '-y']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/999/);
    expect((await sandbox.admin.requests()).map((r) => r.path)).toEqual([
      '/api/url/999/delete',
      `/api/url/${id}/delete`,
    ]);
    expect((await sandbox.admin.stats()).links).toBe(0);
  });
});
