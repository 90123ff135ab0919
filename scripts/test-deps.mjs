// Run before `npm test`: the Redis rate-store tests start a real redis-server (Debian's package).
// On a fresh machine where we are root with apt-get (CI, a container) it is installed; anywhere
// else the run stops with the one command to run.
import { spawnSync } from 'node:child_process';

const has = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

if (!has('redis-server', ['--version'])) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && has('apt-get', ['--version'])) {
    console.error('test setup: installing redis-server (Debian package) for the Redis rate-store tests');
    const steps = [
      ['apt-get', ['update', '-qq']],
      ['apt-get', ['install', '-y', '-qq', 'redis-server']],
    ];
    for (const [cmd, args] of steps) {
      const res = spawnSync(cmd, args, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (res.status !== 0) process.exit(res.status ?? 1);
    }
  } else {
    console.error(
      'test setup: the Redis rate-store tests need redis-server: install it (e.g. `sudo apt-get install redis-server`, `brew install redis`) and run again',
    );
    process.exit(1);
  }
}
