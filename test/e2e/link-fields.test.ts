// One field name works for a link in every command that prints one, in every format: main()
// against the sandbox, `--fields alias,longurl` on each.
import { describe, expect, test } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true, resetData: true });

const FIELDS = ['--fields', 'id,alias,longurl'];

describe('--fields alias,longurl in every command that prints a link', () => {
  test.each([['csv'], ['json']])('add, list, get, lookup, update, export, import results (-o %s)', async (format) => {
    const created = await cli.run([
      'urls',
      'add',
      'https://example.com/one',
      '--custom',
      'one',
      '-o',
      format,
      ...FIELDS,
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    const id = format === 'json' ? JSON.parse(created.stdout).id : Number(created.stdout.split('\n')[1].split(',')[0]);
    const expected = (longurl: string) =>
      format === 'json' ? { id, alias: 'one', longurl } : `id,alias,longurl\n${id},one,${longurl}\n`;
    const parse = (stdout: string) => (format === 'json' ? JSON.parse(stdout) : stdout);
    expect(parse(created.stdout)).toEqual(expected('https://example.com/one'));

    const listed = await cli.run(['urls', 'list', '-o', format, ...FIELDS]);
    expect(parse(listed.stdout)).toEqual(
      format === 'json' ? [expected('https://example.com/one')] : expected('https://example.com/one'),
    );

    for (const ref of [String(id), 'one', `${cli.sandbox.baseUrl}/one`]) {
      const got = await cli.run(['urls', 'get', ref, '-o', format, ...FIELDS]);
      expect(parse(got.stdout), `urls get ${ref}`).toEqual(expected('https://example.com/one'));
      const looked = await cli.run(['urls', 'lookup', ref, '-o', format, ...FIELDS]);
      expect(parse(looked.stdout), `urls lookup ${ref}`).toEqual(expected('https://example.com/one'));
    }

    const updated = await cli.run([
      'urls',
      'update',
      'one',
      '--url',
      'https://example.com/two',
      '-o',
      format,
      ...FIELDS,
    ]);
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(parse(updated.stdout)).toEqual(expected('https://example.com/two'));

    const exported = await cli.run(['urls', 'export', '-o', format, ...FIELDS]);
    expect(parse(exported.stdout)).toEqual(
      format === 'json' ? [expected('https://example.com/two')] : expected('https://example.com/two'),
    );

    const imported = await cli.run(['urls', 'import', '-', '-o', format, '--fields', 'alias,longurl'], {
      input: 'url,custom\nhttps://example.com/three,three\n',
    });
    expect(imported.exitCode, imported.stderr).toBe(0);
    expect(parse(imported.stdout)).toEqual(
      format === 'json'
        ? [{ alias: 'three', longurl: 'https://example.com/three' }]
        : 'alias,longurl\nthree,https://example.com/three\n',
    );
  });

  test("the old names of the API's answers are unknown fields everywhere: exit 2, nothing sent", async () => {
    for (const [args, old] of [
      [['urls', 'get', '1'], 'details.longurl'],
      [['urls', 'update', '1', '--meta-title', 'T'], 'short'],
      [['urls', 'lookup', 'one'], 'data.clicks'],
      [['urls', 'export'], 'url'],
    ] as const) {
      const res = await cli.runLogged([...args, '--fields', old]);
      expect(res.exitCode, `${args.join(' ')} --fields ${old}`).toBe(2);
      expect(res.stderr).toMatch(/^hint: valid fields: id, alias, shorturl, longurl, /m);
      expect(res.requests).toEqual([]);
    }
  });
});

describe('--expiry: the zone rule, in a process of a known zone', () => {
  // A real process: the zone (TZ) is read once per process, so main() in this one cannot change it.
  const cli = useSandboxCli({ resetData: true });
  test('TZ=America/New_York: an offset is converted to local time; a time without one is sent as typed', async () => {
    const env = { TZ: 'America/New_York' };
    const zoned = await cli.runLogged(
      ['urls', 'add', 'https://example.com/z', '--expiry', '2031-01-02T10:00:00Z', '-q'],
      {
        env,
      },
    );
    expect(zoned.exitCode, zoned.stderr).toBe(0);
    const local = await cli.runLogged(['urls', 'update', zoned.stdout.trim(), '--expiry', '2031-07-02 10:00', '-q'], {
      env,
    });
    expect(local.exitCode, local.stderr).toBe(0);
    expect([zoned.requests[0].body, local.requests.at(-1)?.body]).toMatchObject([
      { expiry: '2031-01-02 05:00:00' },
      { expiry: '2031-07-02 10:00:00' },
    ]);
  });
});
