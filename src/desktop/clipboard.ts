// `--copy`: the short URL on the clipboard. A terminal takes it as an OSC 52 sequence, which
// also works over SSH; without one, the platform's tool. Chosen before any request.
import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import type { Launch } from './browser.js';
import type { Finder } from './which.js';

export type Clipboard = { kind: 'terminal'; stream: Writable; wrapForTmux: boolean } | { kind: 'tool'; tool: Launch };

/** OSC 52 "set clipboard" with the text in base64; inside tmux, passed through to the outer terminal. */
export function osc52(text: string, wrapForTmux = false): string {
  const seq = `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
  return wrapForTmux ? `\x1bPtmux;${seq.replaceAll('\x1b', '\x1b\x1b')}\x1b\\` : seq;
}

interface Terminal {
  stdout: Writable;
  stderr: Writable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
}

/** The clipboard tools, in the order they are tried, with what each needs to work. */
function tools(env: Record<string, string | undefined>, platform: NodeJS.Platform): Launch[] {
  if (platform === 'darwin') return [{ command: 'pbcopy', args: [] }];
  if (platform === 'win32') return [{ command: 'clip', args: [] }];
  const found: Launch[] = [];
  if (env.WAYLAND_DISPLAY) found.push({ command: 'wl-copy', args: [] });
  if (env.DISPLAY)
    found.push(
      { command: 'xclip', args: ['-selection', 'clipboard'] },
      { command: 'xsel', args: ['--clipboard', '--input'] },
    );
  return found;
}

export function findClipboard(
  io: Terminal,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  find: Finder,
): Clipboard | undefined {
  // stderr first: stdout carries data, and the sequence is for the terminal, not for a reader.
  const wrapForTmux = Boolean(env.TMUX);
  if (io.stderrIsTTY) return { kind: 'terminal', stream: io.stderr, wrapForTmux };
  if (io.stdoutIsTTY) return { kind: 'terminal', stream: io.stdout, wrapForTmux };
  for (const tool of tools(env, platform)) {
    const command = find(tool.command);
    if (command) return { kind: 'tool', tool: { ...tool, command } };
  }
  return undefined;
}

export function copyTo(clipboard: Clipboard, text: string): Promise<void> {
  if (clipboard.kind === 'terminal') {
    return new Promise((resolve, reject) =>
      clipboard.stream.write(osc52(text, clipboard.wrapForTmux), (err) => (err ? reject(err) : resolve())),
    );
  }
  const { command, args } = clipboard.tool;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'ignore'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
    // A tool that dies before reading closes the pipe: its exit code tells, not an EPIPE crash.
    child.stdin.on('error', () => {});
    child.stdin.end(text);
  });
}
