// What a user sees against a v6 server (docs/api.md, "Server versions") from the link record, link references,
// `get` of every resource, read-before-write updates, per-item writes, status and sync: values
// that arrive as strings print as numbers, the own domain prints empty, and an error answered
// with HTTP 200 is one line on stderr with exit 1.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { calls, json, useSandboxCli } from '../helpers/sandbox-cli.js';

const v6 = useSandboxCli({ inProcess: true, flavor: 'v6', resetData: true });

const ALL_FIELDS = 'id,alias,shorturl,longurl,title,description,clicks,uniqueclicks,domain,expiry,date';

/** Two links, one on a branded domain, `spring` with 3 visits from one visitor. */
async function twoLinks(): Promise<{ spring: number; branded: number }> {
  await v6.sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
  const spring = Number(
    (
      await v6.sandbox.api('POST', '/url/add', {
        url: 'https://example.com/spring',
        custom: 'spring',
        metatitle: 'Spring',
        metadescription: 'Sale',
        expiry: '2031-01-01 00:00:00',
      })
    ).json.id,
  );
  const branded = Number(
    (
      await v6.sandbox.api('POST', '/url/add', {
        url: 'https://example.com/b',
        custom: 'brand',
        domain: 'https://go.example.com',
      })
    ).json.id,
  );
  for (let i = 0; i < 3; i++) await fetch(`${v6.sandbox.baseUrl}/spring`, { redirect: 'manual' });
  return { spring, branded };
}

/** The one-line error of an application error (HTTP 200, `error: 1`): exit 1, nothing on stdout. */
function oneErrorLine(res: { exitCode: number; stdout: string; stderr: string }, message: RegExp): void {
  expect(res.exitCode, res.stderr).toBe(1);
  expect(res.stdout).toBe('');
  const lines = res.stderr
    .trimEnd()
    .split('\n')
    .filter((line) => !line.startsWith('hint: '));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^shorty: /);
  expect(lines[0]).toMatch(message);
}

describe('the flat link record on v6', () => {
  test('urls list --fields (all eleven): numbers, the own domain empty, the branded one shown', async () => {
    const { spring, branded } = await twoLinks();
    // What the test relies on: v6 sends counts as strings and the base URL as a link's domain.
    const raw = (await v6.sandbox.api('GET', '/urls')).json.data.urls as Record<string, unknown>[];
    expect(raw.find((item) => item.alias === 'spring')).toMatchObject({
      clicks: '3',
      uniqueclicks: '1',
      domain: v6.sandbox.baseUrl,
    });

    const res = await v6.run(['urls', 'list', '--fields', ALL_FIELDS, '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const rows = json<Record<string, unknown>[]>(res);
    expect(rows.find((r) => r.alias === 'spring')).toMatchObject({
      id: spring,
      shorturl: `${v6.sandbox.baseUrl}/spring`,
      longurl: 'https://example.com/spring',
      title: 'Spring',
      description: 'Sale',
      clicks: 3,
      uniqueclicks: 1,
      domain: '',
      date: expect.stringMatching(/^\d{4}-/),
    });
    expect(rows.find((r) => r.alias === 'brand')).toMatchObject({
      id: branded,
      shorturl: 'https://go.example.com/brand',
      domain: 'https://go.example.com',
      clicks: 0,
    });

    const tsv = await v6.run(['urls', 'list', '--fields', ALL_FIELDS, '-o', 'tsv']);
    const [head, ...lines] = tsv.stdout.trimEnd().split('\n');
    expect(head).toBe(ALL_FIELDS.replaceAll(',', '\t'));
    const springLine = lines.find((line) => line.includes('\tspring\t'))!.split('\t');
    expect(springLine.slice(6, 9)).toEqual(['3', '1', '']);
    expect(tsv.stdout).not.toContain('[object Object]');
  });

  test('urls get by alias, by short URL and by id print the same record, expiry included', async () => {
    const { spring } = await twoLinks();
    const byAlias = await v6.runLogged(['urls', 'get', 'spring', '--fields', ALL_FIELDS, '--json']);
    expect(byAlias.exitCode, byAlias.stderr).toBe(0);
    // the lookup answers with the detail: one request
    expect(calls(byAlias.requests)).toEqual(['GET /api/urls']);
    expect(json(byAlias)).toEqual({
      id: spring,
      alias: 'spring',
      shorturl: `${v6.sandbox.baseUrl}/spring`,
      longurl: 'https://example.com/spring',
      title: 'Spring',
      description: 'Sale',
      clicks: 3,
      uniqueclicks: 1,
      domain: '',
      expiry: '2031-01-01 00:00:00',
      date: expect.any(String),
    });
    const byUrl = await v6.run(['urls', 'get', `${v6.sandbox.baseUrl}/spring`, '--fields', ALL_FIELDS, '--json']);
    const byId = await v6.run(['urls', 'get', String(spring), '--fields', ALL_FIELDS, '--json']);
    expect(json(byUrl)).toEqual(json(byAlias));
    expect(json(byId)).toEqual(json(byAlias));
    const branded = await v6.run([
      'urls',
      'get',
      'https://go.example.com/brand',
      '--fields',
      'alias,domain',
      '-o',
      'csv',
    ]);
    expect(branded.stdout).toBe('alias,domain\nbrand,https://go.example.com\n');
  });

  test("urls add and update by alias print the record with numbers; the server's error is one line", async () => {
    await twoLinks();
    const added = await v6.run(['urls', 'add', 'https://example.com/new', '--custom', 'newone', '--json']);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(json(added)).toMatchObject({
      id: expect.any(Number),
      alias: 'newone',
      longurl: 'https://example.com/new',
      domain: '',
    });

    const updated = await v6.run(['urls', 'update', 'spring', '--meta-title', 'Summer', '--json']);
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(json(updated)).toMatchObject({
      alias: 'spring',
      title: 'Summer',
      clicks: 3,
      uniqueclicks: 1,
      expiry: '2031-01-01 00:00:00',
    });

    oneErrorLine(await v6.run(['urls', 'add', 'https://example.com/again', '--custom', 'spring']), /alias is taken/);
    oneErrorLine(await v6.run(['urls', 'update', '999', '--meta-title', 'X']), /Link does not exist\./);
    oneErrorLine(await v6.run(['urls', 'get', 'nosuch']), /no link with the alias "nosuch": Link does not exist\./);
  });

  test('urls delete by alias and id: one row per link, a one-line summary, exit 1 for the missing one', async () => {
    const { spring } = await twoLinks();
    const res = await v6.run(['urls', 'delete', 'spring', '42', '-y', '-o', 'csv']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe(
      `id,status,message\n${spring},deleted,Link has been deleted successfully.\n42,failed,Link does not exist.\n`,
    );
    expect(res.stderr).toBe('shorty: deleted 1 of 2 links; failed: 42 (Link does not exist.)\n');
    expect((await v6.sandbox.api('GET', `/url/${spring}`)).json.error).toBe(1);
  });
});

describe('get of every listed resource on v6 (ids sent as strings)', () => {
  test.each([
    ['domains', '/domain/add', { domain: 'https://get.example.com' }],
    ['pixels', '/pixel/add', { type: 'bing', name: 'Px', tag: 'T' }],
    ['campaigns', '/campaign/add', { name: 'Getme', slug: 'getme' }],
    ['channels', '/channel/add', { name: 'Getme' }],
  ])('%s get: the list item, its id a number; an unknown id is one line, exit 1', async (group, path, body) => {
    const id = Number((await v6.sandbox.api('POST', path, body)).json.id);
    const list = json<Record<string, unknown>[]>(await v6.run([group, 'list', '--json']));
    const res = await v6.run([group, 'get', String(id), '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res)).toEqual(list.find((item) => item.id === id));
    expect(json(res).id).toBe(id);
    const missing = await v6.run([group, 'get', '99']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/^shorty: \w+ 99 not found\n/);
  });

  test.each(['overlays', 'splash'])('%s get of a seeded item prints it with a numeric id', async (group) => {
    const [first] = json<{ id: unknown; name: string }[]>(await v6.run([group, 'list', '--json']));
    expect(typeof first.id).toBe('number');
    const res = await v6.run([group, 'get', String(first.id), '-o', 'tsv']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.split('\n')[1]).toMatch(new RegExp(`^${String(first.id)}\\t.*${first.name}`));
  });

  test('channels items lists the links assigned, with numeric ids', async () => {
    const { spring, branded } = await twoLinks();
    const channel = Number((await v6.sandbox.api('POST', '/channel/add', { name: 'Work' })).json.id);
    const assigned = await v6.run([
      'channels',
      'assign',
      String(channel),
      'link',
      String(spring),
      String(branded),
      '-o',
      'csv',
    ]);
    expect(assigned.exitCode, assigned.stderr).toBe(0);
    expect(assigned.stdout).toBe(
      `id,status,message\n${spring},added,Link successfully added to the channel.\n${branded},added,Link successfully added to the channel.\n`,
    );
    const items = json<Record<string, unknown>[]>(await v6.run(['channels', 'items', String(channel), '--json']));
    expect(items.map((item) => [item.type, item.id])).toEqual([
      ['links', branded],
      ['links', spring],
    ]);

    // v6 checks duplicates per channel: the second time, each item fails on its own line
    const again = await v6.run(['channels', 'assign', String(channel), 'link', String(spring), '77', '-o', 'csv']);
    expect(again.exitCode).toBe(1);
    expect(again.stdout).toBe(
      `id,status,message\n${spring},failed,This item is already added to the selected channel.\n77,failed,Link does not exist.\n`,
    );
    expect(again.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('read-before-write updates on v6', () => {
  test('campaigns update --private re-sends the current (capitalised) name and prints the campaign', async () => {
    const id = Number(
      (await v6.sandbox.api('POST', '/campaign/add', { name: 'spring', slug: 'spring', public: true })).json.id,
    );
    const res = await v6.runLogged(['campaigns', 'update', String(id), '--private', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(calls(res.requests)).toEqual(['GET /api/campaigns', `PUT /api/campaign/${id}/update`]);
    expect(res.requests[1].body).toEqual({ name: 'Spring', public: false });
    expect(json(res)).toMatchObject({ id, name: 'Spring', public: false, rotator: `${v6.sandbox.baseUrl}/r/spring` });
    // The answer has no `views` (list items do): the record printed is still the one `get` prints.
    expect(json(res)).toEqual(json(await v6.run(['campaigns', 'get', String(id), '--json'])));
    expect(json(res)).toHaveProperty('views');
    oneErrorLine(await v6.run(['campaigns', 'add', 'Spring']), /already have a campaign with that name/);
  });

  test('pixels update --name keeps type and tag; an unknown pixel is one line, exit 1', async () => {
    const id = Number(
      (await v6.sandbox.api('POST', '/pixel/add', { type: 'fbpixel', name: 'Old', tag: '1234' })).json.id,
    );
    const res = await v6.run(['pixels', 'update', String(id), '--name', 'New', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(await v6.run(['pixels', 'get', String(id), '--json']))).toMatchObject({
      id,
      type: 'fbpixel',
      name: 'New',
      tag: '1234',
    });
    // --tag alone: the answer is a message, the pixel read first gives the rest of the record.
    const tagged = await v6.run(['pixels', 'update', String(id), '--tag', '5678', '--json']);
    expect(json(tagged)).toEqual(json(await v6.run(['pixels', 'get', String(id), '--json'])));
    expect(json(tagged)).toMatchObject({ id, type: 'fbpixel', name: 'New', tag: '5678' });
    const missing = await v6.run(['pixels', 'update', '9', '--name', 'X']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^shorty: pixel 9 not found\n/);
  });
});

describe('domains, legacy, status and sync on v6', () => {
  test('domains add takes a bare host; legacy create --domain puts the link on it', async () => {
    const added = await v6.run(['domains', 'add', 'go.example.com', '--json']);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(json(added)).toEqual({ id: expect.any(Number), domain: 'https://go.example.com' });
    oneErrorLine(await v6.run(['domains', 'add', 'go.example.com']), /already been added/);
    const legacy = await v6.run([
      'legacy',
      'create',
      'https://example.com/leg',
      '--domain',
      'go.example.com',
      '--json',
    ]);
    expect(legacy.exitCode, legacy.stderr).toBe(0);
    expect(json(legacy).shorturl).toMatch(/^https:\/\/go\.example\.com\/\w+$/);
  });

  test('status: the key checks ok against a v6 account on the free plan', async () => {
    const res = await v6.run(['status', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res)).toMatchObject({ key_check: 'ok', account: 'sandbox@example.com' });
    expect(res.stdout).not.toContain(v6.sandbox.apiKey);
  });

  test('urls sync -y, then --check reads one page and writes nothing; a changed cell makes --check exit 1', async () => {
    const dir = tempDir('shorty-v6-sync-');
    const file = join(dir, 'links.csv');
    writeFileSync(
      file,
      'alias,url,metatitle,metadescription\napple,https://example.com/apple,Apple,Fruit\npear,https://example.com/pear,Pear,\n',
    );
    const applied = await v6.run(['urls', 'sync', file, '-y']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    const check = await v6.runLogged(['urls', 'sync', file, '--check']);
    expect(check.exitCode, check.stderr).toBe(0);
    expect(calls(check.requests)).toEqual(['GET /api/urls']);
    const listed = json<Record<string, unknown>[]>(
      await v6.run(['urls', 'list', '--fields', 'alias,title,description,clicks', '--json']),
    );
    expect(listed).toEqual(
      expect.arrayContaining([
        { alias: 'apple', title: 'Apple', description: 'Fruit', clicks: 0 },
        { alias: 'pear', title: 'Pear', description: '', clicks: 0 },
      ]),
    );
    writeFileSync(
      file,
      'alias,url,metatitle,metadescription\napple,https://example.com/apple,Apple,Fruit\npear,https://example.com/pear,Pear,Green\n',
    );
    const drift = await v6.runLogged(['urls', 'sync', file, '--check']);
    expect(drift.exitCode).toBe(1);
    // the arrow is ASCII where the terminal's locale is not UTF-8
    expect(drift.stdout).toMatch(/^~ pear {2}description: "" (→|->) "Green"$/m);
    expect(calls(drift.requests)).toEqual(['GET /api/urls']);
  });
});
