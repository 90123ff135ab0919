import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import type { StartedSandbox } from '../helpers/sandbox.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox: source } = useSandboxCli({ rateLimit: '100000/60s', resetData: true });
const { sandbox: target } = useSandboxCli({ rateLimit: '100000/60s', resetData: true });

function shorty(sandbox: StartedSandbox, args: string[], input?: string): Promise<CliResult> {
  return runInProcess(args, {
    input,
    env: { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey, SHORTY_RATE_LIMIT: '100000/60s' },
  });
}

async function seed(n: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    const extra = i % 3 === 0 ? { custom: `seed-${i}`, metatitle: `Title, ${i}` } : {};
    const res = await source.api('POST', '/url/add', { url: `https://export.example/${i}?a=b,c`, ...extra });
    expect(res.json.error).toBe(0);
  }
  await source.admin.reset();
}

const csv = (text: string): Record<string, string>[] => parse(text, { columns: true });

describe('urls export', () => {
  test('N links cost ceil(N / page size) requests, each asking for the page size', async () => {
    await seed(7);
    const res = await shorty(source, ['urls', 'export', '--page-size', '3']);
    expect(res.exitCode).toBe(0);
    const rows = csv(res.stdout);
    expect(rows).toHaveLength(7);
    expect(Object.keys(rows[0])).toEqual([
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
    ]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(7);
    const requests = await source.admin.requests();
    expect(requests.map((r) => [r.method, r.path, r.query.limit, r.query.page])).toEqual([
      ['GET', '/api/urls', '3', '1'],
      ['GET', '/api/urls', '3', '2'],
      ['GET', '/api/urls', '3', '3'],
    ]);
    expect(res.stderr).toMatch(/^7 links exported in 3 requests/m);
  });

  test('the default page size takes everything in one request; -o ndjson', async () => {
    await seed(4);
    const res = await shorty(source, ['urls', 'export', '-o', 'ndjson']);
    expect(res.exitCode).toBe(0);
    const rows = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      longurl: expect.stringMatching(/^https:\/\/export\.example\//),
      clicks: 0,
      domain: '',
      // What the list's items lack is null in JSON, never an empty string.
      uniqueclicks: null,
      expiry: null,
    });
    expect((await source.admin.requests()).map((r) => r.query.limit)).toEqual(['500']);
  });

  test('no links: a header only, one request', async () => {
    const res = await shorty(source, ['urls', 'export']);
    expect(res).toMatchObject({
      exitCode: 0,
      stdout: 'id,alias,shorturl,longurl,title,description,clicks,uniqueclicks,domain,expiry,date\n',
    });
    expect(await source.admin.requests()).toHaveLength(1);
  });

  test('export -> import -> export round trip into another server', async () => {
    await seed(6);
    const exported = await shorty(source, ['urls', 'export', '--page-size', '4']);
    const file = join(tempDir(), 'links.csv');
    writeFileSync(file, exported.stdout);

    const imported = await shorty(target, ['urls', 'import', file]);
    expect(imported.exitCode).toBe(0);
    expect(csv(imported.stdout).map((r) => r.status)).toEqual(Array(6).fill('ok'));
    expect((await target.admin.stats()).links).toBe(6);

    const again = await shorty(target, ['urls', 'export']);
    const pick = (rows: Record<string, string>[]) =>
      rows.map((r) => [r.longurl, r.alias, r.title, r.shorturl.replace(/^https?:\/\/[^/]+/, '')]).sort();
    expect(pick(csv(again.stdout))).toEqual(pick(csv(exported.stdout)));

    // Into the same server again: every alias exists, and --if-exists skip makes that clean.
    const repeat = await shorty(target, ['urls', 'import', file, '--if-exists', 'skip']);
    expect(repeat.exitCode).toBe(0);
    expect(csv(repeat.stdout).map((r) => r.status)).toEqual(Array(6).fill('skipped'));
    expect((await target.admin.stats()).links).toBe(6);
  });

  test('-o table is refused before any request', async () => {
    const res = await shorty(source, ['urls', 'export', '-o', 'table']);
    expect(res.exitCode).toBe(2);
    expect(await source.admin.requests()).toEqual([]);
  });
});
