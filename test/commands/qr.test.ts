import { describe, expect, test } from 'vitest';
import { renderQr } from '../../src/commands/qr/terminal.js';
import { runInProcess } from '../helpers/in-process.js';
import { useHostileServer } from '../helpers/hostile-server.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ resetData: true, inProcess: true });
const { sandbox, run } = cli;

const shorty = (args: string[]) => run(args);
const hostile = useHostileServer();

async function seedQr(body: Record<string, unknown>): Promise<{ id: number; link: string }> {
  const res = await sandbox.api('POST', '/qr/add', body);
  expect(res.json.error).toBe(0);
  await sandbox.admin.reset();
  return { id: res.json.id, link: res.json.link };
}

async function sent(): Promise<{ method: string; path: string; body: unknown }[]> {
  return (await sandbox.admin.requests()).map(({ method, path, body }) => ({ method, path, body }));
}

describe('qr add', () => {
  test('every option lands in the body; --json prints {id, link}', async () => {
    const res = await shorty([
      'qr',
      'add',
      '--type',
      'text',
      '--data',
      'Hello there',
      '--background',
      'rgb( 255, 255, 224 )',
      '--foreground',
      'rgb(30,144,255)',
      '--logo',
      'https://cdn.example.com/logo.png',
      '--json',
    ]);
    expect(res.exitCode).toBe(0);
    expect(await sent()).toEqual([
      {
        method: 'POST',
        path: '/api/qr/add',
        body: {
          type: 'text',
          data: 'Hello there',
          background: 'rgb(255,255,224)',
          foreground: 'rgb(30,144,255)',
          logo: 'https://cdn.example.com/logo.png',
        },
      },
    ]);
    expect(JSON.parse(res.stdout)).toEqual({ id: 1, link: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/qr\//) });
  });

  test('a name as the argument (or --name) is sent as `name` and shows in the list', async () => {
    const res = await shorty(['qr', 'add', 'Menu', '--type', 'link', '--data', 'https://example.com/menu', '-q']);
    expect(res).toMatchObject({ exitCode: 0, stdout: '1\n' });
    expect((await sent())[0].body).toEqual({ type: 'link', data: 'https://example.com/menu', name: 'Menu' });
    expect(JSON.parse((await shorty(['qr', 'list', '--json', '--fields', 'id,name'])).stdout)).toEqual([
      { id: 1, name: 'Menu' },
    ]);
    const twice = await shorty(['qr', 'add', 'A', '--name', 'B', '--type', 'text', '--data', 'x']);
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toMatch(/^shorty: two names for the QR code/);
  });

  test('structured types send JSON data as an object; -q prints the id', async () => {
    const wifi = { ssid: 'Office', password: 'secret', encryption: 'WPA' };
    const res = await shorty(['qrs', 'create', '--type', 'wifi', '--data', JSON.stringify(wifi), '-q']);
    expect(res).toMatchObject({ exitCode: 0, stdout: '1\n' });
    expect((await sent())[0].body).toEqual({ type: 'wifi', data: wifi });
  });

  test('--show draws on stderr beside data formats, so stdout stays parseable; with -q the drawing is all of stdout', async () => {
    const shown = await shorty([
      'qr',
      'add',
      '--type',
      'link',
      '--data',
      'https://example.com/menu',
      '--show',
      '-o',
      'tsv',
    ]);
    expect(shown.exitCode).toBe(0);
    const [head, row, ...rest] = shown.stdout.split('\n');
    const [id, link] = row.split('\t');
    expect([head, id, rest.join('\n')]).toEqual(['id\tlink', '1', '']);
    // The code `qr get` draws: the service's tracking link, so scans of it count (not the content).
    expect(link).toBe((await sandbox.api('GET', '/qr/1')).json.details.link);
    expect(shown.stderr).toBe(await renderQr(link));
    expect(shown.stderr).not.toBe(await renderQr('https://example.com/menu'));
    const quiet = await shorty(['qr', 'add', '--type', 'text', '--data', 'Table 7', '--show', '-q']);
    expect(quiet).toMatchObject({
      exitCode: 0,
      stdout: await renderQr((await sandbox.api('GET', '/qr/2')).json.details.link),
    });
  });
});

describe('qr add --show draws the code qr get draws, whatever the type', () => {
  const contents: [string, string][] = [
    ['vcard', JSON.stringify({ name: 'Ada Lovelace', phone: '+441234567890', email: 'ada@example.com' })],
    ['wifi', JSON.stringify({ ssid: 'Office', password: 'secret', encryption: 'WPA' })],
    ['email', JSON.stringify({ email: 'hello@example.com', subject: 'Hi', body: 'Hello' })],
    ['phone', '+15551234567'],
    ['sms', JSON.stringify({ phone: '+15551234567', message: 'Hello' })],
    ['text', 'Table 7'],
  ];
  test.each(contents)('%s: the drawing is the one `qr get` ends with, its tracking link', async (type, data) => {
    const added = await shorty(['qr', 'add', '--type', type, '--data', data, '--show', '-q']);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).toBe('');
    const { id, link } = (await sandbox.api('GET', '/qr')).json.data.qrs[0];
    expect(added.stdout).toBe(await renderQr(link));
    expect(added.stdout).not.toBe(await renderQr(data));
    // What `qr get` shows on a terminal (in a UTF-8 locale, where it draws): the code's view, its drawing last.
    const got = await runInProcess(['qr', 'get', String(id)], {
      env: { ...cli.env, LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' },
      terminalColumns: 100,
    });
    expect(got.exitCode, got.stderr).toBe(0);
    expect(got.stdout).toContain('▄');
    expect(got.stdout.endsWith(added.stdout)).toBe(true);
  });

  test('a server that returns no link: the code is printed, one warning says nothing was drawn, exit 0', async () => {
    hostile().answer({ body: { error: 0, id: 12 } });
    const env = { SHORTY_BASE_URL: hostile().url, SHORTY_API_KEY: 'k'.repeat(32), SHORTY_RATE_LIMIT: '1000/60s' };
    const wifi = JSON.stringify({ ssid: 'Office', password: 'pw' });
    for (const [flags, stdout] of [
      // The answer as it came, without a link: tsv prints the columns it has.
      [['-o', 'tsv'], 'id\n12\n'],
      [['-q'], '12\n'],
    ] as const) {
      const res = await runInProcess(['qr', 'add', '--type', 'wifi', '--data', wifi, '--show', ...flags], { env });
      expect(res).toMatchObject({ exitCode: 0, stdout });
      expect(res.stderr).toBe(
        'warning: nothing drawn: the server returned no link for QR code 12: `shorty qr get 12` draws it once the server lists one\n',
      );
    }
    expect(hostile().requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/qr/add', 'POST /api/qr/add']);
  });

  test('urls add --qr under the same rule: an answer without a short URL is printed, with the warning', async () => {
    hostile().answer({ body: { error: 0, id: 31 } });
    const env = { SHORTY_BASE_URL: hostile().url, SHORTY_API_KEY: 'k'.repeat(32), SHORTY_RATE_LIMIT: '1000/60s' };
    const res = await runInProcess(['urls', 'add', 'https://example.com/no-short', '--qr', '--json'], { env });
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ id: 31, longurl: 'https://example.com/no-short' });
    expect(res.stderr).toBe('warning: nothing drawn: the server returned no short URL for the link\n');
    // -q prints the short URL, which there is none of: the warning is all (it was silence).
    const quiet = await runInProcess(['urls', 'add', 'https://example.com/no-short', '--qr', '-q'], { env });
    expect(quiet).toMatchObject({ exitCode: 0, stdout: '', stderr: res.stderr });
  });
});

describe('qr list, get, update, delete', () => {
  test('list --all over pages, newest first', async () => {
    for (let i = 1; i <= 3; i++) await seedQr({ type: 'text', data: `code ${i}` });
    const res = await shorty(['qr', 'ls', '--all', '--limit', '2', '-q']);
    expect(res.stdout).toBe('3\n2\n1\n');
    expect((await sandbox.admin.requests()).map((r) => r.query)).toEqual([{ limit: '2' }, { limit: '2', page: '2' }]);
  });

  test('get --json is one flat record: the code as qr list names it, then its scans; -q prints the id', async () => {
    const { id, link } = await seedQr({ type: 'link', data: 'https://example.com' });
    const res = await shorty(['qr', 'get', String(id), '--json']);
    expect(res.exitCode).toBe(0);
    const record = JSON.parse(res.stdout);
    expect(record).toMatchObject({
      id,
      link,
      scans: expect.any(Number),
      clicks: expect.any(Number),
      uniqueclicks: expect.any(Number),
    });
    expect(Object.keys(record).slice(0, 5)).toEqual(['id', 'link', 'scans', 'name', 'date']);
    expect(record).not.toHaveProperty('details');
    const csv = await shorty(['qr', 'get', String(id), '-o', 'csv', '--fields', 'id,link,clicks']);
    expect(csv.stdout).toBe(`id,link,clicks\n${id},${link},${record.clicks}\n`);
    expect((await shorty(['qr', 'show', String(id), '-q'])).stdout).toBe(`${id}\n`);
  });

  test('update sends data and look options; the message goes to stderr, or stdout with --json', async () => {
    const { id } = await seedQr({ type: 'link', data: 'https://example.com' });
    const res = await shorty([
      'qr',
      'update',
      String(id),
      '--data',
      'https://example.com/new',
      '--foreground',
      'rgb(0,0,0)',
    ]);
    expect(res).toMatchObject({ exitCode: 0, stdout: '' });
    expect(res.stderr).toMatch(/updated/);
    const json = await shorty(['qr', 'edit', String(id), '--type', 'vcard', '--data', '{"name":"Ada"}', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ message: expect.stringMatching(/updated/) });
    expect((await sent()).map((r) => r.body)).toEqual([
      { data: 'https://example.com/new', foreground: 'rgb(0,0,0)' },
      { type: 'vcard', data: { name: 'Ada' } },
    ]);
  });

  test('delete several with -y; without -y and no TTY: exit 2 and nothing sent', async () => {
    const a = await seedQr({ type: 'text', data: 'a' });
    const b = await seedQr({ type: 'text', data: 'b' });
    const refused = await shorty(['qr', 'delete', String(a.id)]);
    expect(refused.exitCode).toBe(2);
    expect(await sent()).toEqual([]);
    const res = await shorty(['qr', 'rm', String(a.id), String(b.id), '-y']);
    expect(res.exitCode).toBe(0);
    expect((await sent()).map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /api/qr/${a.id}/delete`,
      `DELETE /api/qr/${b.id}/delete`,
    ]);
  });
});

describe('errors', () => {
  const invalid: [string, string[], RegExp][] = [
    ['unknown type', ['qr', 'add', '--type', 'barcode', '--data', 'x'], /invalid QR type "barcode"/],
    ['missing --data', ['qr', 'add', '--type', 'text'], /--data/],
    ['empty data', ['qr', 'add', '--type', 'text', '--data', ' '], /--data: must not be empty/],
    ['link data that is not a URL', ['qr', 'add', '--type', 'link', '--data', 'example.com'], /--data/],
    ['broken JSON', ['qr', 'add', '--type', 'vcard', '--data', '{"name":'], /not valid JSON/],
    ['empty JSON object', ['qr', 'add', '--type', 'wifi', '--data', '{}'], /non-empty/],
    ['rgb above 255', ['qr', 'add', '--type', 'text', '--data', 'x', '--background', 'rgb(0,0,256)'], /--background/],
    ['hex instead of rgb', ['qr', 'add', '--type', 'text', '--data', 'x', '--foreground', '#000000'], /--foreground/],
    ['logo not an image', ['qr', 'add', '--type', 'text', '--data', 'x', '--logo', 'logo.gif'], /--logo/],
    ['logo ftp URL', ['qr', 'add', '--type', 'text', '--data', 'x', '--logo', 'ftp://e.com/l.png'], /--logo/],
    ['get 0', ['qr', 'get', '0'], /invalid QR code id "0"/],
    ['update 00', ['qr', 'update', '00', '--data', 'x'], /invalid QR code id "00"/],
    ['update an empty name', ['qr', 'update', ' ', '--data', 'x'], /invalid QR code: empty/],
    [
      'update without --data',
      ['qr', 'update', '3', '--background', 'rgb(0,0,0)'],
      /^shorty: qr update needs --data: the service replaces the content on every update/m,
    ],
    ['update with unknown type', ['qr', 'update', '3', '--type', 'nope', '--data', 'x'], /QR type/],
    ['delete -1', ['qr', 'delete', '-1', '-y'], /invalid QR code id "-1"/],
  ];
  test.each(invalid)('invalid: %s -> exit 2, nothing sent', async (_name, args, message) => {
    const res = await shorty(args);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(message);
    expect((await sandbox.admin.stats()).requests).toBe(0);
  });

  test.each([
    ['get', ['qr', 'get', '42']],
    ['update', ['qr', 'update', '42', '--data', 'x']],
    ['delete', ['qr', 'delete', '42', '-y']],
  ])('not found: %s -> exit 1', async (_name, args) => {
    const res = await shorty(args);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^shorty: .*does not exist/);
  });
});
