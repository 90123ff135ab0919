// `urls list` as a person sees it: the built CLI in a tmux window of 40 and of 80 columns, the
// screen read back from tmux. A line longer than the window would wrap there onto a second screen
// line, which a table line must never do. The end of the command is an event (tmux wait-for).
import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { assertNoSecret, BIN, tempDir, usedSecrets } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
const dir = tempDir('shorty-tmux-');
const socket = `shorty-test-${process.pid}`;

afterAll(async () => {
  await execa('tmux', ['-L', socket, 'kill-server'], { reject: false, env: { TMUX_TMPDIR: dir } });
});

describe('urls list in a tmux window', () => {
  const { sandbox, env } = useSandboxCli({ clientRateLimit: '1000/60s' });

  /** The screen of a tmux window `columns` wide after `shorty urls list` ran in it. */
  async function screenAt(columns: number, shortUrlBase: string): Promise<string> {
    usedSecrets.add(sandbox.apiKey);
    const channel = `done-${columns}`;
    const command = `${[process.execPath, BIN, 'urls', 'list'].map(quote).join(' ')}; tmux wait-for -S ${channel}; sleep 600`;
    const tmuxEnv = { TMUX_TMPDIR: dir, PATH: process.env.PATH ?? '' };
    const shell = [
      'env',
      `HOME=${dir}`,
      'TERM=xterm',
      'LANG=C.UTF-8',
      `SHORTY_CONFIG_DIR=${join(dir, `config-${columns}`)}`,
      `SHORTY_BASE_URL=${env.SHORTY_BASE_URL}`,
      `SHORTY_API_KEY=${env.SHORTY_API_KEY}`,
      `SHORTY_RATE_LIMIT=${env.SHORTY_RATE_LIMIT ?? '1000/60s'}`,
      'sh',
      '-c',
      quote(command),
    ].join(' ');
    const session = `w${columns}`;
    await execa(
      'tmux',
      ['-L', socket, '-f', '/dev/null', 'new-session', '-d', '-s', session, '-x', String(columns), '-y', '40', shell],
      { env: tmuxEnv, extendEnv: false },
    );
    // A signal sent before anyone waits is kept: this returns once the command has ended.
    await execa('tmux', ['-L', socket, 'wait-for', channel], { env: tmuxEnv, extendEnv: false });
    const { stdout } = await execa('tmux', ['-L', socket, 'capture-pane', '-p', '-t', session], {
      env: tmuxEnv,
      extendEnv: false,
    });
    assertNoSecret(['urls', 'list'], { stdout, stderr: '' });
    expect(stdout).toContain(shortUrlBase);
    return stdout;
  }

  test('at 40 and 80 columns every table line fits on one screen line', async () => {
    await sandbox.api('POST', '/url/add', {
      url: 'https://example.com/a/long/path/to/the/spring/campaign/index.html?utm_source=newsletter',
      custom: 'spring26',
    });
    for (const columns of [40, 80]) {
      const screen = await screenAt(columns, new URL(sandbox.baseUrl).host);
      const lines = screen.trimEnd().split('\n');
      const table = lines.filter((line) => /^[┌│├└]/.test(line));
      expect(table.length, screen).toBeGreaterThanOrEqual(5);
      // Every line of the grid ends with its border: nothing ran over onto the next screen line.
      for (const line of table) expect(line, screen).toMatch(/[┐│┤┘]$/);
      // The note is text, not a grid: the terminal may wrap it (tmux drops the space at the wrap).
      expect(lines.join('').replace(/\s/g, '')).toMatch(/notshownatthiswidth:.*\(--fieldsbringsthemback\)/);
      expect(screen).toContain('/spring26 ');
      if (columns === 80) expect(screen).toMatch(/│ https:\/\/example\.c\S*…\S*newsletter +│/);
    }
  });
});
