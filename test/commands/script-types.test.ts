// Types scripts can trust: absent values are null in JSON (not ""), and an empty list in csv or
// tsv is its header row. Against both sandbox flavours, in process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

describe.each(['v7', 'v6'] as const)('%s', (flavor) => {
  const { run } = useSandboxCli({ flavor, inProcess: true, resetData: true });

  test('import results: null where a row has no link, no alias or no error', async () => {
    const file = join(tempDir(), 'links.csv');
    writeFileSync(file, 'url,custom\nhttps://example.com/ok,\nnot a url,bad\n');
    const res = await run(['urls', 'import', file, '-o', 'json']);
    const rows = JSON.parse(res.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    const [ok, bad] = rows;
    expect(ok).toMatchObject({ status: 'ok', id: expect.any(Number), error: null });
    expect(bad).toMatchObject({ id: null, shorturl: null, alias: 'bad', error: expect.any(String) });
    expect(bad.status).not.toBe('ok');
    const csv = await run(['urls', 'import', file, '--dry-run', '-o', 'csv']);
    expect(csv.stdout).not.toMatch(/null/);
  });

  test.each([
    ['urls', ['urls', 'list'], 'id,alias,shorturl,longurl,title,description,clicks,domain,date'],
    ['campaigns', ['campaigns', 'list'], /^id,name,/],
    ['qr', ['qr', 'list'], /^id,link,scans,name,date/],
  ])('an empty %s list in csv is its header', async (_name, args, header) => {
    if (args[0] === 'urls') {
      const existing = await run(['urls', 'list', '-q', '--all']);
      for (const short of existing.stdout.split('\n').filter(Boolean)) await run(['urls', 'delete', short, '-y']);
    }
    const res = await run([...(args as string[]), '-o', 'csv']);
    expect(res.exitCode, res.stderr).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(header);
    const tsv = await run([...(args as string[]), '-o', 'tsv']);
    expect(tsv.stdout.split('\n')[0]).toBe(lines[0].replace(/,/g, '\t'));
  });
});
