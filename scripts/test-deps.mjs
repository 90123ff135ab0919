// Run before `npm test`: the Redis rate-store tests start a real redis-server, the docs test
// renders every man page with groff, the completion tests drive real zsh and fish, the table
// width tests a real tmux, and the keyring tests a real Secret Service (gnome-keyring on a D-Bus
// session bus of their own) (Debian's packages). On a fresh machine where we are root with
// apt-get (CI, a container) they are installed; anywhere else the run stops with the one command
// to run.
import { spawnSync } from 'node:child_process';

const has = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

const NEEDED = [
  { command: 'redis-server', package: 'redis-server', brew: 'redis', why: 'the Redis rate-store tests' },
  { command: 'groff', package: 'groff-base', brew: 'groff', why: 'the man page test' },
  { command: 'zsh', package: 'zsh', brew: 'zsh', why: 'the completion tests' },
  { command: 'fish', package: 'fish', brew: 'fish', why: 'the completion tests' },
  { command: 'tmux', package: 'tmux', brew: 'tmux', why: 'the terminal width tests', version: ['-V'] },
  { command: 'dbus-daemon', package: 'dbus-daemon', why: 'the keyring tests' },
  { command: 'gnome-keyring-daemon', package: 'gnome-keyring', why: 'the keyring tests' },
];

const missing = NEEDED.filter((tool) => !has(tool.command, tool.version ?? ['--version']));
if (missing.length > 0) {
  const packages = missing.map((tool) => tool.package);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && has('apt-get', ['--version'])) {
    console.error(
      `test setup: installing ${packages.join(', ')} (Debian) for ${missing.map((t) => t.why).join(' and ')}`,
    );
    const steps = [
      ['apt-get', ['update', '-qq']],
      ['apt-get', ['install', '-y', '-qq', ...packages]],
    ];
    for (const [cmd, args] of steps) {
      const res = spawnSync(cmd, args, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (res.status !== 0) process.exit(res.status ?? 1);
    }
  } else {
    for (const tool of missing) {
      console.error(
        `test setup: ${tool.why} need ${tool.command}: install it (e.g. \`sudo apt-get install ${tool.package}\`${tool.brew ? `, \`brew install ${tool.brew}\`` : ''}) and run again`,
      );
    }
    process.exit(1);
  }
}
