// The progress bar is for people: drawn on stderr when it is a terminal, never into the data.
// util-linux `script` (in every Debian base system) gives the CLI a real pseudo-terminal.
import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { assertNoSecret, BIN, tempDir, usedSecrets } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const SCRIPT = '/usr/bin/script';
const { sandbox, run } = useSandboxCli({ rateLimit: '100000/60s', clientRateLimit: '100000/60s' });

function quote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

describe('urls import progress', () => {
  test('a terminal gets a progress bar with ETA on stderr; the results file gets only data', async () => {
    const dir = tempDir('shorty-progress-');
    const input = join(dir, 'urls.txt');
    const results = join(dir, 'results.ndjson');
    writeFileSync(input, Array.from({ length: 20 }, (_, i) => `https://example.com/p${i}`).join('\n'));
    usedSecrets.add(sandbox.apiKey);
    const command = [process.execPath, BIN, 'urls', 'import', input, '-o', 'ndjson'].map(quote).join(' ');
    const res = await execa(SCRIPT, ['-qec', `${command} > ${quote(results)}`, '/dev/null'], {
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        TERM: 'xterm',
        SHORTY_CONFIG_DIR: join(dir, 'config'),
        SHORTY_BASE_URL: sandbox.baseUrl,
        SHORTY_API_KEY: sandbox.apiKey,
        SHORTY_RATE_LIMIT: '100000/60s',
      },
      extendEnv: false,
      reject: false,
    });
    const terminal = String(res.stdout);
    assertNoSecret(['urls', 'import'], { stdout: terminal, stderr: String(res.stderr) });
    expect(res.exitCode, terminal).toBe(0);
    expect(terminal).toMatch(/importing .* 20\/20 .*ETA/);
    expect(terminal).toMatch(/20 ok in /);
    const rows = readFileSync(results, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.status === 'ok')).toBe(true);
  });

  test('a rate-limit wait shows in the bar line with the count and ETA; the terminal modes are left alone', async () => {
    const dir = tempDir('shorty-progress-wait-');
    const input = join(dir, 'urls.txt');
    writeFileSync(input, Array.from({ length: 4 }, (_, i) => `https://example.com/wait${i}`).join('\n'));
    usedSecrets.add(sandbox.apiKey);
    // Two in two seconds: the third row waits about two seconds, with the bar up.
    const command = [process.execPath, BIN, 'urls', 'import', input, '-o', 'ndjson', '--rate-limit', '2/2s']
      .map(quote)
      .join(' ');
    const res = await execa(SCRIPT, ['-qec', `${command} > /dev/null`, '/dev/null'], {
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        TERM: 'xterm',
        LANG: 'C.UTF-8',
        COLUMNS: '80',
        SHORTY_CONFIG_DIR: join(dir, 'config'),
        SHORTY_BASE_URL: sandbox.baseUrl,
        SHORTY_API_KEY: sandbox.apiKey,
      },
      extendEnv: false,
      reject: false,
    });
    const terminal = String(res.stdout);
    expect(res.exitCode, terminal).toBe(0);
    // Each redraw starts at the line's first column; one of them holds all four facts.
    const frames = terminal.split(/\r|\x1b\[\d*G/);
    expect(
      frames.some((f) => /^importing [█░]+ \d\/4 \| .* \| ETA .* \| waiting \d+s \(rate limit\)/.test(f)),
      terminal,
    ).toBe(true);
    expect(terminal).not.toContain('for the rate limit');
    // No hidden cursor, no line wrap turned off: a kill -9 or Ctrl-Z leaves nothing to reset.
    expect(terminal).not.toMatch(/\x1b\[\?(25l|7l)/);
  });

  test('piped stderr gets no progress bar, only the plan and the summary', async () => {
    const res = await run(['urls', 'import', '-', '-o', 'ndjson'], {
      input: 'https://example.com/a\nhttps://example.com/b\n',
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).not.toMatch(/importing|ETA|\x1b\[/);
    expect(res.stderr).toMatch(/2 ok in /);
  });
});
