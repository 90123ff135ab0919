// What `urls import` says about its input before it sends anything: columns it will not read,
// a missing URL column, files that would clobber each other, lines no URL is that long.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, test } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { env, run, runLogged } = useSandboxCli({
  inProcess: true,
  rateLimit: '100000/60s',
  clientRateLimit: '100000/60s',
  resetData: true,
});
const csv = (text: string): Record<string, string>[] => parse(text, { columns: true });
let dir: string;
beforeAll(() => {
  dir = tempDir('shorty-import-input-');
});
function file(name: string, text: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const adds = (requests: { path: string; body?: unknown }[]) =>
  requests.filter((r) => r.path === '/api/url/add').map((r) => r.body as Record<string, unknown>);

describe('columns', () => {
  test('the headers a new user writes are read; an unknown one is named in one warning, before the rows, in --dry-run too', async () => {
    const path = file(
      'words.csv',
      'Long URL,Title,Custom alias,Notes,Owner\nhttps://example.com/a,Spring,spring-1,n,me\n',
    );
    const dry = await runLogged(['urls', 'import', path, '--dry-run']);
    expect(dry.exitCode).toBe(0);
    const warning = 'warning: not importing columns "Notes", "Owner"; accepted columns: url, custom, type,';
    expect(dry.stderr.split('\n')[0]).toMatch(new RegExp(`^${warning}`));
    expect(dry.stderr.match(/warning/g)).toHaveLength(1);
    expect(dry.requests).toEqual([]);

    const live = await runLogged(['urls', 'import', path]);
    expect(live.exitCode).toBe(0);
    expect(live.stderr.split('\n')[0]).toMatch(new RegExp(`^${warning}`));
    expect(adds(live.requests)).toEqual([{ url: 'https://example.com/a', custom: 'spring-1', metatitle: 'Spring' }]);
    expect(csv(live.stdout)[0]).toMatchObject({ Notes: 'n', Owner: 'me', status: 'ok' });
  });

  test('no column of long URLs: exit 2 naming the accepted names, nothing sent; --map reads it', async () => {
    const path = file('ziel.csv', 'Ziel;Kurzname\nhttps://example.com/z;kurz-1\n');
    const res = await runLogged(['urls', 'import', path]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(
      /^shorty: .*ziel\.csv has no column of long URLs among "Ziel", "Kurzname"; accepted names: url, longurl, destination, .*link/m,
    );
    expect(res.stderr).toContain('hint: rename that column, or map it: --map "HEADER=url"');
    expect(res.stdout).toBe('');
    expect(res.requests).toEqual([]);

    const mapped = await runLogged(['urls', 'import', path, '--map', 'ziel=url', '--map', 'Kurzname=alias']);
    expect(mapped.exitCode).toBe(0);
    expect(mapped.stderr).not.toMatch(/warning/);
    expect(adds(mapped.requests)).toEqual([{ url: 'https://example.com/z', custom: 'kurz-1' }]);
    expect((await run(['urls', 'import', path, '--map', 'Ziel'])).exitCode).toBe(2);
  });

  test('the export and result columns are ignored without a word', async () => {
    const path = file(
      'results.csv',
      'url,id,shorturl,clicks,uniqueclicks,date,row,status,error\nhttps://example.com/r,7,http://x/y,3,1,2020-01-01 00:00:00,1,ok,\n',
    );
    const res = await runLogged(['urls', 'import', path]);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).not.toMatch(/warning/);
    expect(adds(res.requests)).toEqual([{ url: 'https://example.com/r' }]);
  });
});

describe('lines', () => {
  test('a semicolon or tab row read as lines is invalid, never a junk link', async () => {
    const res = await runLogged(['urls', 'import', '-'], {
      input: 'https://example.com/a;spring;Café crème\nhttps://example.com/b\tsummer\nhttps://example.com/ok\n',
    });
    expect(res.exitCode).toBe(1);
    expect(csv(res.stdout).map((r) => r.status)).toEqual(['invalid', 'invalid', 'ok']);
    expect(adds(res.requests)).toEqual([{ url: 'https://example.com/ok' }]);
  });

  test('a 64 MB line is refused with exit 2 before anything is sent', async () => {
    const path = file('huge.txt', `https://example.com/${'x'.repeat(64 * 1024 * 1024)}\n`);
    const res = await runLogged(['urls', 'import', path]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: line 1 of .*huge\.txt is longer than 1 MiB/m);
    expect(res.requests).toEqual([]);
  });
});

describe('the input, --journal and --failed-out are three files', () => {
  const input = 'url\nhttps://example.com/1\n';

  test.each(['--journal', '--failed-out'])('%s naming the input is exit 2 and leaves it untouched', async (flag) => {
    const path = file(`same${flag}.csv`, input);
    const res = await runLogged(['urls', 'import', path, flag, join(dir, '.', `same${flag}.csv`)]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(new RegExp(`^shorty: the input and ${flag} are the same file`, 'm'));
    expect(readFileSync(path, 'utf8')).toBe(input);
    expect(res.requests).toEqual([]);
  });

  test('--journal and --failed-out naming one file is exit 2', async () => {
    const res = await runLogged([
      'urls',
      'import',
      file('in.csv', input),
      '--journal',
      join(dir, 'out'),
      '--failed-out',
      join(dir, 'out'),
    ]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: --journal and --failed-out are the same file/m);
  });

  test('stdin redirected from the journal file is exit 2', async () => {
    const path = file('journal.csv', input);
    // `shorty urls import - --journal journal.csv < journal.csv`: the child's stdin is the file itself.
    const fd = openSync(path, 'r');
    const child = spawn(process.execPath, [BIN, 'urls', 'import', '-', '--journal', path], {
      env: { ...process.env, ...env, SHORTY_CONFIG_DIR: tempDir() },
      stdio: [fd, 'pipe', 'pipe'],
    });
    closeSync(fd);
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.stdout!.resume();
    const [exitCode] = (await once(child, 'close')) as [number];
    const res = { exitCode, stderr };
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: the input \(stdin\) and --journal are the same file/m);
    expect(readFileSync(path, 'utf8')).toBe(input);
  });
});
