// The built CLI in a real pseudo-terminal of 80×24 (util-linux `script`), against both sandbox
// flavours: lists keep the values people copy whole, `urls get --watch` redraws within the window
// (never scrolls), and a terminal that reports 0×0 falls back to COLUMNS and LINES.
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { REDRAW, shortyInTerminal } from '../helpers/terminal.js';
import { cellWidth } from '../../src/util/terminal-text.js';

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

describe.each(['v7', 'v6'] as const)('%s', (flavor) => {
  const { sandbox, env } = useSandboxCli({ flavor, clientRateLimit: '1000/60s' });

  /** `shorty ...args` in a pseudo-terminal sized by `stty`; with `frames`, Ctrl-C once that many were drawn. */
  const inTerminal = (args: string[], size: string, opts: { env?: Record<string, string>; frames?: number } = {}) =>
    shortyInTerminal(args, size, { ...env, ...opts.env }, opts.frames);

  async function clickedLink(custom: string) {
    const { json } = await sandbox.api('POST', '/url/add', {
      url: `https://example.com/a/long/path/to/${custom}/index.html?utm_source=newsletter`,
      custom,
      metatitle: `The ${custom} page`,
    });
    const agents = [
      'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    ];
    const countries = ['DE', 'JP', 'FR', 'US', 'BR', 'IN'];
    const referers = ['https://t.co/x', 'https://www.facebook.com/', 'https://news.example.org/', ''];
    for (let i = 0; i < countries.length; i++) {
      const headers: Record<string, string> = { 'user-agent': agents[i % 3], 'cf-ipcountry': countries[i] };
      if (referers[i % 4]) headers.referer = referers[i % 4];
      await fetch(json.shorturl, { redirect: 'manual', headers });
    }
    return json as { id: number; shorturl: string };
  }

  test('urls list in 80 columns: the alias and date make room, the long URL stays readable, said on stderr; piped, nothing cut', async () => {
    const link = await clickedLink(`list${flavor}`);
    const { exitCode, screen } = await inTerminal(['urls', 'list'], 'cols 80 rows 24');
    expect(exitCode, screen).toBe(0);
    const lines = plain(screen).trimEnd().split('\n');
    for (const line of lines) expect(cellWidth(line), line).toBeLessThanOrEqual(80);
    expect(plain(screen)).toMatch(/│ id +│ shorturl +│ longurl +│ clicks │/);
    const row = new RegExp(`│ ${link.id} +│ ${link.shorturl} +│ (https:[^│]*?) +│ \\d+ +│`).exec(plain(screen));
    expect(row, screen).not.toBeNull();
    expect(cellWidth(row![1])).toBeGreaterThanOrEqual(20);
    expect(plain(screen)).toContain('not shown at this width: alias, date (--fields brings them back)');
    const piped = await execa(process.execPath, [BIN, 'urls', 'list', '-o', 'table'], { env, reject: false });
    expect(piped.stdout).toContain('index.html?utm_source=newsletter');
    expect(piped.stdout).toContain(`list${flavor}`);
  });

  test('urls list in 40 columns: the short URLs whole, nothing past the width', async () => {
    const link = await clickedLink(`narrow${flavor}`);
    const { exitCode, screen } = await inTerminal(['urls', 'list'], 'cols 40 rows 24');
    expect(exitCode, screen).toBe(0);
    const table = plain(screen)
      .trimEnd()
      .split('\n')
      .filter((line) => /^[┌│├└]/.test(line));
    expect(table.length).toBeGreaterThan(3);
    for (const line of table) expect(cellWidth(line), line).toBeLessThanOrEqual(40);
    expect(plain(screen)).toContain(`│ ${link.shorturl} `);
    expect(plain(screen)).toContain('not shown at this width: id, alias, longurl, clicks, date (--fields brings');
  });

  test('urls list under LANG=C: an ASCII grid', async () => {
    await clickedLink(`ascii${flavor}`);
    const { exitCode, screen } = await inTerminal(['urls', 'list'], 'cols 120 rows 24', { env: { LANG: 'C' } });
    expect(exitCode, screen).toBe(0);
    expect(plain(screen)).toMatch(/^\+-+\+/m);
    expect(plain(screen)).not.toMatch(/[│┌─]/);
  });

  test('urls get --watch in 80×24 redraws within the window: title, short URL, target and totals', async () => {
    const link = await clickedLink(`watch${flavor}`);
    const { exitCode, screen } = await inTerminal(
      ['urls', 'get', String(link.id), '--watch', '0.2'],
      'cols 80 rows 24',
      {
        frames: 2,
      },
    );
    expect(exitCode, screen).toBe(0);
    const frames = screen.split(REDRAW).slice(1, 3);
    expect(frames).toHaveLength(2);
    for (const frame of frames) {
      const lines = plain(frame).replace(/\n$/, '').split('\n');
      expect(lines.length, frame).toBeLessThanOrEqual(23);
      for (const line of lines) expect(cellWidth(line), line).toBeLessThanOrEqual(80);
      expect(lines[0]).toBe(`The watch${flavor} page`);
      expect(lines[1]).toMatch(new RegExp(`^${link.shorturl} → https://example\\.com/`));
      expect(plain(frame)).toMatch(/Clicks +6 /);
      expect(plain(frame)).toMatch(/Top countries\n/);
    }
  });

  test('a terminal of 0×0 takes COLUMNS and LINES (else 80×24): no blank lines, whole dates', async () => {
    const link = await clickedLink(`zero${flavor}`);
    const { exitCode, screen } = await inTerminal(['urls', 'get', String(link.id)], 'cols 0 rows 0', {
      env: { COLUMNS: '120', LINES: '40' },
    });
    expect(exitCode, screen).toBe(0);
    const lines = plain(screen).replace(/\n$/, '').split('\n');
    expect(lines[0]).toBe(`The zero${flavor} page`);
    expect(lines[1]).toBe(
      `${link.shorturl} → https://example.com/a/long/path/to/zero${flavor}/index.html?utm_source=newsletter`,
    );
    expect(plain(screen)).toMatch(/Created +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(lines.length).toBeGreaterThan(23);
    expect(lines.length).toBeLessThanOrEqual(39);
  });
});
