// Everything shorty prints, shorty reads: the records of urls get, list, export and import results,
// in json, ndjson, csv and tsv, read back by urls import; and what a create can set survives
// export --details -> import into an empty account in each format.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { json, useSandboxCli } from '../helpers/sandbox-cli.js';

const sandboxOf = (flavor: 'v6' | 'v7') =>
  useSandboxCli({ flavor, rateLimit: '100000/60s', clientRateLimit: '100000/60s', resetData: true, inProcess: true });
const source = sandboxOf('v7');
const target = sandboxOf('v7');

const BRANDED = 'https://go.example.com';
const LINKS = [
  {
    url: 'https://example.com/spring?a=b,c',
    custom: 'spring',
    metatitle: 'Spring, "sale"',
    metadescription: 'Ünïcödé\tand\nmore \\ backslash',
    expiry: '2031-05-01 10:00:00',
    geotarget: [
      { location: 'Germany', link: 'https://de.example.com/' },
      { location: 'Canada', link: 'https://ca.example.com/' },
    ],
    devicetarget: [{ device: 'iPhone', link: 'https://ios.example.com/' }],
  },
  { url: 'https://example.com/branded', custom: 'on-brand', domain: BRANDED, metatitle: 'Branded' },
  { url: 'https://example.com/plain', custom: 'plain' },
];

async function seed(from = source, to = target): Promise<void> {
  for (const s of [from, to])
    expect(Number((await s.sandbox.api('POST', '/domain/add', { domain: BRANDED })).json.error)).toBe(0);
  for (const link of LINKS) expect(Number((await from.sandbox.api('POST', '/url/add', link)).json.error)).toBe(0);
}

/** What a create can set, as `urls export --details -o json` prints it, by alias. */
async function settable(cli: typeof source): Promise<unknown[]> {
  const res = await cli.run(['urls', 'export', '--details', '-o', 'json']);
  expect(res.exitCode).toBe(0);
  return json<Record<string, unknown>[]>(res)
    .map(({ alias, longurl, domain, title, description, expiry, geotarget, devicetarget }) => ({
      alias,
      longurl,
      domain,
      title,
      description,
      expiry,
      geotarget,
      devicetarget,
    }))
    .sort((a, b) => String(a.alias).localeCompare(String(b.alias)));
}

describe.each(['v7', 'v6'] as const)('export --details -> import into an empty %s account', (flavor) => {
  const from = flavor === 'v7' ? source : sandboxOf(flavor);
  const to = flavor === 'v7' ? target : sandboxOf(flavor);

  test.each(['json', 'ndjson', 'csv', 'tsv'])(
    '-o %s: alias, long URL, domain, title, description, targets and expiry come back equal',
    async (format) => {
      await seed(from, to);
      const exported = await from.run(['urls', 'export', '--details', '-o', format]);
      expect(exported.exitCode).toBe(0);
      expect(exported.stderr).toMatch(/--details: 3 more requests \(one per link\)/);
      const file = join(tempDir(), `links.${format}`);
      writeFileSync(file, exported.stdout);

      const imported = await to.run(['urls', 'import', file, '-o', 'ndjson']);
      expect(imported.stderr).not.toMatch(/warning|unexpected/);
      expect(imported.exitCode).toBe(0);
      const expected = await settable(from);
      expect(expected[2]).toMatchObject({
        geotarget: 'Germany=https://de.example.com/;Canada=https://ca.example.com/',
        devicetarget: 'iPhone=https://ios.example.com/',
        expiry: '2031-05-01 10:00:00',
      });
      expect(await settable(to)).toEqual(expected);
    },
  );
});

describe('records shorty prints are urls import input', () => {
  test.each(['json', 'ndjson', 'csv', 'tsv'])(
    'urls get -o %s, object-valued fields included, reads as one valid row',
    async (format) => {
      await seed();
      const got = await source.run(['urls', 'get', 'spring', '-o', format]);
      expect(got.exitCode).toBe(0);
      const dry = await source.run(['urls', 'import', '-', '--dry-run', '-o', 'json'], { input: got.stdout });
      expect(dry.stderr).not.toMatch(/warning|unexpected/);
      expect(dry.exitCode).toBe(0);
      // csv and tsv have a header: their first record is row 2, as a spreadsheet shows it.
      const row = format === 'csv' || format === 'tsv' ? 2 : 1;
      expect(json(dry)).toMatchObject([{ row, status: 'valid', alias: 'spring' }]);
      const sync = await target.run(['urls', 'sync', '-', '--dry-run'], { input: got.stdout });
      expect(sync.exitCode).toBe(0);
      expect(sync.stdout).toMatch(/^\+ spring {2}https:\/\/example\.com\/spring\?a=b,c$/m);
    },
  );

  test('geo and device targets as urls get prints them become the create body', async () => {
    await seed();
    const got = await source.run(['urls', 'get', 'spring', '-o', 'ndjson']);
    const res = await target.runLogged(['urls', 'import', '-'], { input: got.stdout });
    expect(res.exitCode).toBe(0);
    const create = res.requests.find((r) => r.path === '/api/url/add');
    expect(create?.body).toMatchObject({
      custom: 'spring',
      geotarget: [
        { location: 'Germany', link: 'https://de.example.com/' },
        { location: 'Canada', link: 'https://ca.example.com/' },
      ],
      devicetarget: [{ device: 'iPhone', link: 'https://ios.example.com/' }],
    });
  });

  test('urls list and import results read back without a warning', async () => {
    await seed();
    for (const format of ['json', 'csv']) {
      const list = await source.run(['urls', 'list', '-o', format]);
      const dry = await target.run(['urls', 'import', '-', '--dry-run'], { input: list.stdout });
      expect(dry.stderr).not.toMatch(/warning/);
      expect(dry.exitCode).toBe(0);
      expect(dry.stderr).toMatch(/3 valid/);
    }
    const results = await target.run(['urls', 'import', '-'], { input: 'url,custom\nhttps://example.com/r,res-1\n' });
    expect(results.exitCode).toBe(0);
    const again = await source.run(['urls', 'import', '-', '--dry-run', '-o', 'json'], { input: results.stdout });
    expect(again.stderr).not.toMatch(/warning/);
    expect(json(again)).toMatchObject([{ status: 'valid', alias: 'res-1', longurl: 'https://example.com/r' }]);
  });

  test('legacy list names short URLs only: csv is exit 2 and json rows invalid, saying where the long URLs are', async () => {
    const res = await source.run(['urls', 'import', '-', '--dry-run'], { input: 'shorturl\nhttps://sho.rt/a\n' });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/hint: short URLs alone .*urls export/);
    const rows = await source.run(['urls', 'import', '-', '--dry-run', '-o', 'json'], {
      input: '[\n  {\n    "shorturl": "https://sho.rt/a"\n  }\n]\n',
    });
    expect(rows.exitCode).toBe(1);
    expect(json(rows)).toMatchObject([
      { status: 'invalid', error: expect.stringMatching(/^no long URL: .*urls export/) },
    ]);
  });
});
