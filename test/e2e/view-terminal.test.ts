// Where a person sits: the built CLI's `urls get` in a real pseudo-terminal (util-linux `script`),
// --copy through that terminal (OSC 52), --watch stopped by Ctrl-C (the process and its signal
// are the subject there); --web with a recording BROWSER and --copy with a clipboard tool or
// neither, run in-process (the commands they start are the subject, not shorty's own process).
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startCli, tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { shortyInTerminal } from '../helpers/terminal.js';
import { until } from '../helpers/until.js';

const { sandbox, env, run } = useSandboxCli({ clientRateLimit: '1000/60s', inProcess: true });

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

async function clickedLink(custom: string): Promise<{ id: number; shorturl: string }> {
  const { json } = await sandbox.api('POST', '/url/add', { url: `https://example.com/${custom}`, custom });
  const visits: Record<string, string>[] = [
    {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
      referer: 'https://t.co/x',
      'cf-ipcountry': 'DE',
    },
    {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      'cf-ipcountry': 'JP',
    },
  ];
  for (const headers of visits) await fetch(json.shorturl, { redirect: 'manual', headers });
  return json;
}

/** `shorty ...args` in a pseudo-terminal of 80 columns; what the terminal received. */
const inTerminal = (args: string[]) => shortyInTerminal(args, 'cols 80 rows 60', env);

describe('in a terminal', () => {
  test('urls get draws the view in 80 columns, in colour', async () => {
    const link = await clickedLink('ptyview');
    const { exitCode, screen } = await inTerminal(['urls', 'get', String(link.id)]);
    expect(exitCode, screen).toBe(0);
    const plain = screen.replace(/\x1b\[\d+m/g, '');
    expect(plain).toContain(`${link.shorturl} → https://example.com/ptyview`);
    expect(plain).toMatch(/Top countries\n +Germany +█+ +1 +50%\n +Japan +█+ +1 +50%/);
    expect(plain).toMatch(/Top operating systems\n +iOS +█+ +1 +50%\n +Linux +█+ +1 +50%/);
    expect(plain).toMatch(/Social networks\n +twitter +█+ +1 +100%/);
    expect(screen).toMatch(/\x1b\[36m/);
    for (const line of plain.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
  });

  test('--copy sends the short URL to the terminal as OSC 52; stdout keeps the data', async () => {
    const link = await clickedLink('ptycopy');
    const { exitCode, screen } = await inTerminal(['urls', 'get', String(link.id), '--copy', '-q']);
    expect(exitCode, screen).toBe(0);
    expect(screen).toContain(`\x1b]52;c;${Buffer.from(link.shorturl).toString('base64')}\x07`);
    expect(screen).toContain(`${link.shorturl}\n`);
  });
});

describe('--watch', () => {
  test('piped: a snapshot per interval until Ctrl-C, then exit 0', async () => {
    const link = await clickedLink('watchme');
    // A short interval (the rate limit raised so that it allows one): Ctrl-C, not the wait, is the subject.
    const { child, result } = startCli(['urls', 'get', String(link.id), '--watch', '0.05'], {
      env: { ...env, SHORTY_RATE_LIMIT: '100000/60s' },
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').length > 2) child.kill('SIGINT');
    });
    const res = await result;
    expect(res.exitCode, res.stderr).toBe(0);
    const snapshots = res.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(snapshots.length).toBeGreaterThanOrEqual(2);
    for (const snapshot of snapshots) expect(snapshot).toMatchObject({ id: link.id, clicks: 2 });
  });
});

describe('--web', () => {
  test('runs BROWSER with the short URL, says so on stderr, stdout unchanged', async () => {
    const dir = tempDir('shorty-web-');
    const record = join(dir, 'argv.txt');
    const browser = join(dir, 'browser.sh');
    writeFileSync(
      browser,
      `#!/bin/sh\nprintf '%s\\n' "$@" > ${quote(record)}.tmp && mv ${quote(record)}.tmp ${quote(record)}\n`,
    );
    chmodSync(browser, 0o755);
    const res = await run(['urls', 'add', 'https://example.com/opened', '--web', '-o', 'json'], {
      env: { BROWSER: browser },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    const created = JSON.parse(res.stdout);
    expect(res.stderr).toContain(`Opening ${created.shorturl} in your browser.`);
    // The browser is started detached; wait until the script has written its arguments.
    await until(() => existsSync(record));
    expect(readFileSync(record, 'utf8')).toBe(`${created.shorturl}\n`);
  });

  test('no browser: exit 2 before any request, with a hint', async () => {
    await sandbox.admin.reset();
    const res = await run(['urls', 'add', 'https://example.com/never', '--web'], {
      env: { PATH: tempDir('shorty-empty-path-') },
    });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: --web: no browser found\nhint: set BROWSER/);
    expect(res.stdout).toBe('');
    expect(await sandbox.admin.requests()).toEqual([]);
  });
});

describe('--copy', () => {
  test('no terminal and no clipboard tool: exit 2 before any request, with a hint', async () => {
    await sandbox.admin.reset();
    const res = await run(['urls', 'add', 'https://example.com/never', '--copy'], {
      env: { PATH: tempDir('shorty-empty-path-'), DISPLAY: ':0' },
    });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(
      /^shorty: --copy: no clipboard: no terminal to copy through, and no clipboard tool found\nhint: /,
    );
    expect(await sandbox.admin.requests()).toEqual([]);
  });

  test('no terminal: the platform tool gets the short URL on stdin', async () => {
    const dir = tempDir('shorty-clip-');
    const record = join(dir, 'clipboard.txt');
    writeFileSync(join(dir, 'xclip'), `#!/bin/sh\n[ "$*" = "-selection clipboard" ] && cat > ${quote(record)}\n`);
    chmodSync(join(dir, 'xclip'), 0o755);
    const res = await run(['urls', 'add', 'https://example.com/clipped', '--copy', '-q'], {
      env: { PATH: `${dir}:/usr/bin:/bin`, DISPLAY: ':0' },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(readFileSync(record, 'utf8')).toBe(res.stdout.trimEnd());
  });

  test('a clipboard tool that fails: exit 1 naming it, the link printed all the same', async () => {
    const dir = tempDir('shorty-clip-');
    writeFileSync(join(dir, 'xclip'), '#!/bin/sh\nexit 3\n');
    chmodSync(join(dir, 'xclip'), 0o755);
    const res = await run(['urls', 'add', 'https://example.com/unclipped', '--copy', '-q'], {
      env: { PATH: dir, DISPLAY: ':0' },
    });
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w+\n$/);
    expect(res.stderr).toMatch(/^shorty: --copy: .*xclip exited with 3\n$/);
  });
});
