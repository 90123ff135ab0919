// `urls get` / `qr get` through main(): the view on a terminal, the data shapes everywhere else,
// and --watch (redraws on a terminal, ndjson snapshots without one, Ctrl-C ends with 0).
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli.js';
import type { Host } from '../../src/context.js';
import { createTestIO } from '../../src/io.js';
import { tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, env, run } = useSandboxCli({ resetData: true, inProcess: true });

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

async function clickedLink(): Promise<{ id: number; shorturl: string }> {
  const { json } = await sandbox.api('POST', '/url/add', { url: 'https://example.com/watched', custom: 'watched' });
  await fetch(json.shorturl, {
    redirect: 'manual',
    headers: { 'user-agent': CHROME, referer: 'https://www.facebook.com/p', 'cf-ipcountry': 'CA' },
  });
  await fetch(json.shorturl, { redirect: 'manual', headers: { 'user-agent': CHROME, 'cf-ipcountry': 'CA' } });
  return json;
}

interface TerminalRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  sleeps: number[];
}

/**
 * main() with a terminal on stdout/stderr (or not), a sleep that records its intervals and
 * presses Ctrl-C at the `interruptAt`-th one.
 */
async function runOn(
  args: string[],
  opts: { tty: boolean; columns?: number; extraEnv?: Record<string, string>; interruptAt?: number },
): Promise<TerminalRun> {
  const io = await createTestIO({ tty: opts.tty, columns: opts.columns ?? 80 });
  const controller = new AbortController();
  const sleeps: number[] = [];
  const sleep: Host['sleep'] = async (ms, signal) => {
    if (ms >= 1000) sleeps.push(ms); // the watch's waits, not the limiter's pacing
    if (opts.interruptAt !== undefined && sleeps.length >= opts.interruptAt) controller.abort(new Error('interrupted'));
    if (signal?.aborted) throw signal.reason;
  };
  const exitCode = await main(args, {
    io,
    env: { ...env, SHORTY_CONFIG_DIR: tempDir('shorty-config-'), LANG: 'C.UTF-8', ...opts.extraEnv },
    now: () => Date.now(),
    sleep,
    signal: controller.signal,
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { exitCode, stdout: io.out(), stderr: io.err(), sleeps };
}

describe('urls get', () => {
  test('on a terminal: the view with its charts, fitted to the width', async () => {
    const link = await clickedLink();
    const res = await runOn(['urls', 'get', String(link.id)], { tty: true, columns: 80, extraEnv: { NO_COLOR: '1' } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain(`${link.shorturl} → https://example.com/watched`);
    expect(res.stdout).toMatch(/Clicks +2 +\(1 unique\)/);
    expect(res.stdout).toMatch(/Top countries\n +Canada +█+ +2 +100%/);
    expect(res.stdout).toMatch(/Top referrers\n +direct +█+ +1 +50%\n +www\.facebook\.com +█+ +1 +50%/);
    expect(res.stdout).toMatch(/Social networks\n +facebook +█+ +1 +100%/);
    expect(res.stdout).not.toContain('\x1b');
    expect(Math.max(...res.stdout.split('\n').map((l) => [...l].length))).toBeLessThanOrEqual(80);
  });

  test('on a terminal, -o json, --fields and -q keep their data shapes', async () => {
    const link = await clickedLink();
    const json = await runOn(['urls', 'get', String(link.id), '-o', 'json'], { tty: true });
    expect(JSON.parse(json.stdout)).toMatchObject({ id: link.id, clicks: 2, countries: { Canada: 2 } });
    const fields = await runOn(['urls', 'get', String(link.id), '--fields', 'clicks,countries.Canada'], {
      tty: true,
      extraEnv: { NO_COLOR: '1' },
    });
    expect(fields.stdout).toMatch(/clicks +│ 2/);
    expect(fields.stdout).toMatch(/countries\.Canada +│ 2/);
    expect(fields.stdout).not.toMatch(/Top countries/);
    const quiet = await runOn(['urls', 'get', String(link.id), '-q'], { tty: true });
    expect(quiet.stdout).toBe(`${link.shorturl}\n`);
  });

  test('piped: tsv as before', async () => {
    const link = await clickedLink();
    const res = await run(['urls', 'get', String(link.id)]);
    expect(res.stdout.split('\n')[0]).toBe(
      'id\talias\tshorturl\tlongurl\ttitle\tdescription\tclicks\tuniqueclicks\tdomain\texpiry\tdate' +
        '\tgeotarget\tdevicetarget\tcountries\treferrers\tbrowsers\tos\tsocial',
    );
  });
});

describe('--watch', () => {
  test('without a terminal: one ndjson snapshot per interval; Ctrl-C ends it with 0', async () => {
    const link = await clickedLink();
    const res = await runOn(['urls', 'get', String(link.id), '--watch', '10'], { tty: false, interruptAt: 3 });
    expect(res.exitCode, res.stderr).toBe(0);
    const snapshots = res.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(snapshots).toHaveLength(3);
    expect(snapshots[0]).toMatchObject({ id: link.id, alias: 'watched', clicks: 2 });
    expect(res.sleeps).toEqual([10_000, 10_000, 10_000]);
  });

  test('a link named by alias is looked up once, then read by id at each interval', async () => {
    const link = await clickedLink();
    await sandbox.admin.reset();
    const res = await runOn(['urls', 'get', 'watched', '--watch', '--fields', 'id'], { tty: false, interruptAt: 3 });
    expect(res.stdout).toBe(`{"id":${link.id}}\n`.repeat(3));
    const paths = (await sandbox.admin.requests()).map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(['GET /api/urls', `GET /api/url/${link.id}`, `GET /api/url/${link.id}`]);
  });

  test('--fields applies to each snapshot', async () => {
    const link = await clickedLink();
    const res = await runOn(['urls', 'get', String(link.id), '--watch', '--fields', 'alias,clicks'], {
      tty: false,
      interruptAt: 2,
    });
    expect(res.stdout).toBe('{"alias":"watched","clicks":2}\n{"alias":"watched","clicks":2}\n');
    expect(res.sleeps).toEqual([5000, 5000]);
  });

  test('on a terminal: the view is redrawn from the top-left corner each time', async () => {
    const link = await clickedLink();
    const res = await runOn(['urls', 'get', String(link.id), '--watch', '5'], { tty: true, interruptAt: 2 });
    expect(res.exitCode, res.stderr).toBe(0);
    const frames = res.stdout.split('\x1b[H\x1b[2J');
    expect(frames[0]).toBe('');
    expect(frames.slice(1)).toHaveLength(2);
    for (const frame of frames.slice(1)) expect(frame).toMatch(/Top countries/);
  });

  test('faster than half the rate limit allows: raised, and stderr says so', async () => {
    const link = await clickedLink();
    const res = await runOn(['urls', 'get', String(link.id), '--watch', '1', '--rate-limit', '30/60s'], {
      tty: false,
      interruptAt: 1,
    });
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toMatch(
      /refreshing every 4s, not 1s: a watch takes at most half of the rate limit \(30 per 1m\)/,
    );
    expect(res.sleeps).toEqual([4000]);
  });

  test.each([['0'], ['-3'], ['soon']])('--watch %s is a usage error, nothing sent', async (value) => {
    await sandbox.admin.reset();
    const res = await run(['urls', 'get', '1', `--watch=${value}`]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: --watch takes a number of seconds above 0/);
    expect(await sandbox.admin.requests()).toEqual([]);
  });

  test('qr get --watch into a pipe: the record qr get prints, a line each, as --fields and -o say', async () => {
    const { json } = await sandbox.api('POST', '/qr/add', { type: 'link', data: 'https://example.com/flyer' });
    await fetch(json.link, { redirect: 'manual', headers: { 'user-agent': CHROME } });
    const args = ['qr', 'get', String(json.id), '--watch', '10'];
    const res = await runOn(args, { tty: false, interruptAt: 2 });
    const snapshots = res.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(snapshots).toHaveLength(2);
    expect(snapshots[1]).toMatchObject({ id: json.id, scans: 1, browsers: { Chrome: 1 } });
    const picked = await runOn([...args, '--fields', 'id,scans,clicks'], { tty: false, interruptAt: 2 });
    expect(picked.exitCode).toBe(0);
    const line = JSON.stringify({ id: json.id, scans: 1, clicks: 1 });
    expect(picked.stdout).toBe(`${line}\n${line}\n`);
    const tsv = await runOn([...args, '--fields', 'id,scans', '-o', 'tsv'], { tty: false, interruptAt: 2 });
    expect(tsv.stdout).toBe(`id\tscans\n${json.id}\t1\n${json.id}\t1\n`);
  });
});

describe('qr get', () => {
  test('on a terminal: the scans view and the code drawn; in the C locale, no drawing', async () => {
    const { json } = await sandbox.api('POST', '/qr/add', { type: 'link', data: 'https://example.com/flyer' });
    await fetch(json.link, { redirect: 'manual', headers: { 'user-agent': CHROME } });
    const utf8 = await runOn(['qr', 'get', String(json.id)], { tty: true, extraEnv: { NO_COLOR: '1' } });
    expect(utf8.stdout).toMatch(/Scans +1 +\(1 unique\)/);
    expect(utf8.stdout).toMatch(/Top browsers\n +Chrome +█+ +1 +100%/);
    expect(utf8.stdout).toMatch(/[▀▄█]{7}/);
    const ascii = await runOn(['qr', 'get', String(json.id)], { tty: true, extraEnv: { NO_COLOR: '1', LANG: 'C' } });
    expect(ascii.stdout).toMatch(/Top browsers\n +Chrome +#+ +1 +100%/);
    expect(ascii.stdout).toMatch(/^[\x20-\x7e\n]*$/);
  });
});
