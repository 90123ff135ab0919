// The built CLI (bin/shorty.js and dist/) as a real process: one use of each part the bundle
// loads apart from its main file (the HTTP client and every dependency imported on first use),
// so a packaging mistake fails here even though the tests of main() run from the sources. The
// sandbox chunk is started by test/sandbox/command-persistence.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { calls, useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, run, runLogged } = useSandboxCli({ resetData: true });

describe('the built CLI', () => {
  test('prints its version and its help without a config or a server', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await run(['--version'])).toMatchObject({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
    const help = await run(['urls', 'add', '--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('Examples:');
  });

  test('sends a request (the HTTP client) and prints the answer', async () => {
    const res = await runLogged(['urls', 'add', 'https://example.com/built', '--custom', 'built', '-q']);
    expect(res).toMatchObject({ exitCode: 0, stdout: `${sandbox.baseUrl}/built\n` });
    expect(calls(res.requests)).toEqual(['POST /api/url/add']);
  });

  test('prints a table (cli-table3, chalk) and a QR code (qrcode-terminal)', async () => {
    await sandbox.api('POST', '/url/add', { url: 'https://example.com/table', custom: 'tabled' });
    const table = await run(['urls', 'list', '-o', 'table']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/tabled/);
    const qr = await run(['urls', 'add', 'https://example.com/qr', '--qr', '-q']);
    expect(qr.exitCode, qr.stderr).toBe(0);
    expect(qr.stdout).toMatch(/[▀▄█]/);
  });

  test('imports a CSV file (csv-parse) and exports CSV (csv-stringify)', async () => {
    const file = join(tempDir(), 'links.csv');
    writeFileSync(file, 'url,custom\nhttps://example.com/csv,from-csv\n');
    const imported = await run(['urls', 'import', file]);
    expect(imported.exitCode, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^url,custom,row,status,/);
    const exported = await run(['urls', 'export']);
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(exported.stdout.split('\n')[0]).toBe(
      'id,alias,shorturl,longurl,title,description,clicks,uniqueclicks,domain,expiry,date',
    );
    expect(exported.stdout).toContain('from-csv');
  });

  test('writes and reads the config (conf)', async () => {
    const configDir = tempDir();
    expect((await run(['config', 'set', 'timeout', '4'], { configDir })).exitCode).toBe(0);
    expect(await run(['config', 'get', 'timeout'], { configDir })).toMatchObject({ exitCode: 0, stdout: '4\n' });
  });
});
