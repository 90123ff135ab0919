// Commands that send one request per item (every delete, assign with several items): each item's
// result names it, a summary ends the run, and any failed item makes the exit code 1.
import { describe, expect, it } from 'vitest';
import { calls, json, useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true, resetData: true });

async function create(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await cli.sandbox.api('POST', path, body);
  expect(res.json.error).toBe(0);
  return res.json.id as number;
}
const addLink = (n: number) => create('/url/add', { url: `https://example.com/${n}` });

describe('delete: one result per id, then a summary', () => {
  it('a table names each id on stdout; the summary goes to stderr; a failure is exit 1', async () => {
    const a = await addLink(1);
    const b = await addLink(2);
    const res = await cli.runLogged(['urls', 'delete', String(a), '999', String(b), '-y', '-o', 'table']);
    expect(res.exitCode).toBe(1);
    expect(calls(res.requests)).toEqual([
      `DELETE /api/url/${a}/delete`,
      'DELETE /api/url/999/delete',
      `DELETE /api/url/${b}/delete`,
    ]);
    expect(res.stdout).toBe(`✓ deleted ${a}\n✗ 999: Link does not exist.\n✓ deleted ${b}\n`);
    expect(res.stderr).toBe('shorty: deleted 2 of 3 links; failed: 999 (Link does not exist.)\n');
  });

  it('all deleted: exit 0 and "deleted N of N" on stderr; one id needs no summary', async () => {
    const ids = [
      await create('/pixel/add', { type: 'gtmpixel', name: 'A', tag: 'GTM-A' }),
      await create('/pixel/add', { type: 'bing', name: 'B', tag: 'B1' }),
    ];
    const res = await cli.run(['pixels', 'rm', ...ids.map(String), '-y', '-o', 'table']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toBe(ids.map((id) => `✓ deleted ${id}\n`).join(''));
    expect(res.stderr).toBe('deleted 2 of 2 pixels\n');
    const one = await create('/campaign/add', { name: 'C' });
    const single = await cli.run(['campaigns', 'delete', String(one), '-y', '-o', 'table']);
    expect(single.stdout).toBe(`✓ deleted ${one}\n`);
    expect(single.stderr).toBe('');
  });

  it('one id that fails: its line, and the reason in the error line', async () => {
    const res = await cli.run(['qr', 'delete', '42', '-y', '-o', 'table']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('✗ 42: QR code does not exist.\n');
    expect(res.stderr).toBe('shorty: could not delete QR code 42: QR code does not exist.\n');
  });

  it('-q prints the ids deleted, never a failed one; the error line still says what failed', async () => {
    const a = await create('/channel/add', { name: 'One' });
    const res = await cli.run(['channels', 'delete', '77', String(a), '-y', '-q']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe(`${a}\n`);
    expect(res.stderr).toBe('shorty: deleted 1 of 2 channels; failed: 77 (Channel does not exist.)\n');
    const quiet = await cli.run([
      'channels',
      'delete',
      String(await create('/channel/add', { name: 'Two' })),
      '-y',
      '-q',
    ]);
    expect(quiet.stderr).toBe('');
  });

  it('ndjson and csv carry {id, status, message} per id; --fields chooses among them', async () => {
    const a = await addLink(3);
    const nd = await cli.run(['urls', 'delete', String(a), '998', '-y', '-o', 'ndjson']);
    expect(
      nd.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { id: a, status: 'deleted', message: 'Link has been deleted successfully.' },
      { id: 998, status: 'failed', message: 'Link does not exist.' },
    ]);
    const csv = await cli.run(['urls', 'delete', '997', '-y', '-o', 'csv', '--fields', 'status,id']);
    expect(csv.stdout).toBe('status,id\nfailed,997\n');
    const bad = await cli.runLogged(['urls', 'delete', '997', '-y', '--fields', 'nope']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('valid fields: id, status, message');
    expect(bad.requests).toEqual([]);
  });
});

describe('an item named twice is one item', () => {
  it('delete sends one request per link, however often and however it was named (id, alias)', async () => {
    const spring = await create('/url/add', { url: 'https://example.com/twice', custom: 'twice' });
    const res = await cli.runLogged([
      'urls',
      'delete',
      String(spring),
      'twice',
      ` ${spring}`,
      'twice',
      '-y',
      '-o',
      'table',
    ]);
    expect(res.exitCode).toBe(0);
    expect(calls(res.requests)).toEqual(['GET /api/urls', `DELETE /api/url/${spring}/delete`]);
    expect(res.stdout).toBe(`✓ deleted ${spring}\n`);
    expect(res.stderr).toBe('');
  });

  it('assign sends one request per item', async () => {
    const campaign = await create('/campaign/add', { name: 'Twice' });
    const a = await addLink(8);
    const res = await cli.runLogged(['campaigns', 'assign', String(campaign), String(a), String(a), '--json']);
    expect(res.exitCode).toBe(0);
    expect(calls(res.requests)).toEqual([`POST /api/campaign/${campaign}/assign/${a}`]);
    expect(json(res)).toEqual([{ id: a, status: 'added', message: expect.any(String) }]);
  });
});

describe('assign: several items, one result each', () => {
  it('campaigns assign takes several links', async () => {
    const campaign = await create('/campaign/add', { name: 'Spring' });
    const [a, b] = [await addLink(4), await addLink(5)];
    const res = await cli.runLogged([
      'campaigns',
      'assign',
      String(campaign),
      String(a),
      '404',
      String(b),
      '-o',
      'table',
    ]);
    expect(res.exitCode).toBe(1);
    expect(calls(res.requests)).toEqual([a, 404, b].map((id) => `POST /api/campaign/${campaign}/assign/${id}`));
    expect(res.stdout).toBe(`✓ added ${a}\n✗ 404: Link does not exist.\n✓ added ${b}\n`);
    expect(res.stderr).toBe(`shorty: added 2 of 3 links to campaign ${campaign}; failed: 404 (Link does not exist.)\n`);
    const ok = await cli.run(['campaigns', 'assign', String(campaign), String(a), String(b), '--json']);
    expect(ok.exitCode).toBe(0);
    expect(json(ok)).toEqual([a, b].map((id) => ({ id, status: 'added', message: expect.any(String) })));
    expect(ok.stderr).toBe(`added 2 of 2 links to campaign ${campaign}\n`);
  });

  it.each([
    ['link', 'links'],
    ['links', 'links'],
    ['qr', 'qr'],
    ['qrs', 'qr'],
    ['bio', 'bio'],
    ['bios', 'bio'],
  ])('channels assign takes the type %s (sent as %s)', async (given, sent) => {
    const channel = await create('/channel/add', { name: 'Team' });
    const ids =
      sent === 'links'
        ? [await addLink(6), await addLink(7)]
        : sent === 'qr'
          ? [await create('/qr/add', { type: 'text', data: 'a' }), await create('/qr/add', { type: 'text', data: 'b' })]
          : [5, 6];
    const res = await cli.runLogged(['channels', 'assign', String(channel), given, ...ids.map(String), '-q']);
    expect(res.exitCode).toBe(0);
    expect(calls(res.requests)).toEqual(ids.map((id) => `POST /api/channel/${channel}/assign/${sent}/${id}`));
    expect(res.stdout).toBe(ids.map((id) => `${id}\n`).join(''));
  });

  it('one failed item of one: the reason names the item and the channel', async () => {
    const channel = await create('/channel/add', { name: 'Team' });
    const res = await cli.run(['channels', 'assign', String(channel), 'link', '31337', '-o', 'table']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toBe(`shorty: could not add link 31337 to channel ${channel}: Link does not exist.\n`);
  });

  it.each([
    [['channels', 'assign', '1', 'page', '2']],
    [['channels', 'assign', '1', 'link', '2', '0']],
    [['campaigns', 'assign', '1', '2', 'a b']],
    [['campaigns', 'assign', '1']],
  ])('refuses %j before any request', async (args) => {
    const res = await cli.runLogged(args);
    expect(res.exitCode).toBe(2);
    expect(res.requests).toEqual([]);
  });
});

describe('urls add with several long URLs: one link each, each with its result', () => {
  it('a table line per link, a summary on stderr; -q prints the short URLs; one URL prints as before', async () => {
    const res = await cli.runLogged(['urls', 'add', 'https://example.com/m1', 'https://example.com/m2', '-o', 'table']);
    expect(res.exitCode).toBe(0);
    expect(calls(res.requests)).toEqual(['POST /api/url/add', 'POST /api/url/add']);
    expect(res.requests.map((r) => r.body)).toEqual([
      { url: 'https://example.com/m1' },
      { url: 'https://example.com/m2' },
    ]);
    expect(res.stdout).toMatch(
      /^✓ created \d+ http:\/\/127\.0\.0\.1:\d+\/\w+ for https:\/\/example\.com\/m1\n✓ created \d+ \S+ for https:\/\/example\.com\/m2\n$/,
    );
    expect(res.stderr).toBe('created 2 of 2 links\n');
    const quiet = await cli.run(['urls', 'add', 'https://example.com/q1', 'https://example.com/q2', '-q']);
    expect(quiet.stdout).toMatch(/^http:\/\/\S+\nhttp:\/\/\S+\n$/);
    expect(quiet.stderr).toBe('');
    const one = await cli.run(['urls', 'add', 'https://example.com/one', '--json']);
    expect(json(one)).toEqual({
      id: expect.any(Number),
      alias: expect.any(String),
      shorturl: expect.any(String),
      longurl: 'https://example.com/one',
      domain: '',
    });
  });

  it('ndjson records {id, status, alias, shorturl, longurl, message}; a failed link is exit 1 with nulls', async () => {
    const res = await cli.run([
      'urls',
      'add',
      'https://example.com/f1',
      'https://example.com/f2',
      '--channel',
      '99',
      '-o',
      'ndjson',
    ]);
    expect(res.exitCode).toBe(1);
    const records = res.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records).toEqual(
      ['https://example.com/f1', 'https://example.com/f2'].map((longurl) => ({
        id: null,
        status: 'failed',
        alias: null,
        shorturl: null,
        longurl,
        message: 'Channel does not exist.',
      })),
    );
    expect(res.stderr).toBe(
      'shorty: created 0 of 2 links; failed: https://example.com/f1 (Channel does not exist.), https://example.com/f2 (Channel does not exist.)\n',
    );
    const ok = await cli.run([
      'urls',
      'add',
      'https://example.com/n1',
      'https://example.com/n2',
      '--meta-title',
      'T',
      '-o',
      'ndjson',
    ]);
    const created = ok.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(created.map((r) => Object.keys(r))).toEqual(
      [0, 1].map(() => ['id', 'status', 'alias', 'shorturl', 'longurl', 'message']),
    );
    expect(created.map((r) => r.status)).toEqual(['created', 'created']);
    // The create's answer carries no message: null, as every absent value in the data formats.
    expect(created.map((r) => r.message)).toEqual([null, null]);
  });

  it.each([
    [['--custom', 'shared'], /--custom takes one long URL, not 2: an alias names one link/],
    [['--qr'], /--qr takes one long URL/],
    [['--copy'], /--copy takes one long URL/],
    [['--expiry', '2020-01-01'], /--expiry "2020-01-01".*in the past/],
  ])('%j with several URLs: exit 2 before any request', async (flags, message) => {
    const res = await cli.runLogged(['urls', 'add', 'https://example.com/x1', 'https://example.com/x2', ...flags]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.requests).toEqual([]);
  });

  it('--fields chooses among the results with several URLs, among the link fields with one', async () => {
    const csv = await cli.run([
      'urls',
      'add',
      'https://example.com/c1',
      'https://example.com/c2',
      '-o',
      'csv',
      '--fields',
      'longurl,status',
    ]);
    expect(csv.stdout).toBe('longurl,status\nhttps://example.com/c1,created\nhttps://example.com/c2,created\n');
    for (const [urls, field] of [
      [['https://example.com/t1', 'https://example.com/t2'], 'title'],
      [['https://example.com/s1'], 'status'],
    ] as const) {
      const res = await cli.runLogged(['urls', 'add', ...urls, '--fields', field]);
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toMatch(new RegExp(`^shorty: unknown field "${field}"`));
      expect(res.requests).toEqual([]);
    }
  });

  it('one bad URL among several: exit 2, nothing created', async () => {
    const res = await cli.runLogged(['urls', 'add', 'https://example.com/ok', 'example.com/no-scheme']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/invalid long URL "example\.com\/no-scheme"/);
    expect(res.requests).toEqual([]);
  });
});
