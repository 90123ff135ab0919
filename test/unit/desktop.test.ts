// Which browser, which clipboard, how often a watch may fetch: decisions on plain data.
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { minimumWatchMs, parseWatchSeconds, watchIntervalMs } from '../../src/commands/shared/watch.js';
import { browserLauncher } from '../../src/desktop/browser.js';
import { findClipboard, osc52 } from '../../src/desktop/clipboard.js';

const URL_ = 'https://sho.rt/a?b=1&c=2';
const finder =
  (...present: string[]) =>
  (name: string) =>
    present.includes(name) ? `/bin/${name}` : undefined;

describe('browserLauncher', () => {
  test.each([
    ['firefox', ['firefox'], { command: '/bin/firefox', args: [URL_] }],
    ['firefox --new-tab', ['firefox'], { command: '/bin/firefox', args: ['--new-tab', URL_] }],
    ['lynx -dump %s', ['lynx'], { command: '/bin/lynx', args: ['-dump', URL_] }],
    ['nothere:chromium', ['chromium'], { command: '/bin/chromium', args: [URL_] }],
  ])('BROWSER=%s', (browser, present, launch) => {
    expect(browserLauncher({ BROWSER: browser }, 'linux', finder(...present))?.(URL_)).toEqual(launch);
  });

  test('the platform opener when BROWSER is unset or finds nothing', () => {
    expect(browserLauncher({ BROWSER: 'nothere' }, 'linux', finder('xdg-open'))?.(URL_)).toEqual({
      command: '/bin/xdg-open',
      args: [URL_],
    });
    expect(browserLauncher({}, 'darwin', finder('open'))?.(URL_)).toEqual({ command: '/bin/open', args: [URL_] });
    expect(browserLauncher({}, 'win32', finder('rundll32'))?.(URL_)).toEqual({
      command: '/bin/rundll32',
      args: ['url.dll,FileProtocolHandler', URL_],
    });
    expect(browserLauncher({}, 'linux', finder())).toBeUndefined();
  });
});

describe('clipboard', () => {
  const io = (stdoutIsTTY: boolean, stderrIsTTY: boolean) => ({
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    stdoutIsTTY,
    stderrIsTTY,
  });

  test('OSC 52 carries the text in base64; inside tmux it is passed through', () => {
    expect(osc52('https://sho.rt/a')).toBe(`\x1b]52;c;${Buffer.from('https://sho.rt/a').toString('base64')}\x07`);
    expect(osc52('x', true)).toBe('\x1bPtmux;\x1b\x1b]52;c;eA==\x07\x1b\\');
  });

  test('a terminal first (stderr before stdout), then the tool the display has', () => {
    const both = io(true, true);
    expect(findClipboard(both, {}, 'linux', finder())).toMatchObject({ kind: 'terminal', stream: both.stderr });
    const onlyOut = io(true, false);
    expect(findClipboard(onlyOut, {}, 'linux', finder())).toMatchObject({ kind: 'terminal', stream: onlyOut.stdout });
    const piped = io(false, false);
    expect(
      findClipboard(piped, { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' }, 'linux', finder('wl-copy', 'xclip')),
    ).toEqual({ kind: 'tool', tool: { command: '/bin/wl-copy', args: [] } });
    expect(findClipboard(piped, { DISPLAY: ':0' }, 'linux', finder('xsel'))).toEqual({
      kind: 'tool',
      tool: { command: '/bin/xsel', args: ['--clipboard', '--input'] },
    });
    expect(findClipboard(piped, {}, 'linux', finder('xclip'))).toBeUndefined();
    expect(findClipboard(piped, {}, 'darwin', finder('pbcopy'))).toEqual({
      kind: 'tool',
      tool: { command: '/bin/pbcopy', args: [] },
    });
  });
});

describe('watch interval', () => {
  test('at most half of the cap: 30/60s -> one fetch per 4 s', () => {
    expect(minimumWatchMs({ limit: 30, windowMs: 60_000 })).toBe(4000);
    expect(watchIntervalMs(10, { limit: 30, windowMs: 60_000 })).toEqual({ ms: 10_000, raised: false });
    expect(watchIntervalMs(2, { limit: 30, windowMs: 60_000 })).toEqual({ ms: 4000, raised: true });
    expect(watchIntervalMs(0.5, { limit: 1000, windowMs: 60_000 })).toEqual({ ms: 500, raised: false });
  });

  test('--watch alone is 5 s; a number of seconds; nothing else', () => {
    expect(parseWatchSeconds(undefined)).toBeUndefined();
    expect(parseWatchSeconds(true)).toBe(5);
    expect(parseWatchSeconds('2.5')).toBe(2.5);
    for (const bad of ['0', '-1', 'x', '', 'Infinity'])
      expect(() => parseWatchSeconds(bad)).toThrow(/--watch takes a number of seconds above 0/);
  });
});
