// The same commands against a v7 and a v6 sandbox (docs/api.md, "Server versions"): numbers sent as strings,
// the other keys and shapes of v6 answers, and the 403s of a server or account that refuses the
// API. What shorty prints must not depend on which server answered.
import { describe, expect, test } from 'vitest';
import type { FaultMode } from '../../src/sandbox/faults.js';
import { json, useSandboxCli, type SandboxCli } from '../helpers/sandbox-cli.js';
import { recording, sameAcrossVersions, type Recorded } from '../helpers/server-versions.js';

const v7 = useSandboxCli({ inProcess: true, flavor: 'v7', resetData: true });
const v6 = useSandboxCli({ inProcess: true, flavor: 'v6', resetData: true });

/** Runs `steps` against v7, then v6, and expects shorty to have printed the same. */
async function onBoth(steps: (c: SandboxCli) => Promise<void>): Promise<void> {
  const runs: Record<'v6' | 'v7', Recorded[]> = { v6: [], v7: [] };
  await steps(recording(v7, runs.v7));
  await steps(recording(v6, runs.v6));
  expect(runs.v6.length).toBeGreaterThan(0);
  sameAcrossVersions(runs, { v6: v6.sandbox.baseUrl, v7: v7.sandbox.baseUrl });
}

/** One domain, pixel and campaign, so that every list has an item. */
async function oneOfEach(c: SandboxCli): Promise<void> {
  await c.sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
  await c.sandbox.api('POST', '/pixel/add', { type: 'bing', name: 'P', tag: 'T' });
  await c.sandbox.api('POST', '/campaign/add', { name: 'Spring', slug: 'spring' });
}

/** Links `alias` with `clicks` redirects each, through the server's own redirect route. */
async function linksWithClicks(c: SandboxCli, clicks: Record<string, number>): Promise<void> {
  for (const [alias, count] of Object.entries(clicks)) {
    await c.sandbox.api('POST', '/url/add', { url: `https://example.com/${alias}`, custom: alias });
    for (let i = 0; i < count; i++) await fetch(`${c.sandbox.baseUrl}/${alias}`, { redirect: 'manual' });
  }
}

describe('numbers a v6 server sends as strings', () => {
  test('the sandbox really sends them as strings (what the tests below rely on)', async () => {
    await linksWithClicks(v6, { strs: 2 });
    const list = (await v6.sandbox.api('GET', '/urls')).json;
    expect(list.data.urls[0]).toMatchObject({ alias: 'strs', clicks: '2', uniqueclicks: '1' });
    expect((await v6.sandbox.api('GET', '/account')).json.data.planid).toBe('4');
    expect(typeof (await v6.sandbox.api('POST', '/url/add', { url: 'https://example.com/s' })).json.id).toBe('string');
  });

  test.each(['json', 'ndjson', 'csv', 'tsv', 'table'])('print as the numbers they are with -o %s', async (format) => {
    await onBoth(async (c) => {
      await linksWithClicks(c, { nums: 3 });
      await oneOfEach(c);
      await c.sandbox.api('POST', '/qr/add', { type: 'link', data: 'https://example.com/qr' });
      for (const list of [
        ['urls', 'list'],
        ['qr', 'list'],
        ['domains', 'list'],
        ['pixels', 'list'],
        ['overlays', 'list'],
        ['splash', 'list'],
      ]) {
        expect((await c.run([...list, '-o', format])).exitCode).toBe(0);
      }
    });
  });

  test('json shows numbers for every numeric field: list items, the account, a created link', async () => {
    await linksWithClicks(v6, { jnum: 2 });
    await oneOfEach(v6);
    await v6.sandbox.api('POST', '/qr/add', { type: 'link', data: 'https://example.com/qr' });
    const links = json<Record<string, unknown>[]>(await v6.run(['urls', 'list', '--json']));
    expect(links[0]).toMatchObject({ id: expect.any(Number), clicks: 2, uniqueclicks: 1 });
    const qr = json<Record<string, unknown>[]>(await v6.run(['qr', 'list', '--json']));
    expect(qr).toHaveLength(1);
    for (const item of qr) expect(item).toMatchObject({ id: expect.any(Number), scans: expect.any(Number) });
    for (const cmd of [
      ['domains', 'list'],
      ['pixels', 'list'],
      ['overlays', 'list'],
      ['splash', 'list'],
    ]) {
      const items = json<{ id: unknown }[]>(await v6.run([...cmd, '--json']));
      expect(items.length, cmd.join(' ')).toBeGreaterThan(0);
      for (const item of items) expect(typeof item.id, cmd.join(' ')).toBe('number');
    }
    expect(json(await v6.run(['account', 'get', '--json']))).toMatchObject({ id: 1, planid: 4 });
    expect(json(await v6.run(['urls', 'add', 'https://example.com/created', '--json'])).id).toEqual(expect.any(Number));
  });

  test('-q, --fields and --order click do not care which form arrived', async () => {
    await onBoth(async (c) => {
      await linksWithClicks(c, { few: 1, many: 12, some: 3 });
      await c.run(['urls', 'list', '--order', 'click', '--fields', 'alias,clicks', '--json']);
      await c.run(['urls', 'list', '--order', 'click', '--fields', 'alias,clicks', '-o', 'csv']);
      await c.run(['urls', 'list', '--fields', 'id', '-q']);
      await c.run(['domains', 'list', '-q']);
      const id = (await c.sandbox.api('POST', '/qr/add', { type: 'text', data: 'q' })).json.id;
      await c.run(['qr', 'get', String(id), '-q']);
    });
    const ranked = json<{ alias: string; clicks: unknown }[]>(
      await v6.run(['urls', 'list', '--order', 'click', '--fields', 'alias,clicks', '--json']),
    );
    // 12 sorts above 3 as a number (as text, "3" > "12")
    expect(ranked.slice(0, 3)).toEqual([
      { alias: 'many', clicks: 12 },
      { alias: 'some', clicks: 3 },
      { alias: 'few', clicks: 1 },
    ]);
  });

  test("--fields takes the fields a v6 answer carries besides the spec's; where they are missing they print empty (exit 2 is only ever before a request)", async () => {
    await linksWithClicks(v6, { xtra: 2 });
    await linksWithClicks(v7, { xtra: 2 });
    await oneOfEach(v6);
    const res = await v6.run(['urls', 'list', '--fields', 'alias,uniqueclicks,campaign,channel', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res)[0]).toEqual({ alias: 'xtra', uniqueclicks: 1, campaign: null, channel: [] });
    expect((await v6.run(['campaigns', 'list', '--fields', 'name,views', '-o', 'csv'])).exitCode).toBe(0);
    const absent = await v7.run(['urls', 'list', '--fields', 'alias,uniqueclicks', '--json']);
    expect(absent.exitCode, absent.stderr).toBe(0);
    expect(json(absent)[0]).toEqual({ alias: 'xtra', uniqueclicks: null });
  });
});

describe('the other keys and shapes of v6 answers', () => {
  test('url update answered with `shorturl` prints {id, short}', async () => {
    await onBoth(async (c) => {
      const id = (await c.sandbox.api('POST', '/url/add', { url: 'https://example.com/u', custom: 'upd' })).json.id;
      await c.run(['urls', 'update', String(id), '--meta-title', 'T', '--json']);
      await c.run(['urls', 'update', String(id), '--meta-title', 'T', '-q']);
    });
  });

  test("a campaign's name under `campaign` or `domain` is shown under `name`", async () => {
    await onBoth(async (c) => {
      await c.run(['campaigns', 'add', '--name', 'Spring', '--slug', 'spring', '--json']);
      await c.run(['campaigns', 'update', '1', '--name', 'Summer', '-o', 'csv']);
      await c.run(['campaigns', 'list', '--json']);
    });
    expect(json(await v6.run(['campaigns', 'add', '--name', 'fall', '--slug', 'fall', '--json']))).toMatchObject({
      name: 'Fall',
    });
  });

  test('a channel update answered with the channel prints the same record as one answered with a message', async () => {
    await onBoth(async (c) => {
      const id = (await c.sandbox.api('POST', '/channel/add', { name: 'News' })).json.id;
      await c.run(['channels', 'update', String(id), '--name', 'Old news']);
      await c.run(['channels', 'update', String(id), '--starred', '-q']);
    });
    const id = (await v6.sandbox.api('POST', '/channel/add', { name: 'Shown' })).json.id;
    const res = await v6.run(['channels', 'update', String(id), '--description', 'd', '--json']);
    expect(json(res)).toEqual({ id, description: 'd' });
  });

  test('the overlay list under `overlay` and lists with an integer `error`', async () => {
    await onBoth(async (c) => {
      await c.run(['overlays', 'list', '--json']);
      await c.run(['channels', 'list', '--all', '-o', 'ndjson']);
    });
  });

  test("a QR code's date under details.data, and no statistics for one without a link", async () => {
    await onBoth(async (c) => {
      const text = (await c.sandbox.api('POST', '/qr/add', { type: 'text', data: 'hello' })).json.id;
      const link = (await c.sandbox.api('POST', '/qr/add', { type: 'link', data: 'https://example.com/q' })).json.id;
      await c.run(['qr', 'get', String(link), '--json']);
      await c.run(['qr', 'get', String(link), '-o', 'table']);
      await c.run(['qr', 'get', String(text), '--fields', 'id,scans,date']);
    });
    const id = (await v6.sandbox.api('POST', '/qr/add', { type: 'text', data: 'dated' })).json.id;
    const res = await v6.run(['qr', 'get', String(id), '--json']);
    expect(json(res)).toMatchObject({
      id: Number(id),
      link: expect.any(String),
      scans: 0,
      name: expect.any(String),
      date: expect.stringMatching(/^\d{4}-/),
    });
  });
});

describe('403s of a server or an account that refuses the API: exit 3 with a hint of their own', () => {
  const cases: [FaultMode, string, string][] = [
    ['api-disabled', 'API service is disabled.', 'the API is disabled on this server: ask its administrator'],
    ['api-not-allowed', 'You do not have the permission to use the API.', 'your plan has no API access'],
    ['account-inactive', 'Please activate your account.', 'activate the account (check your email)'],
    [
      'endpoint-not-allowed',
      'You do not have permission to access this endpoint.',
      'your plan does not include this feature',
    ],
  ];
  test.each(cases)('%s', async (mode, message, hint) => {
    for (const c of [v7, v6]) {
      for (const args of [
        ['urls', 'list'],
        ['legacy', 'list'],
      ]) {
        await c.sandbox.admin.fault(mode, { count: 1 });
        const res = await c.run(args);
        expect(res.exitCode, args.join(' ')).toBe(3);
        expect(res.stdout).toBe('');
        expect(res.stderr).toBe(`shorty: the server refused the request: ${message}\nhint: ${hint}\n`);
      }
    }
  });

  test('a wrong key keeps its own hint', async () => {
    const res = await v6.run(['urls', 'list'], { env: { SHORTY_API_KEY: 'sk_not_the_key_0001' } });
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toContain('hint: check the key');
  });
});

describe('empty values that servers read as "not given"', () => {
  test.each([['--expiry'], ['--password'], ['--domain'], ['--custom']])(
    'urls update %s "" exits 2 with a hint, sending nothing',
    async (flag) => {
      const res = await v6.runLogged(['urls', 'update', '1', flag, '']);
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toBe(
        `shorty: ${flag} cannot be empty\nhint: servers read an empty ${flag} as "not given", so it cannot clear the field: ` +
          `leave ${flag} out to keep the current value\n`,
      );
      expect(res.requests).toEqual([]);
    },
  );

  test('an empty --meta-title is sent and clears the title', async () => {
    await onBoth(async (c) => {
      const id = (
        await c.sandbox.api('POST', '/url/add', { url: 'https://example.com/m', custom: 'mtt', metatitle: 'Old' })
      ).json.id;
      await c.runLogged(['urls', 'update', String(id), '--meta-title', '']);
    });
  });
});
