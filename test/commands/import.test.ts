import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, test } from 'vitest';
import { tempDir, type CliResult } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, run } = useSandboxCli({
  rateLimit: '100000/60s',
  clientRateLimit: '100000/60s',
  resetData: true,
  inProcess: true,
});
let dir: string;

beforeAll(() => {
  dir = tempDir('shorty-import-');
});

function shorty(args: string[], { input, rateLimit }: { input?: string; rateLimit?: string } = {}): Promise<CliResult> {
  return run(args, { input, env: rateLimit ? { SHORTY_RATE_LIMIT: rateLimit } : {} });
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const csv = (text: string): Record<string, string>[] => parse(text, { columns: true });

async function creates(): Promise<Record<string, unknown>[]> {
  return (await sandbox.admin.requests())
    .filter((r) => r.method === 'POST' && r.path === '/api/url/add')
    .map((r) => r.body as Record<string, unknown>);
}

describe('urls import input', () => {
  test('CSV edge cases: BOM, CRLF, quoted commas and newlines, UTF-8, aliases and passthrough columns', async () => {
    const path = file(
      'edge.csv',
      '\uFEFFlongurl,alias,metatitle,note\r\n' +
        'https://example.com/a?x=1,alpha,"Hello, ""world""",n1\r\n' +
        'https://example.com/ü,,"two\r\nlines",n2\r\n' +
        'https://example.com/c,,Grüße 👋,n3\r\n',
    );
    const res = await shorty(['urls', 'import', path]);
    expect(res.exitCode).toBe(0);
    // Several rows are in flight at once at this cap, so the server may see them in any order.
    const byUrl = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      String(a.url).localeCompare(String(b.url));
    expect((await creates()).sort(byUrl)).toEqual([
      { url: 'https://example.com/%C3%BC', metatitle: 'two\r\nlines' },
      { url: 'https://example.com/a?x=1', custom: 'alpha', metatitle: 'Hello, "world"' },
      { url: 'https://example.com/c', metatitle: 'Grüße 👋' },
    ]);
    const rows = csv(res.stdout);
    // The input's longurl and alias give way to the results', which name the link as every command does.
    expect(Object.keys(rows[0])).toEqual([
      'metatitle',
      'note',
      'row',
      'status',
      'id',
      'alias',
      'shorturl',
      'longurl',
      'error',
    ]);
    expect(rows.map((r) => r.longurl)).toEqual([
      'https://example.com/a?x=1',
      'https://example.com/ü',
      'https://example.com/c',
    ]);
    expect(rows.map((r) => [r.row, r.status, r.note, r.metatitle])).toEqual([
      // The rows a spreadsheet shows: the header is row 1, a cell's line break stays in its row.
      ['2', 'ok', 'n1', 'Hello, "world"'],
      ['3', 'ok', 'n2', 'two\r\nlines'],
      ['4', 'ok', 'n3', 'Grüße 👋'],
    ]);
    expect(rows[0]).toMatchObject({ alias: 'alpha', shorturl: `${sandbox.baseUrl}/alpha` });
    expect(res.stderr).toContain('3 rows, under a second at 100000/60s');
    expect(res.stderr).toMatch(/^3 ok in [\d.]+m?s$/m);
  });

  test('plain lines from stdin, results in order as ndjson', async () => {
    const res = await shorty(['urls', 'import', '-', '-o', 'ndjson'], {
      input: 'https://a.example/1\n\n# comment\nhttps://a.example/2,x\r\nhttps://a.example/3\n',
    });
    expect(res.exitCode).toBe(0);
    const rows = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.row, r.url, r.status])).toEqual([
      // Line numbers: the blank line and the comment count.
      [1, 'https://a.example/1', 'ok'],
      [4, 'https://a.example/2,x', 'ok'],
      [5, 'https://a.example/3', 'ok'],
    ]);
    expect((await creates()).map((b) => b.url).sort()).toEqual([
      'https://a.example/1',
      'https://a.example/2,x',
      'https://a.example/3',
    ]);
  });

  test('NDJSON with link-body shapes, forced with --format', async () => {
    const input = `${JSON.stringify({ url: 'https://a.example', custom: 'nd-one', geotarget: [{ location: 'Canada', link: 'https://a.ca' }], parameters: [{ name: 'utm', value: 'x' }] })}\n`;
    const res = await shorty(['urls', 'import', '-', '--format', 'ndjson', '-o', 'json'], { input });
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.stdout)[0]).toMatchObject({ row: 1, status: 'ok', custom: 'nd-one' });
    expect(await creates()).toEqual([
      {
        url: 'https://a.example/',
        custom: 'nd-one',
        geotarget: [{ location: 'Canada', link: 'https://a.ca/' }],
        parameters: [{ name: 'utm', value: 'x' }],
      },
    ]);
  });

  test('invalid rows are reported and never sent; exit 1', async () => {
    const path = file(
      'mixed.csv',
      'url,custom,pixels\nhttps://ok.example/1,,\nftp://bad.example,,\nhttps://ok.example/2,x,\nhttps://ok.example/3,,1;two\nhttps://ok.example/4,,\n',
    );
    const res = await shorty(['urls', 'import', path]);
    expect(res.exitCode).toBe(1);
    expect(csv(res.stdout).map((r) => [r.row, r.status])).toEqual([
      ['2', 'ok'],
      ['3', 'invalid'],
      ['4', 'invalid'],
      ['5', 'invalid'],
      ['6', 'ok'],
    ]);
    expect(csv(res.stdout)[2].error).toMatch(/at least 3 characters/);
    expect((await creates()).map((b) => b.url).sort()).toEqual(['https://ok.example/1', 'https://ok.example/4']);
    expect(res.stderr).toMatch(/^2 ok, 3 invalid in /m);
  });

  test('results stay in input order when later rows finish first', async () => {
    // The first two requests are answered late; with a high cap, four rows are in flight at once.
    await sandbox.admin.fault('slow', { count: 2, delayMs: 500 });
    const urls = Array.from({ length: 8 }, (_, i) => `https://order.example/${i + 1}`);
    const res = await shorty(['urls', 'import', '-', '-o', 'ndjson'], {
      input: urls.join('\n'),
      rateLimit: '100000/1s',
    });
    expect(res.exitCode).toBe(0);
    const rows = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.url)).toEqual(urls);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const created = (await creates()).map((b) => b.url);
    expect(created).toHaveLength(8);
    expect(created.slice(0, 2)).not.toEqual(urls.slice(0, 2));
  });

  test('--dry-run validates, sends nothing, and estimates the duration with the budget left', async () => {
    const lines = [...Array.from({ length: 411 }, (_, i) => `https://dry.example/${i}`), 'not a url'];
    const res = await shorty(['urls', 'import', '-', '--dry-run'], { input: lines.join('\n'), rateLimit: '30/60s' });
    expect(res.exitCode).toBe(1);
    expect(await sandbox.admin.requests()).toEqual([]);
    const rows = csv(res.stdout);
    expect(rows).toHaveLength(412);
    expect(rows[0]).toMatchObject({ row: '1', status: 'valid' });
    expect(rows[411]).toMatchObject({ row: '412', status: 'invalid' });
    // A fresh window: 30 go at once, the other 381 at 2 s each.
    expect(res.stderr).toContain('412 rows (1 invalid), about 13m at 30/60s');
    expect(res.stderr).toMatch(/411 valid, 1 invalid in .*nothing was sent/);
  });

  test('the progress bar stays away when stderr is not a terminal', async () => {
    const res = await shorty(['urls', 'import', '-'], { input: 'https://a.example/1\nhttps://a.example/2\n' });
    expect(res.exitCode).toBe(0);
    expect(res.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^2 rows, /),
      expect.stringMatching(/^2 ok in /),
    ]);
    expect(res.stderr).not.toMatch(/[█░]|ETA|\x1b\[/);
  });
});

describe('urls import recovery', () => {
  test('--failed-out writes failed and invalid rows as CSV that imports again once fixed', async () => {
    await sandbox.api('POST', '/url/add', { url: 'https://taken.example', custom: 'taken' });
    await sandbox.admin.reset();
    const failedOut = join(dir, 'failed.csv');
    const path = file(
      'to-fix.csv',
      'url,custom,metatitle\nhttps://good.example,,"a, b"\nhttps//bad.example,,"x\ny"\nhttps://dup.example,taken,t\n',
    );
    const first = await shorty(['urls', 'import', path, '--failed-out', failedOut]);
    expect(first.exitCode).toBe(1);
    const failed = csv(readFileSync(failedOut, 'utf8'));
    expect(failed.map((r) => [r.url, r.custom, r.metatitle])).toEqual([
      ['https//bad.example', '', 'x\ny'],
      ['https://dup.example', 'taken', 't'],
    ]);
    expect(failed[0].error).toMatch(/invalid url/);
    expect(failed[1].error).toBe('That alias is taken. Please choose another one.');

    writeFileSync(
      failedOut,
      readFileSync(failedOut, 'utf8').replace('https//bad', 'https://bad').replace(',taken,', ',taken2,'),
    );
    const again = await shorty(['urls', 'import', failedOut]);
    expect(again.exitCode).toBe(0);
    expect(csv(again.stdout).map((r) => r.status)).toEqual(['ok', 'ok']);
    expect((await creates()).slice(-2).sort((a, b) => String(a.url).localeCompare(String(b.url)))).toEqual([
      { url: 'https://bad.example/', metatitle: 'x\ny' },
      { url: 'https://dup.example/', custom: 'taken2', metatitle: 't' },
    ]);
  });

  test('--if-exists skip skips only the same link; an alias leading elsewhere is a conflict; the default fails both', async () => {
    await sandbox.api('POST', '/url/add', { url: 'https://first.example', custom: 'mine' });
    await sandbox.api('POST', '/url/add', { url: 'https://second.example', custom: 'same' });
    const path = file(
      'alias.csv',
      'url,custom\nhttps://second.example,mine\nhttps://third.example,other\nhttps://second.example/,same\n',
    );
    const skip = await shorty(['urls', 'import', path, '--if-exists', 'skip']);
    expect(skip.exitCode).toBe(1);
    expect(csv(skip.stdout).map((r) => [r.status, r.error])).toEqual([
      ['error', 'conflict: "mine" points at https://first.example'],
      ['ok', ''],
      ['skipped', 'That alias is taken. Please choose another one.'],
    ]);
    expect(skip.stderr).toMatch(/^1 ok, 1 skipped, 1 error in /m);
    // The dry run looks the aliases up, saying so first, and reports the same.
    const dry = await shorty(['urls', 'import', path, '--if-exists', 'skip', '--dry-run']);
    expect(dry.exitCode).toBe(1);
    expect(dry.stderr).toMatch(/^--if-exists skip: looking up 3 aliases \(3 requests\), /m);
    expect(csv(dry.stdout).map((r) => [r.status, r.error])).toEqual([
      ['error', 'conflict: "mine" points at https://first.example'],
      ['skipped', '"other" already leads to this URL'],
      ['skipped', '"same" already leads to this URL'],
    ]);
    const fail = await shorty(['urls', 'import', path]);
    expect(fail.exitCode).toBe(1);
    expect(csv(fail.stdout).map((r) => r.status)).toEqual(['error', 'error', 'error']);
    expect(await shorty(['urls', 'import', path, '--if-exists', 'maybe'])).toMatchObject({ exitCode: 2 });
  });

  test('--dry-run --if-exists skip predicts the run for an alias the account holds on another domain', async () => {
    await sandbox.api('POST', '/domain/add', { domain: 'https://go.example' });
    await sandbox.api('POST', '/url/add', { url: 'https://a.example', custom: 'spring', domain: 'https://go.example' });
    await sandbox.api('POST', '/url/add', { url: 'https://b.example', custom: 'summer' });
    await sandbox.api('POST', '/url/add', { url: 'https://c.example', custom: 'autumn', domain: 'https://go.example' });
    const path = file(
      'domains.csv',
      'url,custom,domain\n' +
        'https://a.example,spring,\n' + // the same URL, but on go.example, not on the service's own domain
        'https://other.example,summer,https://go.example\n' + // held on the service's own domain
        'https://c.example,autumn,https://go.example\n' + // the same link, where the row puts it
        'https://d.example,winter,https://go.example\n', // free everywhere
    );
    const dry = await shorty(['urls', 'import', path, '--if-exists', 'skip', '--dry-run']);
    const live = await shorty(['urls', 'import', path, '--if-exists', 'skip']);
    // A skip's reason is the server's answer in the run, which the dry run cannot have.
    const outcomes = (res: CliResult) =>
      csv(res.stdout).map((r) => [r.status.replace('valid', 'ok'), r.status === 'skipped' ? 'skipped' : r.error]);
    expect(outcomes(live)).toEqual([
      ['error', `conflict: "spring" is taken by https://go.example/spring, which points at https://a.example/`],
      ['error', `conflict: "summer" is taken by ${sandbox.baseUrl}/summer, which points at https://b.example`],
      ['skipped', 'skipped'],
      ['ok', ''],
    ]);
    expect(outcomes(dry)).toEqual(outcomes(live));
    expect([dry.exitCode, live.exitCode]).toEqual([1, 1]);
    // Each alias where its row puts it, then on the account's other domain when it is free there.
    expect(dry.stderr).toMatch(
      /^--if-exists skip: looking up 4 aliases on the account's domains \(4 to 8 requests\), /m,
    );
  });

  test('one row check for import, its dry run and sync: a second row with an alias is invalid, naming the first', async () => {
    const path = file(
      'dup.csv',
      'url,custom,domain\nhttps://a.example,dup\nhttps://b.example,dup\nhttps://c.example,dup,https://go.example\n',
    );
    const error = 'the same alias as row 2: each alias names one link';
    const dry = await shorty(['urls', 'import', path, '--dry-run']);
    expect(dry.exitCode).toBe(1);
    expect(csv(dry.stdout).map((r) => [r.status, r.error])).toEqual([
      ['valid', ''],
      ['invalid', error],
      ['invalid', error],
    ]);
    const live = await shorty(['urls', 'import', path]);
    expect(live.exitCode).toBe(1);
    expect(csv(live.stdout).map((r) => [r.status, r.error])).toEqual([
      ['ok', ''],
      ['invalid', error],
      ['invalid', error],
    ]);
    expect((await creates()).map((c) => c.url)).toEqual(['https://a.example/']);
    const sync = await shorty(['urls', 'sync', path, '--dry-run']);
    expect(sync.stdout).toMatch(/^! row 3: the same alias as row 2: each alias names one link$/m);
  });
});
