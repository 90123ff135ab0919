import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { renderQr } from '../../src/commands/qr/terminal.js';
import { tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, run } = useSandboxCli({ resetData: true, inProcess: true });

const shorty = (args: string[], configDir?: string) => run(args, { configDir });

/** Creates a link through the API directly (not through the CLI under test) and clears the request log. */
async function seedLink(url: string, extra: Record<string, unknown> = {}): Promise<{ id: number; shorturl: string }> {
  const res = await sandbox.api('POST', '/url/add', { url, ...extra });
  expect(res.json.error).toBe(0);
  await sandbox.admin.reset();
  return { id: res.json.id, shorturl: res.json.shorturl };
}

async function sent(): Promise<{ method: string; path: string; query: Record<string, string>; body: unknown }[]> {
  return (await sandbox.admin.requests()).map(({ method, path, query, body }) => ({ method, path, query, body }));
}

describe('urls add', () => {
  test('every option lands in the request body exactly', async () => {
    await sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
    const channel = (await sandbox.api('POST', '/channel/add', { name: 'Promo' })).json.id;
    const pixel1 = (await sandbox.api('POST', '/pixel/add', { type: 'gtmpixel', name: 'A', tag: 'GTM-1' })).json.id;
    const pixel2 = (await sandbox.api('POST', '/pixel/add', { type: 'fbpixel', name: 'B', tag: '123' })).json.id;
    await sandbox.admin.reset();

    const res = await shorty([
      'urls',
      'add',
      'https://example.com/spring?x=1',
      '--custom',
      'spring-sale',
      '--type',
      '1',
      '--password',
      'p w',
      '--domain',
      'https://go.example.com',
      '--expiry',
      '2030-12-31 23:59:59',
      '--geo',
      'Canada=https://example.ca',
      '--geo',
      'France=https://example.fr',
      '--device',
      'iPhone=https://apps.example.com/ios',
      '--language',
      'de=https://example.de',
      '--meta-title',
      'Spring',
      '--meta-description',
      'Big sale',
      '--meta-image',
      'https://cdn.example.com/s.png',
      '--pixel',
      String(pixel1),
      '--pixel',
      String(pixel2),
      '--channel',
      String(channel),
      '--deeplink-apple',
      'https://apps.apple.com/app/id1',
      '--deeplink-google',
      'https://play.google.com/store/apps/x',
      '--param',
      'utm_source=news',
      '--param',
      'utm_medium=mail',
      '--json',
    ]);
    expect(res.stderr).toBe('');
    expect(res.exitCode).toBe(0);
    expect(await sent()).toEqual([
      {
        method: 'POST',
        path: '/api/url/add',
        query: {},
        body: {
          url: 'https://example.com/spring?x=1',
          custom: 'spring-sale',
          type: '1',
          password: 'p w',
          domain: 'https://go.example.com',
          expiry: '2030-12-31 23:59:59',
          geotarget: [
            { location: 'Canada', link: 'https://example.ca/' },
            { location: 'France', link: 'https://example.fr/' },
          ],
          devicetarget: [{ device: 'iPhone', link: 'https://apps.example.com/ios' }],
          languagetarget: [{ language: 'de', link: 'https://example.de/' }],
          metatitle: 'Spring',
          metadescription: 'Big sale',
          metaimage: 'https://cdn.example.com/s.png',
          pixels: [pixel1, pixel2],
          channel,
          deeplink: { apple: 'https://apps.apple.com/app/id1', google: 'https://play.google.com/store/apps/x' },
          parameters: [
            { name: 'utm_source', value: 'news' },
            { name: 'utm_medium', value: 'mail' },
          ],
        },
      },
    ]);
    // The link record: what the answer says, and what was sent that names the link's own fields.
    expect(JSON.parse(res.stdout)).toEqual({
      id: 1,
      alias: 'spring-sale',
      shorturl: 'https://go.example.com/spring-sale',
      longurl: 'https://example.com/spring?x=1',
      title: 'Spring',
      description: 'Big sale',
      domain: 'https://go.example.com',
      expiry: '2030-12-31 23:59:59',
    });
  });

  test('only the URL when no option is given; -q prints the short URL and nothing else', async () => {
    const res = await shorty(['urls', 'add', 'https://example.com/plain', '-q']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^${sandbox.baseUrl}/[A-Za-z0-9_-]+\\n$`));
    expect((await sent()).map((r) => r.body)).toEqual([{ url: 'https://example.com/plain' }]);
  });

  test('the domain config key is the default domain; --domain wins over it', async () => {
    await sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
    await sandbox.api('POST', '/domain/add', { domain: 'https://other.example.com' });
    await sandbox.admin.reset();
    const configDir = tempDir();
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { default: { domain: 'https://go.example.com' } } }),
    );
    expect((await shorty(['urls', 'add', 'https://example.com/a', '-q'], configDir)).stdout).toMatch(
      /^https:\/\/go\.example\.com\//,
    );
    expect(
      (await shorty(['urls', 'add', 'https://example.com/b', '--domain', 'https://other.example.com', '-q'], configDir))
        .exitCode,
    ).toBe(0);
    expect((await sent()).map((r) => (r.body as { domain?: string }).domain)).toEqual([
      'https://go.example.com',
      'https://other.example.com',
    ]);
  });

  test('--qr draws the short URL on stderr beside data formats; with -q the QR code is all of stdout', async () => {
    const drawn = await shorty(['urls', 'add', 'https://example.com/qr', '--custom', 'qr-link', '--qr', '-o', 'tsv']);
    const shorturl = `${sandbox.baseUrl}/qr-link`;
    expect(drawn.exitCode).toBe(0);
    expect(drawn.stdout).toBe(
      `id\talias\tshorturl\tlongurl\tdomain\n1\tqr-link\t${shorturl}\thttps://example.com/qr\t\n`,
    );
    expect(drawn.stderr).toBe(await renderQr(shorturl));
    const quiet = await shorty(['urls', 'get', '1', '--qr', '-q']);
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stdout).toBe(await renderQr(shorturl));
    expect(quiet.stdout).not.toContain('http');
  });
});

describe('urls get and lookup', () => {
  test('get --json prints the flat link record with its statistics; -q prints the short URL', async () => {
    const { id, shorturl } = await seedLink('https://example.com/detail', { custom: 'detail' });
    const res = await shorty(['urls', 'get', String(id), '--json']);
    expect(res.exitCode).toBe(0);
    const link = JSON.parse(res.stdout);
    expect(Object.keys(link)).toEqual([
      'id',
      'alias',
      'shorturl',
      'longurl',
      'title',
      'description',
      'clicks',
      'uniqueclicks',
      'domain',
      'expiry',
      'date',
      'geotarget',
      'devicetarget',
      'countries',
      'referrers',
      'browsers',
      'os',
      'social',
    ]);
    expect(link).toMatchObject({
      id,
      alias: 'detail',
      shorturl,
      longurl: 'https://example.com/detail',
      clicks: 0,
      uniqueclicks: 0,
      domain: '',
      expiry: null,
      countries: {},
      referrers: {},
      browsers: {},
      os: {},
    });
    expect((await shorty(['urls', 'show', String(id), '-q'])).stdout).toBe(`${shorturl}\n`);
    expect(await sent()).toEqual([
      { method: 'GET', path: `/api/url/${id}`, query: {}, body: null },
      { method: 'GET', path: `/api/url/${id}`, query: {}, body: null },
    ]);
  });

  test('lookup sends GET /urls?short= and prints the link like get', async () => {
    const { id, shorturl } = await seedLink('https://example.com/look', { custom: 'look-me' });
    const viaGet = await shorty(['link', 'get', String(id), '--json']);
    await sandbox.admin.reset();
    const res = await shorty(['links', 'lookup', shorturl, '--json']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toBe(viaGet.stdout);
    expect(await sent()).toEqual([{ method: 'GET', path: '/api/urls', query: { short: shorturl }, body: null }]);
    expect((await shorty(['url', 'lookup', shorturl, '-q'])).stdout).toBe(`${shorturl}\n`);
  });
});

describe('urls update', () => {
  test('without --url: GET the current long URL, then PUT it with the options', async () => {
    const { id, shorturl } = await seedLink('https://example.com/keep');
    const res = await shorty(['urls', 'update', String(id), '--meta-title', 'New title', '--type', 'frame', '--json']);
    expect(res.exitCode).toBe(0);
    expect(await sent()).toEqual([
      { method: 'GET', path: `/api/url/${id}`, query: {}, body: null },
      {
        method: 'PUT',
        path: `/api/url/${id}/update`,
        query: {},
        body: { url: 'https://example.com/keep', type: 'frame', metatitle: 'New title' },
      },
    ]);
    // The link as read first, with what the update changed.
    expect(JSON.parse(res.stdout)).toMatchObject({
      id,
      shorturl,
      longurl: 'https://example.com/keep',
      title: 'New title',
      clicks: 0,
    });
    expect(JSON.parse(res.stdout)).not.toHaveProperty('countries');
  });

  test('with --url: one PUT; -q prints the id', async () => {
    const { id } = await seedLink('https://example.com/old');
    const res = await shorty(['urls', 'edit', String(id), '--url', 'https://example.com/new', '-q']);
    expect(res).toMatchObject({ exitCode: 0, stdout: `${id}\n` });
    expect(await sent()).toEqual([
      { method: 'PUT', path: `/api/url/${id}/update`, query: {}, body: { url: 'https://example.com/new' } },
    ]);
    expect((await sandbox.api('GET', `/url/${id}`)).json.details.longurl).toBe('https://example.com/new');
  });

  test('--geo and --device: the new targets are printed as `urls get` prints them, not the old {}', async () => {
    const { id } = await seedLink('https://example.com/targets');
    const res = await shorty([
      'urls',
      'update',
      String(id),
      '--geo',
      'Canada=https://ca.example/',
      '--device',
      'iPhone=https://i.example/',
      '--json',
    ]);
    expect(res.exitCode, res.stderr).toBe(0);
    const printed = JSON.parse(res.stdout);
    expect(printed).toMatchObject({
      geotarget: { Canada: 'https://ca.example/' },
      devicetarget: { iPhone: 'https://i.example/' },
    });
    const got = JSON.parse((await shorty(['urls', 'get', String(id), '--json'])).stdout);
    expect({ geotarget: printed.geotarget, devicetarget: printed.devicetarget }).toEqual({
      geotarget: got.geotarget,
      devicetarget: got.devicetarget,
    });
  });
});

describe('urls update targets: replaced with a warning, or added to', () => {
  const targets = async (id: number) => JSON.parse((await shorty(['urls', 'get', String(id), '--json'])).stdout);

  test("--geo replaces the link's geo targets and names the ones dropped; --geo-add keeps them", async () => {
    const { id } = await seedLink('https://example.com/geo');
    await shorty([
      'urls',
      'update',
      String(id),
      '--geo',
      'Canada=https://ca.example/',
      '--device',
      'iPhone=https://i.example/',
    ]);

    const replaced = await shorty(['urls', 'update', String(id), '--geo', 'Germany=https://de.example/']);
    expect(replaced.exitCode, replaced.stderr).toBe(0);
    expect(replaced.stderr).toBe(
      "warning: --geo replaces the link's geo targets: Canada (https://ca.example/) removed; --geo-add adds to them instead (the service keeps only the targets an update sends)\n",
    );
    expect((await targets(id)).geotarget).toEqual({ Germany: 'https://de.example/' });

    const added = await shorty(['urls', 'update', String(id), '--geo-add', 'France=https://fr.example/', '--json']);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).toBe('');
    expect(JSON.parse(added.stdout).geotarget).toEqual({
      Germany: 'https://de.example/',
      France: 'https://fr.example/',
    });
    const after = await targets(id);
    expect(after.geotarget).toEqual({ Germany: 'https://de.example/', France: 'https://fr.example/' });
    expect(after.devicetarget).toEqual({ iPhone: 'https://i.example/' });

    const device = await shorty(['urls', 'update', String(id), '--device-add', 'iPhone=https://i2.example/']);
    expect(device.stderr).toBe('');
    expect((await targets(id)).devicetarget).toEqual({ iPhone: 'https://i2.example/' });
  });
});

describe('urls list', () => {
  test('--order click sends the order and prints the most clicked first', async () => {
    const a = await seedLink('https://example.com/a', { custom: 'aaa' });
    const b = await seedLink('https://example.com/b', { custom: 'bbb' });
    await fetch(`${sandbox.baseUrl}/aaa`, { redirect: 'manual' });
    await sandbox.admin.reset();
    const byClick = await shorty(['urls', 'list', '--order', 'click', '-q']);
    expect(byClick.stdout).toBe(`${a.shorturl}\n${b.shorturl}\n`);
    const byDate = await shorty(['urls', 'ls', '--order', 'date', '-q']);
    expect(byDate.stdout).toBe(`${b.shorturl}\n${a.shorturl}\n`);
    expect((await sent()).map((r) => r.query)).toEqual([{ order: 'click' }, { order: 'date' }]);
  });

  test('--all --limit 2 follows every page; --json prints one array of all items', async () => {
    for (let i = 1; i <= 5; i++) await seedLink(`https://example.com/${i}`);
    await sandbox.admin.reset();
    const res = await shorty(['urls', 'list', '--all', '--limit', '2', '--json']);
    expect(res.exitCode).toBe(0);
    const items = JSON.parse(res.stdout);
    expect(items.map((l: { longurl: string }) => l.longurl)).toEqual(
      [5, 4, 3, 2, 1].map((i) => `https://example.com/${i}`),
    );
    expect(Object.keys(items[0])).toEqual([
      'id',
      'alias',
      'shorturl',
      'longurl',
      'title',
      'description',
      'clicks',
      'domain',
      'date',
    ]);
    expect((await sent()).map((r) => r.query)).toEqual([
      { limit: '2' },
      { limit: '2', page: '2' },
      { limit: '2', page: '3' },
    ]);
  });

  test('--page picks one page', async () => {
    for (let i = 1; i <= 3; i++) await seedLink(`https://example.com/${i}`);
    const res = await shorty(['urls', 'list', '--limit', '2', '--page', '2', '-o', 'csv', '--fields', 'longurl']);
    expect(res.stdout).toBe('longurl\nhttps://example.com/1\n');
  });
});

describe('urls delete', () => {
  test('several ids with -y: one DELETE each', async () => {
    const ids = [];
    for (let i = 1; i <= 3; i++) ids.push((await seedLink(`https://example.com/${i}`)).id);
    const res = await shorty(['urls', 'delete', String(ids[0]), String(ids[2]), '-y']);
    expect(res.exitCode).toBe(0);
    expect((await sent()).map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /api/url/${ids[0]}/delete`,
      `DELETE /api/url/${ids[2]}/delete`,
    ]);
    expect((await sandbox.admin.stats()).links).toBe(1);
  });
});
