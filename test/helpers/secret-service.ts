import { execa, type ResultPromise } from 'execa';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * A real Secret Service for the keyring tests: a D-Bus session bus of the test's own (dbus-daemon)
 * and gnome-keyring-daemon on it, its login keyring created and unlocked with a password on stdin.
 * `env` points a process at it. Missing programs are a failure, not a skip: the test setup installs
 * them (scripts/test-deps.mjs).
 */
export interface SecretService {
  env: { DBUS_SESSION_BUS_ADDRESS: string };
  close(): Promise<void>;
}

export async function startSecretService(dir: string): Promise<SecretService> {
  const home = join(dir, 'home');
  const runtime = join(dir, 'run');
  mkdirSync(home, { recursive: true });
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  const bus: ResultPromise = execa(
    'dbus-daemon',
    ['--session', '--nofork', '--print-address=1', `--address=unix:path=${join(runtime, 'bus')}`],
    { stdin: 'ignore', stderr: 'ignore', reject: false },
  );
  // The bus is up when it prints its address.
  const address = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: bus.stdout! });
    lines.once('line', (line) => resolve(line.trim()));
    bus.once('exit', (code) => reject(new Error(`dbus-daemon exited (${code}) before it printed its address`)));
  });
  const env = { DBUS_SESSION_BUS_ADDRESS: address };
  // --daemonize returns once the daemon is on the bus; it exits with the bus.
  const keyring = await execa('gnome-keyring-daemon', ['--daemonize', '--unlock', '--components=secrets'], {
    input: 'test-keyring-password\n',
    env: { ...env, HOME: home, XDG_RUNTIME_DIR: runtime, XDG_DATA_HOME: join(home, 'data') },
    reject: false,
  });
  if (keyring.exitCode !== 0) {
    bus.kill();
    throw new Error(`gnome-keyring-daemon failed (exit ${keyring.exitCode}): ${keyring.stderr}`);
  }
  return {
    env,
    async close() {
      bus.kill();
      await bus;
    },
  };
}
